package io.wirecost.scenarios.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A fresh JVM on this test's classpath running a probe's {@code main}, whose own log (the JVM's class-load or
 * compilation output) is what a test reads: the lines the probe printed between its two markers.
 */
final class ProbeJvm {

    private ProbeJvm() {}

    /**
     * Runs {@code main} with {@code jvmOptions} and {@code args}; the output between the lines {@code mark} and
     * {@code end}, which the probe prints around what the test is about. Fails the test if the probe does not exit 0
     * within a minute or does not print both markers.
     */
    static List<String> linesBetween(
            Class<?> main, List<String> jvmOptions, List<String> args, String mark, String end, Path log)
            throws Exception {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), main.getName()));
        command.addAll(args);
        // to a file, not a pipe: the JVM's log would fill a pipe nobody reads while the test waits with a timeout
        Process p = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("probe hung: " + Files.readString(log));
        }
        String out = Files.readString(log);
        assertEquals(0, p.exitValue(), out);
        int from = out.indexOf(mark);
        assertTrue(from >= 0 && out.contains(end), out);
        return out.substring(from, out.indexOf(end)).lines().toList();
    }

    /**
     * The methods whose C2 (tier 4) code {@code -XX:+PrintCompilation} lines say was made not entrant, e.g.
     * {@code "  1097  127       4       java.util...ReentrantLock::unlock (10 bytes)   made not entrant"}.
     */
    static List<String> c2MadeNotEntrant(List<String> printCompilationLines) {
        return printCompilationLines.stream()
                .filter(l -> l.endsWith("made not entrant"))
                .map(l -> List.of(l.trim().split("\\s+")))
                .filter(f -> f.contains("4"))
                .map(f -> f.stream().filter(w -> w.contains("::")).findFirst().orElse(""))
                .toList();
    }
}
