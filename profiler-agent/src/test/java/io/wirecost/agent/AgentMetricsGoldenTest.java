package io.wirecost.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.wirecost.attribution.Attribution;
import io.wirecost.attribution.Category;
import io.wirecost.attribution.CategoryCounts;
import io.wirecost.attribution.RuleParser;
import io.wirecost.attribution.RuleSet;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The agent's exposition text, byte for byte, for known inputs: names, labels, help and types are API. */
class AgentMetricsGoldenTest {

    private static final RuleSet RULES = RuleParser.parse("""
            category rmi-transport group=middleware
            category serialization-out group=middleware
            category other group=middleware
            category jit group=jvm
            fallback other
            rule rmi-transport package sun.rmi.transport
            """, "golden.rules");

    /** Known values; the live session computes the same from recordings. */
    private record Fixed(long[] totals, Attribution window) implements AgentMetrics.Source {
        public List<Category> categories() {
            return RULES.categories();
        }

        public long samples(int i) {
            return totals[i];
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
            return 3;
        }

        public long errors(String stage) {
            return stage.equals("read") ? 1 : 0;
        }

        public long segmentsRead() {
            return 12;
        }

        public double unsampledSeconds() {
            return 0.025;
        }

        public double lastSegmentEpochSeconds() {
            return 1.7e9;
        }

        public long cpuNanos() {
            return 1_500_000_000L;
        }

        public long allocatedBytes() {
            return 4096;
        }

        public long profilerMemoryBytes() {
            return 28_000_000L;
        }
    }

    @Test
    void expositionTextIsStable() throws Exception {
        CategoryCounts window = new CategoryCounts(RULES.categories());
        window.add(0, 30); // rmi-transport
        window.add(1, 10); // serialization-out
        window.add(3, 10); // jit
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put("service", "demo");
        labels.put("run", "r1");
        PrometheusRegistry registry = new PrometheusRegistry();
        AgentMetrics.register(
                registry, new Fixed(new long[] {300, 100, 0, 100}, window.toAttribution("test")), "server", labels);

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrometheusTextFormatWriter.create().write(out, registry.scrape());
        assertEquals(GOLDEN, out.toString(StandardCharsets.UTF_8));
    }

    /** The same source with also=alloc: bytes by category, and nothing else changes. */
    private record Allocating(Fixed fixed, long[] bytes) implements AgentMetrics.Source {
        public List<Category> categories() {
            return fixed.categories();
        }

        public long samples(int i) {
            return fixed.samples(i);
        }

        public Attribution window() {
            return fixed.window();
        }

        public String engine() {
            return fixed.engine();
        }

        public String event() {
            return fixed.event();
        }

        public long intervalNs() {
            return fixed.intervalNs();
        }

        public long samplesDropped() {
            return fixed.samplesDropped();
        }

        public long errors(String stage) {
            return fixed.errors(stage);
        }

        public long segmentsRead() {
            return fixed.segmentsRead();
        }

        public double unsampledSeconds() {
            return fixed.unsampledSeconds();
        }

        public double lastSegmentEpochSeconds() {
            return fixed.lastSegmentEpochSeconds();
        }

        public long cpuNanos() {
            return fixed.cpuNanos();
        }

        public long allocatedBytes() {
            return fixed.allocatedBytes();
        }

        public long profilerMemoryBytes() {
            return fixed.profilerMemoryBytes();
        }

        public boolean countsAllocations() {
            return true;
        }

        public long allocatedBytes(int i) {
            return bytes[i];
        }
    }

    @Test
    void allocatedBytesByCategoryOnlyWhenAskedFor() throws Exception {
        CategoryCounts window = new CategoryCounts(RULES.categories());
        window.add(0, 30);
        window.add(1, 10);
        window.add(3, 10);
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put("service", "demo");
        labels.put("run", "r1");
        PrometheusRegistry registry = new PrometheusRegistry();
        Fixed fixed = new Fixed(new long[] {300, 100, 0, 100}, window.toAttribution("test"));
        AgentMetrics.register(registry, new Allocating(fixed, new long[] {524_288, 1_048_576, 0, 0}), "server", labels);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrometheusTextFormatWriter.create().write(out, registry.scrape());
        String text = out.toString(StandardCharsets.UTF_8);
        int from = text.indexOf("# HELP wirecost_allocated_bytes_total");
        int to = text.indexOf("# HELP", from + 1);
        assertEquals(ALLOCATED, text.substring(from, to));
        // everything else is the golden text of the default agent, byte for byte
        assertEquals(GOLDEN, text.substring(0, from) + text.substring(to));
    }

