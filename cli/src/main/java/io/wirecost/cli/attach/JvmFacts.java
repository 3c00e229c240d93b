package io.wirecost.cli.attach;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/**
 * What a profiled JVM said about itself: the agent writes {@code MAIN-PID.properties} beside its
 * {@code MAIN-PID.jfr} (java.version, vm, java.home, command), read here into results.json's facts.
 */
public final class JvmFacts {

    private JvmFacts() {}

    /** The facts beside {@code recording}; only the pid (from the name) when the file is missing. */
    public static Map<String, Object> beside(Path recording) {
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("pid", pid(recording));
        Path file = recording.resolveSibling(stem(recording) + ".properties");
        if (!Files.isRegularFile(file)) return facts;
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(r);
        } catch (IOException e) {
            return facts;
        }
        for (String k : p.stringPropertyNames().stream().sorted().toList()) {
            if (!k.equals("pid") && !k.equals("sun.java.command")) facts.put(k, p.getProperty(k));
        }
        String command = p.getProperty("sun.java.command", "");
        facts.put("command", command);
        facts.put("main_class", command.isBlank() ? "unknown" : command.trim().split("\\s+")[0]);
        return facts;
    }

    /** MAIN of MAIN-PID.jfr. */
    public static String main(Path recording) {
        String s = stem(recording);
        int dash = s.lastIndexOf('-');
        return dash > 0 ? s.substring(0, dash) : s;
    }

    public static long pid(Path recording) {
        String s = stem(recording);
        try {
            return Long.parseLong(s.substring(s.lastIndexOf('-') + 1));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static String stem(Path recording) {
        String n = recording.getFileName().toString();
        return n.endsWith(".jfr") ? n.substring(0, n.length() - 4) : n;
    }
}
