package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wirecost attribute} on JDK recordings of execution samples without {@code jdk.CPULoad} events: no claim
 * about CPU contention either way, said once in each output (the table's notes, json's notes and the recordings'
 * verdicts, stderr beside csv). The verdict's figures are the engine's tests' (CpuContentionRecordingTest).
 */
class AttributeContentionTest {

    private static final String UNKNOWN = "contention unknown: the recording has no jdk.CPULoad events";

    @TempDir
    Path dir;

    @Test
    void noCpuLoadEventsIsSaidOnceInEveryFormat() throws Exception {
        Path a = dir.resolve("a.jfr");
        try (Recording r = new Recording()) {
            r.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(5));
            r.start();
            long end = System.nanoTime() + 1_000_000_000L;
            long x = 0;
            while (System.nanoTime() < end) x += String.valueOf(x).repeat(3).hashCode() & 0xff;
            r.stop();
            r.dump(a);
            assertTrue(x > 0);
        }
        Path b = Files.copy(a, dir.resolve("b.jfr"));

        CliProcess.Outcome table = CliProcess.run("attribute", a.toString(), b.toString());
        assertEquals(0, table.exit(), table.err());
        List<String> said =
                table.stdout().lines().filter(l -> l.contains("contention")).toList();
        assertEquals(1, said.size(), table.stdout());
        assertTrue(said.get(0).contains(UNKNOWN + " (a.jfr, b.jfr)"), said.get(0));

        CliProcess.Outcome json = CliProcess.run("attribute", a.toString(), "--format", "json");
        assertEquals(0, json.exit(), json.err());
        JsonNode root = new ObjectMapper().readTree(json.stdout());
        assertEquals(UNKNOWN, root.get("notes").get(0).asText());
        assertEquals(
                "UNKNOWN",
                root.get("recordings")
                        .get(0)
                        .get("cpuContention")
                        .get("verdict")
                        .asText());

        CliProcess.Outcome csv = CliProcess.run("attribute", a.toString(), "--format", "csv");
        assertEquals(0, csv.exit(), csv.err());
        assertEquals(List.of("wirecost: note: " + UNKNOWN), csv.stderr());
        assertTrue(csv.stdout().startsWith("category,percent,samples,group,ci_low,ci_high\n"), csv.stdout());
    }
}
