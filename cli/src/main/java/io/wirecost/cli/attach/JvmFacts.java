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
 * {@code MAIN-PID.jfr} (java.version, vm, java.home, command), read here into results.json's facts, and, when the
 * recording completed, the JVM's CPU time over it.
 *
 * @param facts what results.json keeps of the JVM; only the pid (from the name) when the file is missing
 * @param recordedCpuNanos the JVM's CPU time over its recording, as its agent wrote it; -1 where it did not (a JVM
 *     killed before, an agent of an older wirecost, an attached JVM)
 */
public record JvmFacts(Map<String, Object> facts, long recordedCpuNanos) {

    /** The agent's key for the JVM's CPU time over its recording, added when the recording completed. */
    private static final String RECORDED_CPU_NS = "recorded.cpu.ns";

    /** Reads the file beside {@code recording} once. */
    public static JvmFacts beside(Path recording) {
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("pid", pid(recording));
        Properties p = properties(recording);
        if (p == null) return new JvmFacts(facts, -1);
        for (String k : p.stringPropertyNames().stream().sorted().toList()) {
            if (!k.equals("pid") && !k.equals("sun.java.command") && !k.equals(RECORDED_CPU_NS))
                facts.put(k, p.getProperty(k));
        }
        String command = p.getProperty("sun.java.command", "");
        facts.put("command", command);
        facts.put("main_class", command.isBlank() ? "unknown" : command.trim().split("\\s+")[0]);
        return new JvmFacts(facts, cpuNanos(p));
    }

    private static long cpuNanos(Properties p) {
        try {
            return p.getProperty(RECORDED_CPU_NS) == null ? -1 : Long.parseLong(p.getProperty(RECORDED_CPU_NS));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** The properties beside {@code recording}; null when missing or unreadable. */
    private static Properties properties(Path recording) {
        Path file = recording.resolveSibling(stem(recording) + ".properties");
        if (!Files.isRegularFile(file)) return null;
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(r);
        } catch (IOException e) {
            return null;
        }
        return p;
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
