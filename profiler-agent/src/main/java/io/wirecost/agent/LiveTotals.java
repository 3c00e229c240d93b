package io.wirecost.agent;

import io.wirecost.attribution.Attribution;
import io.wirecost.attribution.Category;
import io.wirecost.attribution.CategoryCounts;
import io.wirecost.attribution.EndpointSink;
import io.wirecost.attribution.PackageProfile;
import io.wirecost.attribution.RuleSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * What the live session has counted since the agent started, as {@link AgentMetrics} reads it at scrape time: the
 * segments' categories, allocated bytes, artifacts and endpoints, the stages that failed and the time left
 * unsampled. The rest of a scrape (engine, the agent's own CPU and memory) it asks the profiler and the agent's
 * threads. The worker thread adds; the HTTP threads read.
 */
final class LiveTotals implements AgentMetrics.Source {

    private static final Logger LOG = AgentLog.LOG;

    private final AgentOptions options;
    private final ProfilerControl control;
    private final AgentThreads threads;
    /** otlp.endpoint: sends each segment's profile; null when not asked for. */
    private final OtlpShipper shipper;

    private final LiveCounts counts;
    /** Sampled bytes allocated per category since start, with also=alloc. */
    private final AtomicLongArray allocated;
    /** metrics.artifacts=N: the bounded artifact counter; null when not asked for. */
    private final ArtifactCounts artifactCounts;
    /** endpoints=on: CPU and requests per endpoint; null otherwise. */
    private final LiveEndpoints endpoints;

    private final AtomicLong dropped = new AtomicLong();
    private final AtomicLong segmentsRead = new AtomicLong();
    private final AtomicLong unsampledNanos = new AtomicLong();
    private final Map<String, AtomicLong> errors = new ConcurrentHashMap<>();
    private volatile double lastSegmentEpochSeconds = -1;

    LiveTotals(
            AgentOptions options, ProfilerControl control, AgentThreads threads, RuleSet rules, OtlpShipper shipper) {
        this.options = options;
        this.control = control;
        this.threads = threads;
        this.shipper = shipper;
        this.counts = new LiveCounts(
                rules.categories(),
                options.metrics() != null ? options.metrics().windowNs() : LiveSession.periodNs(options),
                System::nanoTime);
        this.allocated = new AtomicLongArray(rules.categories().size());
        this.artifactCounts = options.metrics() != null && options.metrics().artifactTop() > 0
                ? new ArtifactCounts(options.metrics().artifactTop())
                : null;
        for (String stage : AgentMetrics.STAGES) errors.put(stage, new AtomicLong());
        this.endpoints = options.endpoints() ? new LiveEndpoints(rules) : null;
    }

    /** A segment read whole: its categories, and the allocated bytes, artifacts and endpoints where counted. */
    void add(CategoryCounts c, CategoryCounts bytes, PackageProfile byArtifact, EndpointSink byEndpoint) {
        counts.add(c);
        if (bytes != null) for (int i = 0; i < allocated.length(); i++) allocated.addAndGet(i, bytes.samples(i));
        if (byArtifact != null) artifactCounts.add(artifactSamples(byArtifact));
        if (byEndpoint != null) endpoints.add(byEndpoint);
        segmentsRead.incrementAndGet();
        lastSegmentEpochSeconds = System.currentTimeMillis() / 1000.0;
    }

    /** A segment that failed part way: a segment counts whole or not at all, so what it counted is dropped. */
    void drop(CategoryCounts c) {
        long partial = 0;
        for (int i = 0; i < counts.categories().size(); i++) partial += c.samples(i);
        dropped.addAndGet(partial);
    }

    /** Time a rotation left the profiler stopped. */
    void unsampled(long gapNanos) {
        if (gapNanos > 0) unsampledNanos.addAndGet(gapNanos);
    }

    void fail(String stage, Throwable t) {
        errors.get(stage).incrementAndGet();
        LOG.log(Level.WARNING, "wirecost agent: " + stage + " failed: " + t.getMessage());
    }

    boolean countsArtifacts() {
        return artifactCounts != null;
    }

    /** The endpoint counts; null without endpoints=on. */
    LiveEndpoints endpoints() {
        return endpoints;
    }

    /** Samples by the leaf Java frame's artifact, as attribute --by artifact (the counter is opt-in). */
    private static Map<String, Long> artifactSamples(PackageProfile p) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (PackageProfile.Row r : p.top(Integer.MAX_VALUE)) out.put(r.packageName(), r.samples());
        return out;
    }

    // ---- AgentMetrics.Source

    @Override
    public boolean countsAllocations() {
        return options.extras().contains("alloc");
    }

    @Override
    public long allocatedBytes(int categoryIndex) {
        return allocated.get(categoryIndex);
    }

    @Override
    public List<Category> categories() {
        return counts.categories();
    }

    @Override
    public long samples(int categoryIndex) {
        return counts.total(categoryIndex);
    }

    @Override
    public int artifactTop() {
        return artifactCounts == null ? 0 : options.metrics().artifactTop();
    }

    @Override
    public boolean countsEndpoints() {
        return endpoints != null;
    }

    @Override
    public Map<String, Long> endpointRequests() {
        return endpoints == null ? Map.of() : endpoints.requests();
    }

    @Override
    public Map<List<String>, Double> endpointCpuSeconds() {
        return endpoints == null ? Map.of() : endpoints.cpuSeconds();
    }

    @Override
    public Map<String, Long> artifactSamples() {
        return artifactCounts == null ? Map.of() : artifactCounts.snapshot();
    }

    @Override
    public Attribution window() {
        return counts.window();
    }

    @Override
    public String engine() {
        return control.engineName();
    }

    @Override
    public String event() {
        return control.engineEvent();
    }

    @Override
    public long intervalNs() {
        return options.intervalNs();
    }

    @Override
    public long samplesDropped() {
        return dropped.get();
    }

    @Override
    public long errors(String stage) {
        return errors.get(stage).get();
    }

    @Override
    public long segmentsRead() {
        return segmentsRead.get();
    }

    @Override
    public double unsampledSeconds() {
        return unsampledNanos.get() / 1e9;
    }

    @Override
    public double lastSegmentEpochSeconds() {
        return lastSegmentEpochSeconds;
    }

    @Override
    public long cpuNanos() {
        return threads.cpuNanos();
    }

    @Override
    public long allocatedBytes() {
        return threads.allocatedBytes();
    }

    @Override
    public OtlpShipper otlp() {
        return shipper;
    }

    @Override
    public long profilerMemoryBytes() {
        return control.nativeMemoryBytes();
    }
}
