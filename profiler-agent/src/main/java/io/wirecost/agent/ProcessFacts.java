package io.wirecost.agent;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Properties;

/**
 * Names a JVM's recording by its main class and pid ({@code App-4242}), and writes beside it what the
 * JVM is ({@code App-4242.properties}: java.version, vm, java.home, command), which {@code wirecost profile}
 * puts in results.json: it cannot ask the JVMs of a command that may have exited long ago.
 */
final class ProcessFacts {

    private static final String[] KEYS = {
        "java.version", "java.vendor", "java.vm.name", "java.vm.version", "java.home", "os.arch", "sun.java.command"
    };

    private ProcessFacts() {}

    /** MAIN-PID, MAIN the main class without its package (or the jar's name), safe as a file name. */
    static String name() {
        String command = System.getProperty("sun.java.command", "").trim();
        String main = command.isEmpty() ? "unknown" : command.split("\\s+")[0];
        main = main.substring(main.lastIndexOf('/') + 1);
        if (main.endsWith(".jar")) main = main.substring(0, main.length() - 4);
        else if (main.contains(".")) main = main.substring(main.lastIndexOf('.') + 1);
        main = main.replaceAll("[^A-Za-z0-9_.]", "_");
        return (main.isEmpty() ? "unknown" : main) + "-"
                + ProcessHandle.current().pid();
    }

    static void writeBeside(Path recording) throws IOException {
        Properties p = new Properties();
        for (String k : KEYS) p.setProperty(k, System.getProperty(k, ""));
        p.setProperty("pid", Long.toString(ProcessHandle.current().pid()));
        String f = recording.getFileName().toString();
        Path target = recording.resolveSibling(f.substring(0, f.length() - ".jfr".length()) + ".properties");
        Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
        try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
            p.store(w, "wirecost agent: the JVM that wrote the recording beside this file");
        }
        Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }
}
