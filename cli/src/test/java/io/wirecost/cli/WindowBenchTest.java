package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wirecost bench window} on two small segments, one of async-profiler's with allocations (2.9's, from
 * attribution/src/test/resources/recordings) and one of JDK Flight Recorder's: both readers ran, each printed its
 * median and counts, both counted the same samples, and the ratio's interval holds its estimate. The figures
 * themselves are a benchmark's, not asserted here.
 */
class WindowBenchTest {

    private static final Path ASYNC =
            Path.of("..", "attribution", "src", "test", "resources", "recordings", "ap29-cpu-alloc-lock.jfr");
    private static final Path JDK = Path.of("src", "test", "resources", "recordings", "workload-jdk.jfr");

    private static final Pattern READER = Pattern.compile(
            "^\\[(\\S+)] reader (\\S+): median ([0-9.]+) ms per window; cpu samples (\\d+), alloc samples (\\d+)$");
    private static final Pattern RATIO = Pattern.compile(
            "^\\[(\\S+)] wirecost / async-profiler, time per window: ([0-9.]+) \\(95 % CI ([0-9.]+) to ([0-9.]+), 5 rounds\\) after 2 warm-up reads each$");

    @TempDir
    Path dir;

    @Test
    void bothReadersReadEachSegmentAndCountTheSame() {
        InProcess.Outcome o = InProcess.run(
                "bench", "window", "--segments", ASYNC.toString(), JDK.toString(), "--rounds", "5", "--warmup", "2");
        assertEquals(0, o.exit(), o.stdout() + o.stderr());
        Map<String, Map<String, long[]>> counts = new HashMap<>();
        for (String line : o.stdout().lines().toList()) {
            Matcher m = READER.matcher(line);
            if (!m.matches()) continue;
            assertTrue(Double.parseDouble(m.group(3)) > 0, line);
            counts.computeIfAbsent(m.group(1), k -> new HashMap<>())
                    .put(m.group(2), new long[] {Long.parseLong(m.group(4)), Long.parseLong(m.group(5))});
        }
        assertEquals(Set.of("ap29-cpu-alloc-lock.jfr", "workload-jdk.jfr"), counts.keySet(), o.stdout());
        for (Map<String, long[]> readers : counts.values())
            assertEquals(Set.of("wirecost", "async-profiler"), readers.keySet(), "both readers ran: " + o.stdout());
        for (Map.Entry<String, Map<String, long[]>> e : counts.entrySet()) {
            long[] own = e.getValue().get("wirecost");
            long[] ref = e.getValue().get("async-profiler");
            assertEquals(ref[0], own[0], e.getKey() + ": cpu samples");
            assertEquals(ref[1], own[1], e.getKey() + ": alloc samples");
            assertTrue(own[0] > 0, e.getKey() + ": some cpu samples");
        }
        assertTrue(counts.get("ap29-cpu-alloc-lock.jfr").get("wirecost")[1] > 0, "allocations counted: " + o.stdout());
        List<String> ratios =
                o.stdout().lines().filter(l -> RATIO.matcher(l).matches()).toList();
        assertEquals(2, ratios.size(), o.stdout());
        for (String r : ratios) {
            Matcher m = RATIO.matcher(r);
            assertTrue(m.matches());
            double est = Double.parseDouble(m.group(2));
            assertTrue(
                    Double.parseDouble(m.group(3)) <= est && est <= Double.parseDouble(m.group(4)),
                    "estimate inside its interval: " + r);
        }
        assertEquals(
                2,
                o.stdout()
                        .lines()
                        .filter(l -> l.endsWith("counts per category, cpu and alloc: the same"))
                        .count(),
                o.stdout());
        assertTrue(o.stdout().contains("load average (1 min) at start"), o.stdout());
    }

    @Test
    void aSegmentNoReaderReadsIsOneLineNamingIt() throws Exception {
        Path text = Files.writeString(dir.resolve("notes.jfr"), "not a recording\n");
        InProcess.Outcome o = InProcess.run("bench", "window", "--segments", text.toString(), "--rounds", "2");
        assertEquals(2, o.exit(), o.stdout() + o.stderr());
        assertEquals(1, o.stderr().size(), String.join("\n", o.stderr()));
        assertTrue(
                o.stderr().get(0).startsWith("wirecost: --segments " + text),
                o.stderr().get(0));

        Path empty = Files.createDirectories(dir.resolve("empty"));
        o = InProcess.run("bench", "window", "--segments", empty.toString());
        assertEquals(2, o.exit(), o.stdout() + o.stderr());
        assertEquals(List.of("wirecost: --segments " + empty + ": no .jfr file in the directory"), o.stderr());
    }
}
