package io.wirecost.agent;

import io.prometheus.metrics.core.metrics.CounterWithCallback;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.InfoSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.wirecost.attribution.Attribution;
import io.wirecost.attribution.Category;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The agent's metric families, computed at scrape time from a {@link Source}; registered into a
 * registry passed in (the agent's own, never client_java's default registry, which belongs to the host).
 *
 * <pre>
 * wirecost_cpu_samples_total{category="rmi-transport",group="middleware",role="server",service="demo"} 1234.0
 * wirecost_category_share_ratio{category="rmi-transport",group="middleware",role="server",service="demo"} 0.234
 * wirecost_agent_info{engine="async-profiler 4.5",event="itimer",interval_seconds="0.01",...} 1
 * wirecost_artifact_cpu_samples_total{artifact="com.sun.xml.ws:jaxws-rt:4.0.5",role="server",service="demo"} 68.0   (opt-in)
 * wirecost_artifact_cpu_samples_total{artifact="other",role="server",service="demo"} 12.0
 * </pre>
 *
 * Label values are bounded: categories come from the rule file, {@code stage} from a fixed list, and
 * role and static labels are fixed at start; {@code artifact} (opt-in) holds at most N values and {@code other}.
 * Nothing per thread or per stack becomes a label.
 */
final class AgentMetrics {

    /** What the metrics report; the live session implements it, tests give fixed values. */
    interface Source {
        List<Category> categories();

        /** Samples attributed to a category since the agent started. */
        long samples(int categoryIndex);

        /** Shares over the sliding window. */
        Attribution window();

        String engine();

        String event();

        long intervalNs();

        long samplesDropped();

        long errors(String stage);

        long segmentsRead();

        double unsampledSeconds();

        /** When the last segment was read, seconds since the epoch; 0 before the first. */
        double lastSegmentEpochSeconds();

        long cpuNanos();

        long allocatedBytes();

        long profilerMemoryBytes();

        /** Whether the agent counts allocated bytes by category ({@code also=alloc}); off by default. */
        default boolean countsAllocations() {
            return false;
        }

        /** Sampled bytes allocated in a category since the agent started; only when {@link #countsAllocations()}. */
        default long allocatedBytes(int categoryIndex) {
            return 0;
        }

        /** The OTLP sender, or null when the agent sends no profiles. */
        default OtlpShipper otlp() {
            return null;
        }

        /** Whether request boundaries are counted ({@code endpoints=on}). */
        default boolean countsEndpoints() {
            return false;
        }

        /** Requests per endpoint since the agent started. */
        default Map<String, Long> endpointRequests() {
            return Map.of();
        }

        /** CPU seconds per [endpoint, category] since the agent started; endpoint (not attributed) included. */
        default Map<List<String>, Double> endpointCpuSeconds() {
            return Map.of();
        }

        /** {@code metrics.artifacts=N}: how many artifacts get a series of their own; 0 (the default) disables the family. */
        default int artifactTop() {
            return 0;
        }

        /** CPU samples by artifact since the agent started: at most {@link #artifactTop()} artifacts, then {@code other}. */
        default Map<String, Long> artifactSamples() {
            return Map.of();
        }
    }

    /** Where the agent can fail while running; each is a fixed value of the {@code stage} label. */
    static final List<String> STAGES = List.of("rotate", "read", "append");

    private AgentMetrics() {}

