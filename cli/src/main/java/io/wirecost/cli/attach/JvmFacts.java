package io.wirecost.cli.attach;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/** What a profiled JVM says about itself, for results.json: the JVM, its version and its main class. */
public final class JvmFacts {

    private static final String[] KEYS = {"java.version", "java.vendor", "java.vm.name", "java.vm.version", "java.home", "os.arch"};

    private JvmFacts() {
    }

    public static Map<String, Object> of(long pid, Properties p) {
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("pid", pid);
        for (String k : KEYS) facts.put(k, p.getProperty(k, ""));
        String command = p.getProperty("sun.java.command", "");
        facts.put("command", command);
        facts.put("main_class", mainClass(command));
        return facts;
    }

    /** The first word of sun.java.command: a class name, or a jar file when started with -jar. */
    static String mainClass(String command) {
        String first = command.isBlank() ? "unknown" : command.trim().split("\\s+")[0];
        int slash = first.lastIndexOf('/');
        return slash >= 0 ? first.substring(slash + 1) : first;
    }

    /** The main class without its package (App for com.example.App), safe as a file name. */
    public static String shortMain(Map<String, Object> facts) {
        String m = String.valueOf(facts.getOrDefault("main_class", "unknown"));
        if (m.endsWith(".jar")) m = m.substring(0, m.length() - 4);
        else if (m.contains(".")) m = m.substring(m.lastIndexOf('.') + 1);
        String safe = m.replaceAll("[^A-Za-z0-9_.]", "_");
        return safe.isEmpty() ? "unknown" : safe;
    }
}
