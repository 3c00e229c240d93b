package io.wirecost.agent;

import static io.wirecost.agent.HostJvm.scrape;
import static io.wirecost.agent.HostJvm.value;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wirecost.attribution.Attribution;
import io.wirecost.attribution.CategoryCounts;
import io.wirecost.attribution.RecordingReader;
import io.wirecost.attribution.RuleSet;
import io.wirecost.attribution.SampleMode;
import io.wirecost.attribution.StackClassifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The built agent jar attached to a real JVM that serializes in a loop: its endpoint must show that
 * work as serialization, live, while the host runs.
 */
class LiveMetricsIT {

    private static final String SAMPLE = "io.wirecost.agent.sample.BusySerializer";

    @TempDir
    Path tmp;

    @Test
    void asyncProfilerSamplesShowSerializationLiveAndTheKeptFileAgrees() throws Exception {
        int port = HostJvm.freePort();
        Path kept = tmp.resolve("kept.jfr");
        try (HostJvm host = HostJvm.start(
                tmp.resolve("async"),
                "metrics.port=" + port + ",metrics.period=1s,metrics.window=5s,metrics.artifacts=3,"
                        + "role=worker,labels=service:sample;run:it,file=" + kept,
                List.of(),
                SAMPLE,
                "8")) {
            // wait for the samples, not for a rate: a loaded machine gives the sample program less CPU per second
            Map<String, Double> m = scrapeUntil(
                    port,
                    s -> s.getOrDefault(
                                            "wirecost_agent_segments_total{role=\"worker\",run=\"it\",service=\"sample\"}",
                                            0.0)
                                    >= 3
                            && s.entrySet().stream()
                                    .anyMatch(e -> e.getKey().startsWith("wirecost_cpu_samples_total{")
                                            && e.getKey().contains("category=\"serialization-out\"")
                                            && e.getValue() > 50));

            double ser = value(
                    m,
                    "wirecost_cpu_samples_total",
                    "category=\"serialization-out\"",
                    "group=\"middleware\"",
                    "role=\"worker\"",
                    "service=\"sample\"",
                    "run=\"it\"");
            assertTrue(ser > 50, "serialization-out samples: " + ser);
            assertTrue(
                    value(m, "wirecost_category_share_ratio", "category=\"serialization-out\"") > 0.5,
                    "share over the window");
            // with its interval from the same window around it
            double share = value(m, "wirecost_category_share_ratio", "category=\"serialization-out\"");
            double low = value(m, "wirecost_category_share_ratio_ci_low", "category=\"serialization-out\"");
            double high = value(m, "wirecost_category_share_ratio_ci_high", "category=\"serialization-out\"");
            assertTrue(low <= share && share <= high && low < high, low + " " + share + " " + high);
            double middleware = m.entrySet().stream()
                    .filter(e -> e.getKey().startsWith("wirecost_category_share_ratio{")
                            && e.getKey().contains("group=\"middleware\""))
                    .mapToDouble(Map.Entry::getValue)
                    .sum();
            assertEquals(1.0, middleware, 1e-9, "middleware shares sum to 1");
            String info = m.keySet().stream()
                    .filter(k -> k.startsWith("wirecost_agent_info{"))
                    .findFirst()
                    .orElseThrow();
            assertTrue(
                    info.contains("engine=\"async-profiler 4.5\"")
                            && info.matches(".*event=\"(cpu|itimer)\".*")
                            && info.contains("interval_seconds=\"0.01\""),
                    info);
            assertTrue(value(m, "wirecost_agent_cpu_seconds_total") > 0, "own CPU time");
            assertTrue(value(m, "wirecost_agent_allocated_bytes_total") > 0, "own allocation");
            assertTrue(value(m, "wirecost_agent_profiler_memory_bytes") > 1_000_000, "async-profiler's native memory");
            double unsampled = value(m, "wirecost_agent_unsampled_seconds_total");
            // measured, and well under the 1 s segments even when restarts queue behind a loaded machine's other work
            // (about 15-30 ms a rotation when the machine is quiet)
            assertTrue(
                    unsampled > 0 && unsampled < 0.5 * value(m, "wirecost_agent_segments_total"),
                    "gaps per rotation: " + unsampled);
            for (String stage : AgentMetrics.STAGES)
                assertEquals(0.0, value(m, "wirecost_agent_errors_total", "stage=\"" + stage + "\""), stage);
            assertEquals(0.0, value(m, "wirecost_agent_samples_dropped_total"));
            // metrics.artifacts=3: at most three artifacts and other; serialization is the JDK's own code
            List<String> artifacts = m.keySet().stream()
                    .filter(k -> k.startsWith("wirecost_artifact_cpu_samples_total{"))
                    .toList();
            assertTrue(
                    artifacts.size() <= 4 && artifacts.stream().anyMatch(k -> k.contains("artifact=\"other\"")),
                    artifacts.toString());
            assertTrue(
                    value(m, "wirecost_artifact_cpu_samples_total", "artifact=\"java.base\"") > 50,
                    artifacts.toString());

            assertEquals(0, host.waitFor(60), host.err());
            assertTrue(host.out().startsWith("done "), host.out());
            double live = value(m, "wirecost_agent_samples_total");
            // every segment was appended to file=: a valid multi-chunk recording holding at least what was scraped
            CategoryCounts counts = new CategoryCounts(RuleSet.defaults().categories());
            var summary =
                    new RecordingReader(SampleMode.CPU).read(kept, new StackClassifier(RuleSet.defaults(), counts));
            assertTrue(summary.chunks() >= 3, "chunks: " + summary.chunks());
            Attribution whole = counts.toAttribution("kept");
            assertTrue(whole.totalSamples() >= live, whole.totalSamples() + " in the file vs " + live + " scraped");
            assertTrue(whole.percent("serialization-out") > 50, whole.toString());
            try (Stream<Path> left = Files.list(HostJvm.tmpdir(tmp.resolve("async")))) {
                assertEquals(
                        List.of(),
                        left.filter(p -> p.getFileName().toString().startsWith("wirecost-agent"))
                                .toList(),
                        "segments removed");
            }
        }
    }