    static void register(PrometheusRegistry registry, Source src, String role, Map<String, String> staticLabels) {
        Labels constant = constantLabels(role, staticLabels);
        List<Category> categories = src.categories();
        Families families = new Families(registry, constant);

        families.perCategory(
                categories,
                "wirecost_cpu_samples",
                "CPU samples attributed to each category by the wirecost rules, since the agent started",
                src::samples);
        if (src.countsAllocations()) {
            families.perCategory(
                    categories,
                    "wirecost_allocated_bytes",
                    "Bytes allocated in each category by the wirecost rules, as the profiler sampled them (also=alloc), "
                            + "since the agent started",
                    src::allocatedBytes);
        }

        registry.register(new WindowShares(src::window, constant));

        if (src.countsEndpoints()) {
            CounterWithCallback.builder()
                    .name("wirecost_endpoint_requests")
                    .help("Requests per endpoint (route template) that ended while the profiler sampled (endpoints=on)")
                    .labelNames("endpoint")
                    .constLabels(constant)
                    .callback(cb -> src.endpointRequests().forEach((e, n) -> cb.call(n, e)))
                    .register(registry);
            CounterWithCallback.builder()
                    .name("wirecost_endpoint_cpu_seconds")
                    .help(
                            "CPU seconds sampled within each endpoint's requests, by category; endpoint=\"(not attributed)\""
                                    + " is CPU no request ran on (endpoints=on)")
                    .labelNames("endpoint", "category")
                    .constLabels(constant)
                    .callback(cb -> src.endpointCpuSeconds().forEach((k, v) -> cb.call(v, k.get(0), k.get(1))))
                    .register(registry);
        }

        if (src.artifactTop() > 0) {
            CounterWithCallback.builder()
                    .name("wirecost_artifact_cpu_samples")
                    .help(
                            "CPU samples by the jar or JDK module of the leaf Java frame, since the agent started: the first "
                                    + src.artifactTop()
                                    + " artifacts to lead a segment, every other one under artifact=\"other\"")
                    .labelNames("artifact")
                    .constLabels(constant)
                    .callback(cb -> src.artifactSamples().forEach((artifact, n) -> cb.call(n, artifact)))
                    .register(registry);
        }

        registry.register(() -> InfoSnapshot.builder()
                .name("wirecost_agent")
                .help("The profiler behind the samples: engine, event actually sampled, sampling interval")
                .dataPoint(InfoSnapshot.InfoDataPointSnapshot.builder()
                        .labels(constant.merge(Labels.of(
                                "engine",
                                src.engine(),
                                "event",
                                src.event(),
                                "interval_seconds",
                                seconds(src.intervalNs()))))
                        .build())
                .build());

        families.counter("wirecost_agent_samples", "Samples the agent read and attributed", () -> {
            long sum = 0;
            for (int i = 0; i < categories.size(); i++) sum += src.samples(i);
            return sum;
        });
        families.counter(
                "wirecost_agent_samples_dropped",
                "Samples read from a segment that then failed to read whole, and so were not counted",
                src::samplesDropped);
        CounterWithCallback.builder()
                .name("wirecost_agent_errors")
                .help("Errors while rotating, reading or appending recording segments")
                .labelNames("stage")
                .constLabels(constant)
                .callback(cb -> {
                    for (String stage : STAGES) cb.call(src.errors(stage), stage);
                })
                .register(registry);
        families.counter("wirecost_agent_segments", "Recording segments read", src::segmentsRead);
        OtlpShipper otlp = src.otlp();
        if (otlp != null) {
            CounterWithCallback.builder()
                    .name("wirecost_otlp_dropped")
                    .help("OTLP profiles not delivered: queue_full (the Collector was down or slow and the queue "
                            + "capped in bytes was full), rejected (refused for good), encode (could not be built), exit (still "
                            + "queued when the JVM exited)")
                    .labelNames("reason")
                    .constLabels(constant)
                    .callback(cb -> {
                        for (String reason : OtlpShipper.REASONS) cb.call(otlp.dropped(reason), reason);
                    })
                    .register(registry);
            families.counter("wirecost_otlp_sent", "OTLP profiles the Collector accepted", otlp::sent);
            families.gauge(
                    "wirecost_otlp_queued_bytes",
                    "Bytes of OTLP profiles waiting for the Collector",
                    otlp::queuedBytes);
        }
        families.counter(
                "wirecost_agent_unsampled_seconds",
                "Time between stopping one segment and starting the next, when nothing was sampled",
                src::unsampledSeconds);
        families.gauge(
                "wirecost_agent_last_segment_timestamp_seconds",
                "When the agent last read a segment, seconds since the epoch",
                src::lastSegmentEpochSeconds);
        families.counter(
                "wirecost_agent_cpu_seconds",
                "CPU time of the agent's own threads (reading, classifying, serving); the profiler's signal handlers run in the host's threads",
                () -> src.cpuNanos() / 1e9);
        families.counter(
                "wirecost_agent_allocated_bytes",
                "Heap bytes allocated by the agent's own threads",
                src::allocatedBytes);
        families.gauge(
                "wirecost_agent_profiler_memory_bytes",
                "Native memory held by async-profiler (the mem_*_kb lines of its metrics command); absent for JFR",
                src::profilerMemoryBytes);
    }

    static Labels constantLabels(String role, Map<String, String> staticLabels) {
        Labels l = Labels.of("role", role);
        for (Map.Entry<String, String> e : staticLabels.entrySet()) l = l.add(e.getKey(), e.getValue());
        return l;
    }

    private static String seconds(long ns) {
        return String.format(Locale.ROOT, "%s", ns / 1e9);
    }
}
