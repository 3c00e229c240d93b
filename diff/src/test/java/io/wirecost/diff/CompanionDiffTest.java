package io.wirecost.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** diff on runs made with --profile cpu,alloc,lock: allocation and lock-time shares are compared and shown, never gated. */
class CompanionDiffTest {

    @TempDir
    Path dir;

    /** A fixture run whose every repetition allocated {@code serializationBytes} of {@code 1000} middleware bytes in serialization. */
    private Path run(String name, double[] rtt, long[] serializationBytes) throws Exception {
        Path d = RunFixture.write(dir.resolve(name), rtt);
        String json = Files.readString(d.resolve("results.json"));
        for (int r = 0; r < rtt.length; r++) {
            String companions = "\"companions\":{\"alloc\":{\"middleware_samples\":1000,\"middleware_percent\":["
                    + "{\"category\":\"serialization-out\",\"samples\":" + serializationBytes[r] + "},"
                    + "{\"category\":\"application\",\"samples\":" + (1000 - serializationBytes[r]) + "}]}},";
            json = json.replace("\"repetition\":" + (r + 1) + ",", "\"repetition\":" + (r + 1) + "," + companions);
        }
        Files.writeString(d.resolve("results.json"), json);
        return d;
    }

    @Test
    void aDoubledSerializationShareIsReportedButDoesNotGate() throws Exception {
        RunData b = RunData.read(run("a", new double[] {50, 51, 49}, new long[] {200, 210, 190}));
        RunData c = RunData.read(run("b", new double[] {50, 51, 49}, new long[] {400, 410, 390}));
        List<DiffLine> measured = new RunDiff().compare(b, c);
        Gate.Result r = new Gate(new RunDiff.Thresholds(5, 2, 1), 0.05).judge(b, c, measured);
        List<DiffLine> alloc = r.lines().stream()
                .filter(l -> l.kind() == DiffLine.Kind.ALLOC_SHARE)
                .toList();
        assertEquals(2, alloc.size(), r.lines().toString());
        DiffLine ser = alloc.stream()
                .filter(l -> l.metric().equals("alloc/serialization-out"))
                .findFirst()
                .orElseThrow();
        assertEquals(20.0, ser.change(), 0.01, "20 % -> 40 % of middleware bytes");
        assertTrue(ser.pValue() < 0.001, "a steady doubling is significant on its own: p " + ser.pValue());
        assertTrue(alloc.stream().allMatch(l -> l.reason() == DiffLine.NotGating.INFORMATIONAL), alloc.toString());
        // outside Holm's family: only the deciding cost line (round trips' primitives' geometric mean) is tested
        assertEquals(1, r.testedLines());
        assertTrue(r.lines().stream().noneMatch(DiffLine::changed));
    }

    @Test
    void runsWithoutCompanionsHaveNoSuchLines() throws Exception {
        RunData b = RunData.read(RunFixture.write(dir.resolve("c"), new double[] {50}));
        assertTrue(new RunDiff()
                .compare(b, b).stream()
                        .noneMatch(l -> l.kind() == DiffLine.Kind.ALLOC_SHARE || l.kind() == DiffLine.Kind.LOCK_SHARE));
    }
}
