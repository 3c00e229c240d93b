package io.wirecost.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.wirecost.attribution.Attribution;
import io.wirecost.attribution.Category;
import io.wirecost.attribution.CategoryCounts;
import io.wirecost.attribution.RuleSet;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The opt-in artifact counter: at most N artifacts and other, counters that never go down, its exposition text. */
class ArtifactCountsTest {

    @Test
    void atMostTopArtifactsTheRestAsOtherAndNoSeriesEverGoesDown() {
        ArtifactCounts c = new ArtifactCounts(2);
        c.add(seg("java.base", 50, "com.sun.xml.ws:jaxws-rt:4.0.5", 30, "woodstox-core-7.2.0.jar", 20));
        assertEquals(seg("java.base", 50, "com.sun.xml.ws:jaxws-rt:4.0.5", 30, "other", 20), c.snapshot());
        // woodstox now leads, but the two places are taken: it stays in other, and no series shrinks
        c.add(seg("woodstox-core-7.2.0.jar", 90, "java.base", 5));
        assertEquals(seg("java.base", 55, "com.sun.xml.ws:jaxws-rt:4.0.5", 30, "other", 110), c.snapshot());
        ArtifactCounts one = new ArtifactCounts(1);
        one.add(seg("other", 7, "java.base", 3)); // a jar literally named "other" cannot take a place
        assertEquals(seg("java.base", 3, "other", 7), one.snapshot());
    }

    @Test
    void theOptionIsBoundedAndOffByDefault() {
        assertEquals(0, MetricsOptions.of(Map.of("metrics.port", "0")).artifactTop());
        assertEquals(
                10,
                MetricsOptions.of(Map.of("metrics.port", "0", "metrics.artifacts", "10"))
                        .artifactTop());
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> MetricsOptions.of(Map.of("metrics.port", "0", "metrics.artifacts", "5000")));
        assertEquals(
                "metrics.artifacts must be 0..100 (artifacts with a series of their own), got '5000'", e.getMessage());
    }

    @Test
    void expositionLines() throws Exception {
        RuleSet rules = RuleSet.defaults();
        ArtifactCounts counts = new ArtifactCounts(2);
        counts.add(seg("java.base", 50, "com.sun.xml.ws:jaxws-rt:4.0.5", 30, "woodstox-core-7.2.0.jar", 20));
        AgentMetrics.Source src = new Source(rules, counts, 2);
        assertEquals("""
                # HELP wirecost_artifact_cpu_samples_total CPU samples by the jar or JDK module of the leaf Java frame, since the agent started: the first 2 artifacts to lead a segment, every other one under artifact="other"
                # TYPE wirecost_artifact_cpu_samples_total counter
                wirecost_artifact_cpu_samples_total{artifact="com.sun.xml.ws:jaxws-rt:4.0.5",role="server",service="demo"} 30.0
                wirecost_artifact_cpu_samples_total{artifact="java.base",role="server",service="demo"} 50.0
                wirecost_artifact_cpu_samples_total{artifact="other",role="server",service="demo"} 20.0
                """, scrape(src, "wirecost_artifact"));
        // not asked for: no such family at all
        assertFalse(scrape(new Source(rules, counts, 0), "wirecost_").contains("wirecost_artifact"));
        assertTrue(scrape(new Source(rules, counts, 0), "wirecost_").contains("wirecost_cpu_samples_total"));
    }

    private static String scrape(AgentMetrics.Source src, String prefix) throws Exception {
        PrometheusRegistry registry = new PrometheusRegistry();
        AgentMetrics.register(registry, src, "server", Map.of("service", "demo"));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrometheusTextFormatWriter.create().write(out, registry.scrape(name -> name.startsWith(prefix)));
        return out.toString(StandardCharsets.UTF_8);
    }

    private static Map<String, Long> seg(Object... kv) {
        Map<String, Long> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) m.put((String) kv[i], ((Integer) kv[i + 1]).longValue());
        return m;
    }

    private record Source(RuleSet rules, ArtifactCounts counts, int top) implements AgentMetrics.Source {
        public List<Category> categories() {
            return rules.categories();
        }

        public long samples(int i) {
            return 0;
        }

        public Attribution window() {
            return new CategoryCounts(rules.categories()).toAttribution("test");
        }

        public String engine() {
            return "async-profiler 4.2";
        }

        public String event() {
            return "itimer";
        }

        public long intervalNs() {
            return 10_000_000L;
        }

        public long samplesDropped() {
            return 0;
        }

        public long errors(String stage) {
            return 0;
        }

        public long segmentsRead() {
            return 0;
        }

        public double unsampledSeconds() {
            return 0;
        }

        public double lastSegmentEpochSeconds() {
            return 0;
        }

        public long cpuNanos() {
            return 0;
        }

        public long allocatedBytes() {
            return 0;
        }

        public long profilerMemoryBytes() {
            return 0;
        }

        public int artifactTop() {
            return top;
        }

        public Map<String, Long> artifactSamples() {
            return counts.snapshot();
        }
    }
}