    @Test
    void endpointFamiliesOnlyWithEndpointsOn() throws Exception {
        CategoryCounts window = new CategoryCounts(RULES.categories());
        window.add(0, 30);
        Fixed fixed = new Fixed(new long[] {300, 100, 0, 100}, window.toAttribution("test"));
        AgentMetrics.Source endpoints = (AgentMetrics.Source) java.lang.reflect.Proxy.newProxyInstance(
                AgentMetrics.Source.class.getClassLoader(),
                new Class<?>[] {AgentMetrics.Source.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "countsEndpoints" -> true;
                    case "endpointRequests" -> Map.of("GET /orders/{id}", 40L);
                    case "endpointCpuSeconds" ->
                        Map.of(List.of("GET /orders/{id}", "json"), 0.5, List.of("(not attributed)", "jit"), 0.25);
                    default -> method.invoke(fixed, args);
                });
        PrometheusRegistry registry = new PrometheusRegistry();
        AgentMetrics.register(registry, endpoints, "server", Map.of());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrometheusTextFormatWriter.create().write(out, registry.scrape());
        String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(
                text.contains("wirecost_endpoint_requests_total{endpoint=\"GET /orders/{id}\",role=\"server\"} 40.0"),
                text);
        assertTrue(
                text.contains("wirecost_endpoint_cpu_seconds_total{category=\"json\",endpoint=\"GET /orders/{id}\","
                        + "role=\"server\"} 0.5"),
                text);
        assertTrue(
                text.contains("wirecost_endpoint_cpu_seconds_total{category=\"jit\",endpoint=\"(not attributed)\","
                        + "role=\"server\"} 0.25"),
                text);
        PrometheusRegistry plain = new PrometheusRegistry();
        AgentMetrics.register(plain, fixed, "server", Map.of());
        out.reset();
        PrometheusTextFormatWriter.create().write(out, plain.scrape());
        assertFalse(out.toString(StandardCharsets.UTF_8).contains("wirecost_endpoint"), "off by default");
    }

    private static final String ALLOCATED = """
            # HELP wirecost_allocated_bytes_total Bytes allocated in each category by the wirecost rules, as the profiler sampled them (also=alloc), since the agent started
            # TYPE wirecost_allocated_bytes_total counter
            wirecost_allocated_bytes_total{category="jit",group="jvm",role="server",run="r1",service="demo"} 0.0
            wirecost_allocated_bytes_total{category="other",group="middleware",role="server",run="r1",service="demo"} 0.0
            wirecost_allocated_bytes_total{category="rmi-transport",group="middleware",role="server",run="r1",service="demo"} 524288.0
            wirecost_allocated_bytes_total{category="serialization-out",group="middleware",role="server",run="r1",service="demo"} 1048576.0
            """;

