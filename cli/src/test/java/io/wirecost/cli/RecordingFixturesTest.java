package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The unit layer's recordings are checked in, so it starts no JVM to make them (RealRecordingsCliIT records
 * fresh ones with both profilers). {@code workload-jdk.jfr}: JDK Flight Recorder, execution samples only
 * every 10 ms, of {@code io.wirecost.cli.bench.Workload 5} on JDK 17 (69 samples, as {@code jfr summary}
 * counts them); {@code workload-jdk.collapsed}: the same samples as {@code wirecost flame -o} writes them.
 */
class RecordingFixturesTest {

    private static final Path DIR = Path.of("src/test/resources/recordings");
    private static final Path JFR = DIR.resolve("workload-jdk.jfr");
    private static final Path COLLAPSED = DIR.resolve("workload-jdk.collapsed");

    @TempDir
    Path tmp;

    private static Map<String, Long> samplesByCategory(Path input) {
        InProcess.Outcome o = InProcess.run("attribute", input.toString(), "--format", "csv");
        assertEquals(0, o.exit(), String.join("\n", o.stderr()));
        Map<String, Long> m = new LinkedHashMap<>();
        for (String line : o.stdout().lines().skip(1).toList()) {
            String[] f = line.split(",");
            if (f[0].equals("total")) continue; // the row that reconciles with the recording
            if (Long.parseLong(f[2]) > 0) m.put(f[0], Long.parseLong(f[2]));
        }
        return m;
    }

    @Test
    void theJfrFixtureAttributesAllItsSamples() {
        Map<String, Long> m = samplesByCategory(JFR);
        assertEquals(69L, m.values().stream().mapToLong(Long::longValue).sum(), "every execution sample counted: " + m);
        assertTrue(m.getOrDefault("application", 0L) > 0, "the workload's own frames: " + m);
    }

    @Test
    void theCollapsedFixtureHoldsTheSameSamplesAsTheRecording() throws Exception {
        assertEquals(samplesByCategory(JFR), samplesByCategory(COLLAPSED));
        // and the collapsed writer still writes exactly the checked-in file
        Path again = tmp.resolve("again.collapsed");
        InProcess.Outcome o = InProcess.run("flame", JFR.toString(), "-o", again.toString());
        assertEquals(0, o.exit(), String.join("\n", o.stderr()));
        assertEquals(
                Files.readAllLines(COLLAPSED).stream().sorted().toList(),
                Files.readAllLines(again).stream().sorted().toList());
    }
}