    @Test
    void allocatedBytesByCategoryWithAlsoAlloc() throws Exception {
        int port = HostJvm.freePort();
        try (HostJvm host = HostJvm.start(
                tmp.resolve("alloc"),
                "also=alloc,metrics.port=" + port + ",metrics.period=1s,metrics.window=5s",
                List.of(),
                SAMPLE,
                "8")) {
            // the sample serializes in a loop: the streams' buffers and block data are where its bytes go
            Map<String, Double> m = scrapeUntil(
                    port,
                    s -> s.entrySet().stream()
                            .anyMatch(e -> e.getKey().startsWith("wirecost_allocated_bytes_total{")
                                    && e.getKey().contains("category=\"serialization-out\"")
                                    && e.getValue() > 0));
            assertTrue(value(m, "wirecost_allocated_bytes_total", "category=\"serialization-out\"") > 0, m.toString());
            assertEquals(0.0, value(m, "wirecost_agent_errors_total", "stage=\"read\""));
            assertEquals(0, host.waitFor(60), host.err());
        }
    }

    @Test
    void jfrEngineWithAUserRuleFile() throws Exception {
        Path rules = tmp.resolve("mine.rules");
        Files.writeString(rules, """
                category busy-loop group=middleware title="the sample's own loop"
                category serialization group=middleware
                category other group=middleware
                category jit group=jvm
                fallback other
                rule jit thread C2 Compiler*
                rule jit thread C1 Compiler*
                rule busy-loop method io.wirecost.agent.sample.BusySerializer.busy
                rule serialization package java.io
                """);
        int port = HostJvm.freePort();
        try (HostJvm host = HostJvm.start(
                tmp.resolve("jfr"),
                "engine=jfr,metrics.port=" + port + ",metrics.period=1s,rules=" + rules,
                List.of(),
                SAMPLE,
                "6")) {
            Map<String, Double> m = scrapeUntil(
                    port,
                    s -> s.keySet().stream()
                            .anyMatch(k -> k.startsWith("wirecost_cpu_samples_total{category=\"serialization\"")
                                    && s.get(k) >= 20));
            assertTrue(value(m, "wirecost_category_share_ratio", "category=\"serialization\"") > 0.5, m.toString());
            // the rule file layers over the built-in rules, as `wirecost attribute --rules` layers it: its own
            // category is there beside the defaults
            assertTrue(
                    m.keySet().stream()
                            .anyMatch(k -> k.startsWith("wirecost_cpu_samples_total{category=\"busy-loop\"")),
                    m.keySet().toString());
            assertTrue(
                    m.keySet().stream()
                            .anyMatch(k -> k.startsWith("wirecost_cpu_samples_total{category=\"socket-write\"")),
                    m.keySet().toString());
            String info = m.keySet().stream()
                    .filter(k -> k.startsWith("wirecost_agent_info{"))
                    .findFirst()
                    .orElseThrow();
            assertTrue(info.contains("engine=\"jfr ") && info.contains("event=\"execution-sample\""), info);
            assertEquals(0, host.waitFor(60), host.err());
        }
    }

    @Test
    void manualSessionsLikeTheScenarioHarnessAreCountedWhenTheyStop() throws Exception {
        int port = HostJvm.freePort();
        Path recording = tmp.resolve("phase.jfr");
        try (HostJvm host = HostJvm.start(
                tmp.resolve("manual"),
                "start=manual,metrics.port=" + port,
                List.of("-Dlinger.ms=20000"),
                SAMPLE,
                "3",
                recording.toString())) {
            Map<String, Double> m =
                    scrapeUntil(port, s -> s.getOrDefault("wirecost_agent_segments_total{role=\"app\"}", 0.0) >= 1);
            assertTrue(value(m, "wirecost_cpu_samples_total", "category=\"serialization-out\"") > 20, m.toString());
            assertTrue(Files.size(recording) > 1000, "the harness's file is complete and kept");
            assertTrue(host.out().contains("start: async-profiler"), host.out());
            host.process.destroy();
        }
    }

    /** Scrapes every 250 ms until the condition holds (at most 30 s); the host must keep running meanwhile. */
    private static Map<String, Double> scrapeUntil(int port, Predicate<Map<String, Double>> done)
            throws InterruptedException {
        // a bound on waiting for samples, not a rate: on a loaded 2-core CI machine the sample program got
        // 42 serialization samples in 30 s (JIT threads took half the CPU), so allow 90
        long end = System.nanoTime() + 90_000_000_000L;
        Map<String, Double> last = null;
        while (System.nanoTime() < end) {
            Map<String, Double> s = scrape(port);
            if (s != null) {
                last = s;
                if (done.test(s)) return s;
            }
            Thread.sleep(250);
        }
        throw new AssertionError("condition not met within 90 s; last scrape: " + last);
    }
}