    private static final String GOLDEN = """
            # HELP wirecost_agent_info The profiler behind the samples: engine, event actually sampled, sampling interval
            # TYPE wirecost_agent_info gauge
            wirecost_agent_info{engine="async-profiler 4.2",event="itimer",interval_seconds="0.01",role="server",run="r1",service="demo"} 1
            # HELP wirecost_agent_allocated_bytes_total Heap bytes allocated by the agent's own threads
            # TYPE wirecost_agent_allocated_bytes_total counter
            wirecost_agent_allocated_bytes_total{role="server",run="r1",service="demo"} 4096.0
            # HELP wirecost_agent_cpu_seconds_total CPU time of the agent's own threads (reading, classifying, serving); the profiler's signal handlers run in the host's threads
            # TYPE wirecost_agent_cpu_seconds_total counter
            wirecost_agent_cpu_seconds_total{role="server",run="r1",service="demo"} 1.5
            # HELP wirecost_agent_errors_total Errors while rotating, reading or appending recording segments
            # TYPE wirecost_agent_errors_total counter
            wirecost_agent_errors_total{role="server",run="r1",service="demo",stage="append"} 0.0
            wirecost_agent_errors_total{role="server",run="r1",service="demo",stage="read"} 1.0
            wirecost_agent_errors_total{role="server",run="r1",service="demo",stage="rotate"} 0.0
            # HELP wirecost_agent_last_segment_timestamp_seconds When the agent last read a segment, seconds since the epoch
            # TYPE wirecost_agent_last_segment_timestamp_seconds gauge
            wirecost_agent_last_segment_timestamp_seconds{role="server",run="r1",service="demo"} 1.7E9
            # HELP wirecost_agent_profiler_memory_bytes Native memory held by async-profiler (the mem_*_kb lines of its metrics command); absent for JFR
            # TYPE wirecost_agent_profiler_memory_bytes gauge
            wirecost_agent_profiler_memory_bytes{role="server",run="r1",service="demo"} 2.8E7
            # HELP wirecost_agent_samples_total Samples the agent read and attributed
            # TYPE wirecost_agent_samples_total counter
            wirecost_agent_samples_total{role="server",run="r1",service="demo"} 500.0
            # HELP wirecost_agent_samples_dropped_total Samples read from a segment that then failed to read whole, and so were not counted
            # TYPE wirecost_agent_samples_dropped_total counter
            wirecost_agent_samples_dropped_total{role="server",run="r1",service="demo"} 3.0
            # HELP wirecost_agent_segments_total Recording segments read
            # TYPE wirecost_agent_segments_total counter
            wirecost_agent_segments_total{role="server",run="r1",service="demo"} 12.0
            # HELP wirecost_agent_unsampled_seconds_total Time between stopping one segment and starting the next, when nothing was sampled
            # TYPE wirecost_agent_unsampled_seconds_total counter
            wirecost_agent_unsampled_seconds_total{role="server",run="r1",service="demo"} 0.025
            # HELP wirecost_category_share_ratio Share of each category over the sliding window: middleware categories of middleware samples (they sum to 1), jvm categories of all samples; absent while the window holds no sample
            # TYPE wirecost_category_share_ratio gauge
            wirecost_category_share_ratio{category="jit",group="jvm",role="server",run="r1",service="demo"} 0.2
            wirecost_category_share_ratio{category="other",group="middleware",role="server",run="r1",service="demo"} 0.0
            wirecost_category_share_ratio{category="rmi-transport",group="middleware",role="server",run="r1",service="demo"} 0.75
            wirecost_category_share_ratio{category="serialization-out",group="middleware",role="server",run="r1",service="demo"} 0.25
            # HELP wirecost_category_share_ratio_ci_high 95 % interval bound of wirecost_category_share_ratio (Wilson, over the window's samples)
            # TYPE wirecost_category_share_ratio_ci_high gauge
            wirecost_category_share_ratio_ci_high{category="jit",group="jvm",role="server",run="r1",service="demo"} 0.33037106046482023
            wirecost_category_share_ratio_ci_high{category="other",group="middleware",role="server",run="r1",service="demo"} 0.08762160245846368
            wirecost_category_share_ratio_ci_high{category="rmi-transport",group="middleware",role="server",run="r1",service="demo"} 0.8581288142561201
            wirecost_category_share_ratio_ci_high{category="serialization-out",group="middleware",role="server",run="r1",service="demo"} 0.4019396154853519
            # HELP wirecost_category_share_ratio_ci_low 95 % interval bound of wirecost_category_share_ratio (Wilson, over the window's samples)
            # TYPE wirecost_category_share_ratio_ci_low gauge
            wirecost_category_share_ratio_ci_low{category="jit",group="jvm",role="server",run="r1",service="demo"} 0.11243749964234824
            wirecost_category_share_ratio_ci_low{category="other",group="middleware",role="server",run="r1",service="demo"} 0.0
            wirecost_category_share_ratio_ci_low{category="rmi-transport",group="middleware",role="server",run="r1",service="demo"} 0.5980603845146479
            wirecost_category_share_ratio_ci_low{category="serialization-out",group="middleware",role="server",run="r1",service="demo"} 0.1418711857438798
            # HELP wirecost_cpu_samples_total CPU samples attributed to each category by the wirecost rules, since the agent started
            # TYPE wirecost_cpu_samples_total counter
            wirecost_cpu_samples_total{category="jit",group="jvm",role="server",run="r1",service="demo"} 100.0
            wirecost_cpu_samples_total{category="other",group="middleware",role="server",run="r1",service="demo"} 0.0
            wirecost_cpu_samples_total{category="rmi-transport",group="middleware",role="server",run="r1",service="demo"} 300.0
            wirecost_cpu_samples_total{category="serialization-out",group="middleware",role="server",run="r1",service="demo"} 100.0
            """;
}
