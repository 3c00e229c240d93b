package io.wirecost.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C at many moments of a JVM that keeps rewriting its results: afterwards every file in the
 * directory is complete and no temporary file is left. Before the fix, the JVM's exit halted a write
 * between creating its temporary file and renaming it, and the {@code .tmp} stayed (issue 15).
 */
class AtomicFilesInterruptTest {

    /** Milliseconds after the first complete round; primes, so the moments fall on different phases of a write. */
    private static final int[] DELAYS_MILLIS = {0, 3, 11, 23, 41, 67, 97, 131, 173, 229, 293, 379, 467, 571};

    @TempDir
    Path dir;

    @Test
    void anInterruptAtAnyMomentLeavesOnlyCompleteFiles() throws Exception {
        assertFalse(InheritedSigint.ignored(), InheritedSigint.WHY);
        List<String> problems = new ArrayList<>();
        for (int delay : DELAYS_MILLIS) {
            Path run = Files.createDirectory(dir.resolve("interrupt-after-" + delay + "ms"));
            Process p = new ProcessBuilder(
                            Path.of(System.getProperty("java.home"), "bin", "java")
                                    .toString(),
                            "-cp",
                            System.getProperty("java.class.path"),
                            AtomicWriterLoop.class.getName(),
                            run.toString())
                    .redirectErrorStream(true)
                    .start();
            try {
                BufferedReader out =
                        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
                assertEquals("ready", out.readLine(), "the writer started");
                Thread.sleep(delay);
                new ProcessBuilder("kill", "-INT", String.valueOf(p.pid()))
                        .start()
                        .waitFor();
                assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the writer stops on SIGINT");
            } finally {
                p.destroyForcibly(); // a writer that did not stop would write on, on a CPU the next tests measure
            }
            problems.addAll(incompleteFiles(run));
        }
        assertEquals(List.of(), problems, "files left incomplete by an interrupt");
    }

    /** Every file of the directory that is a temporary file or does not end as its first line says. */
    private static List<String> incompleteFiles(Path run) throws Exception {
        List<String> bad = new ArrayList<>();
        try (Stream<Path> files = Files.list(run)) {
            for (Path f : files.sorted().toList()) {
                String where = run.getFileName() + "/" + f.getFileName();
                if (f.getFileName().toString().endsWith(".tmp")) {
                    bad.add(where + " (a temporary file)");
                    continue;
                }
                List<String> lines = Files.readAllLines(f, StandardCharsets.UTF_8);
                int expected = Integer.parseInt(lines.get(0).substring("lines ".length()));
                if (lines.size() != expected + 2 || !lines.get(lines.size() - 1).equals("END")) {
                    bad.add(where + " (cut after " + lines.size() + " of " + (expected + 2) + " lines)");
                }
            }
        }
        return bad;
    }
}
