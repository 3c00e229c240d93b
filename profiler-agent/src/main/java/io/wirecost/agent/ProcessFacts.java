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

    /** The key of the process's CPU time over its recording, added when the recording completes. */
    static final String RECORDED_CPU_NS = "recorded.cpu.ns";

    static void writeBeside(Path recording) throws IOException {
        Properties p = new Properties();
        for (String k : KEYS) p.setProperty(k, System.getProperty(k, ""));
        p.setProperty("pid", Long.toString(ProcessHandle.current().pid()));
        store(p, beside(recording));
    }

    /**
     * Adds the process's CPU time over the recording to the facts beside it, where {@link #writeBeside} wrote them (a
     * recording of {@code dir=}); nothing otherwise.
     */
    static void addRecordedCpu(Path recording, long cpuNanos) throws IOException {
        Path target = beside(recording);
        if (!Files.isRegularFile(target)) return;
        Properties p = new Properties();
        try (java.io.Reader r = Files.newBufferedReader(target, StandardCharsets.UTF_8)) {
            p.load(r);
        }
        p.setProperty(RECORDED_CPU_NS, Long.toString(cpuNanos));
        store(p, target);
    }

    /**
     * The process's CPU time so far (user and system, every thread), ns; -1 where the platform does not say. Read from
     * the process handle rather than the management beans: nothing more is loaded into the host for it.
     */
    static long cpuNanos() {
        return ProcessHandle.current()
                .info()
                .totalCpuDuration()
                .map(java.time.Duration::toNanos)
                .orElse(-1L);
    }

    private static Path beside(Path recording) {
        String f = recording.getFileName().toString();
        return recording.resolveSibling(f.substring(0, f.length() - ".jfr".length()) + ".properties");
    }

    private static void store(Properties p, Path target) throws IOException {
        Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
        try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
            p.store(w, "wirecost agent: the JVM that wrote the recording beside this file");
        }
        Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }
}
