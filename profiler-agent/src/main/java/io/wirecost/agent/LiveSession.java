package io.wirecost.agent;

import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.wirecost.attribution.ArtifactIndex;
import io.wirecost.attribution.Attribution;
import io.wirecost.attribution.AttributionMode;
import io.wirecost.attribution.Attributor;
import io.wirecost.attribution.Category;
import io.wirecost.attribution.CategoryCounts;
import io.wirecost.attribution.FanOutSink;
import io.wirecost.attribution.PackageProfile;
import io.wirecost.attribution.RecordingException;
import io.wirecost.attribution.RuleSet;
import io.wirecost.attribution.SampleMode;
import io.wirecost.attribution.SampleSink;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Live metrics: every period the profiler's recording is rotated into a new segment file (a stop and a
 * start, a few milliseconds without sampling, counted in {@code wirecost_agent_unsampled_seconds}),
 * and the completed segment is counted by the CLI's own {@link Attributor} with the rules loaded as
 * {@code --rules} loads them, so the live view and {@code wirecost attribute} agree on the same samples.
 * Recordings of MBean sessions (the scenario harness's {@code start=manual}) are read when they stop.
 *
 * <p>Threads: {@code wirecost-agent-metrics} rotates and reads, {@code wirecost-agent-http*} serve
 * scrapes; all daemons. Segments live in an owner-only temporary directory and are deleted once read;
 * with {@code file=} they are appended to that file first (JFR chunks concatenate into a valid recording).
 */
final class LiveSession implements AgentMetrics.Source {

    private static final Logger LOG = AgentLog.LOG;

    private final AgentOptions options;
    private final ProfilerControl control;
    private final RuleSet rules;
    private final LiveCounts counts;
    /** Sampled bytes allocated per category since start, with also=alloc. */
    private final java.util.concurrent.atomic.AtomicLongArray allocated;

    private final AgentThreads threads = new AgentThreads();
    private final ScheduledExecutorService worker =
            Executors.newSingleThreadScheduledExecutor(threads.factory("metrics"));
    private final ExecutorService http = Executors.newFixedThreadPool(2, threads.factory("http"));
    private final Path segmentDir;
    private final AtomicLong segmentNumber = new AtomicLong();
    /**
     * At close, the longest wait for the last segment's append and read, then for the OTLP queue to drain. Both stay
     * inside the exit hook's own bound ({@code Agent.EXIT_WAIT_MS}): a JVM exits late by at most their sum, never
     * waits on a Collector that is down.
     */
    static final long CLOSE_READ_MS = 2_000, CLOSE_SEND_MS = 2_000;

    private final AtomicLong dropped = new AtomicLong();
    private final AtomicLong segmentsRead = new AtomicLong();
    private final AtomicLong unsampledNanos = new AtomicLong();
    private final Map<String, AtomicLong> errors = new ConcurrentHashMap<>();
    private volatile double lastSegmentEpochSeconds = -1;
    private volatile boolean closing;
    /** file= and wirecost attach's tap. */
    private final SegmentCopies copies;

    private HTTPServer server;
    /** The rotation of the running segmented session; guarded by rotationLock. */
    private java.util.concurrent.ScheduledFuture<?> rotation;

    private final Object rotationLock = new Object();
    /** otlp.endpoint: sends each segment's profile; null when not asked for. */
    private OtlpShipper shipper;
    /** metrics.artifacts=N: the bounded artifact counter; null when not asked for. */
    private final ArtifactCounts artifactCounts;
    /** Package to artifact of the classes loaded so far; worker thread only, refreshed when a package is new. */
    private Map<String, String> artifactOfPackage = Map.of();

    private boolean artifactsRefreshed;
    /** endpoints=on: CPU and requests per endpoint; null otherwise. */
    private final LiveEndpoints endpoints;

    private LiveSession(AgentOptions options, ProfilerControl control, RuleSet rules, Path segmentDir) {
        this.options = options;
        this.control = control;
        this.rules = rules;
        this.segmentDir = segmentDir;
        this.copies = new SegmentCopies(options.file(), this::fail);
        this.counts = new LiveCounts(
                rules.categories(),
                options.metrics() != null ? options.metrics().windowNs() : periodNs(options),
                System::nanoTime);
        this.allocated = new java.util.concurrent.atomic.AtomicLongArray(
                rules.categories().size());
        this.artifactCounts = options.metrics() != null && options.metrics().artifactTop() > 0
                ? new ArtifactCounts(options.metrics().artifactTop())
                : null;
        for (String stage : AgentMetrics.STAGES) errors.put(stage, new AtomicLong());
        this.endpoints = options.endpoints() ? new LiveEndpoints(rules) : null;
    }

    /**
     * Loads the rules and starts the endpoint. A bad rule file logs one warning and the built-in rules
     * count instead (the metrics stay useful, and the warning says why the user's categories are missing);
     * a port in use logs one warning and returns null: the host runs on, without metrics.
     */
    static LiveSession open(AgentOptions options, ProfilerControl control) throws Exception {
        RuleSet rules = rules(options);
        LiveSession s = new LiveSession(options, control, rules, Files.createTempDirectory("wirecost-agent-"));
        if (options.otlp() != null) s.shipper = OtlpSink.shipper(options.otlp(), s.threads);
        if (options.metrics() == null) {
            LOG.info("wirecost agent: OTLP profiles to " + options.otlp().endpoint() + " every "
                    + options.otlp().intervalNs() / 1_000_000_000L + " s");
            control.onCompleted(s::completed);
            return s;
        }
        PrometheusRegistry registry = new PrometheusRegistry();
        AgentMetrics.register(registry, s, options.metrics().role(), AgentIdentity.labels(options));
        try {
            // started from the agent's daemon thread: the JDK's HTTP-Dispatcher thread inherits daemon status
            s.server = s.worker
                    .submit(() -> MetricsServer.start(options.metrics(), registry, s.http))
                    .get(30, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException e) {
            s.shutdownThreads();
            s.deleteSegments();
            if (e.getCause() instanceof MetricsServer.PortInUseException p) {
                LOG.warning("wirecost agent: " + p.getMessage() + "; no metrics endpoint, the application continues"
                        + (options.startNow() && !options.keepsRecording() ? " unprofiled" : ""));
                if (s.shipper != null) s.shipper.close();
                return null;
            }
            throw e.getCause() instanceof Exception x ? x : e;
        }
        LOG.info("wirecost agent: metrics on " + (options.metrics().tlsKeystore() != null ? "https" : "http") + "://"
                + options.metrics().bind() + ":" + s.server.getPort() + "/metrics");
        control.onCompleted(s::completed);
        return s;
    }

    int port() {
        return server.getPort();
    }

    /**
     * start=now, or the MBean's startLive: a segmented session, rotated every period from now on. A session started
     * again after a stop gets a clock of its own, so its first window is a whole period too.
     */
    String startSegmented() {
        // a lock of its own, taken before the control's and never under it (append's is, through the listener)
        synchronized (rotationLock) {
            if (control.running()) return control.getStatus();
            String started = control.startSegmented(nextSegment());
            if (started.startsWith("error")) return started;
            if (rotation != null) rotation.cancel(false);
            long period = periodNs(options);
            rotation = worker.scheduleAtFixedRate(this::rotate, period, period, TimeUnit.NANOSECONDS);
            return started;
        }
    }

    /** Profiles the Collector accepted, or -1 without otlp.endpoint. */
    long profilesSent() {
        return shipper == null ? -1 : shipper.sent();
    }

    /** How often segments rotate: metrics.period, else otlp.interval (they agree when both are given). */
    private static long periodNs(AgentOptions options) {
        return options.metrics() != null
                ? options.metrics().periodNs()
                : options.otlp().intervalNs();
    }

    private Path nextSegment() {
        return segmentDir.resolve("segment-" + segmentNumber.incrementAndGet() + ".jfr");
    }

    /**
     * Starts copying this session's samples into {@code file} (wirecost attach with live metrics on): the
     * running segment is rotated first, so the file holds only samples taken from now on.
     */
    void tap(Path file) throws Exception {
        worker.submit(() -> {
                    copies.startTap(file, segmentNumber.get() + 1);
                    rotate();
                })
                .get(30, TimeUnit.SECONDS);
    }

    /**
     * Completes the tap: rotates so the segment running now is included, then waits until the worker
     * (one thread: it processes the completed segment before this task) has appended it.
     */
    void untap() throws Exception {
        worker.submit(this::rotate).get(30, TimeUnit.SECONDS);
        worker.submit(copies::stopTap).get(30, TimeUnit.SECONDS);
    }

    private void rotate() {
        try {
            long gap = control.rotate(nextSegment());
            if (gap > 0) unsampledNanos.addAndGet(gap);
        } catch (Throwable t) {
            fail("rotate", t);
        }
    }

    /** A completed recording, from rotate() or stop(); runs in the caller's thread, so it only queues. */
    private void completed(Path file, boolean segment) {
        try {
            worker.execute(() -> process(file, segment));
        } catch (RejectedExecutionException e) {
            if (segment) process(file, true); // shutting down: still append and delete, in this thread
        }
    }

    private void process(Path file, boolean segment) {
        if (segment) copies.copy(file);
        // at close only a window going out over OTLP is still read: the metrics end with the JVM
        if (!closing || shipper != null) read(file);
        if (segment) {
            try {
                Files.deleteIfExists(file);
                LiveEndpoints.delete(file);
            } catch (IOException e) {
                fail("append", e);
            }
        }
    }

    /**
     * The user's rules layered over the built-in ones, as {@code wirecost attribute --rules} layers them. A file
     * that cannot be used logs one warning and the built-in rules count instead: the metrics stay useful, and
     * the warning says why the user's categories are missing.
     */
    static RuleSet rules(AgentOptions options) {
        if (options.rules() == null) return RuleSet.defaults();
        try {
            return Attributor.rules(List.of(options.rules().toString()));
        } catch (RuntimeException e) {
            LOG.warning("wirecost agent: rules file " + options.rules() + " not used (" + e.getMessage()
                    + "); counting with the built-in rules");
            return RuleSet.defaults();
        }
    }

    /** How the agent counts a completed segment: the attribution entry point the CLI uses, in self mode. */
    static Attributor attributor(AgentOptions options, RuleSet rules) {
        return new Attributor(rules, sampleMode(options), AttributionMode.SELF);
    }

    static SampleMode sampleMode(AgentOptions options) {
        return SampleMode.ofProfiler(options.engine(), options.event());
    }

    private void read(Path file) {
        CategoryCounts c = new CategoryCounts(rules.categories());
        try {
            // one pass over the segment feeds every counter asked for: the categories, the artifacts (same
            // samples) and the allocated bytes (another event of the same pass)
            Attributor attributor = attributor(options, rules);
            PackageProfile byArtifact = artifactCounts == null ? null : new PackageProfile(this::artifactOf);
            CategoryCounts bytes = countsAllocations() ? new CategoryCounts(rules.categories()) : null;
            OtlpSink otlp = shipper == null ? null : new OtlpSink(rules, options, this::artifactOf);
            io.wirecost.attribution.EndpointSink byEndpoint = endpoints == null ? null : endpoints.sinkFor(file);
            List<SampleSink> alongside = new java.util.ArrayList<>();
            if (byArtifact != null) alongside.add(byArtifact);
            if (otlp != null) alongside.add(otlp.sink(attributor.sampleMode()));
            if (byEndpoint != null) alongside.add(byEndpoint);
            Map<SampleMode, SampleSink> otherModes = new java.util.EnumMap<>(SampleMode.class);
            if (bytes != null) {
                SampleSink alloc = new Attributor(rules, SampleMode.ALLOC, AttributionMode.SELF).classifier(bytes);
                otherModes.put(
                        SampleMode.ALLOC,
                        otlp == null ? alloc : new FanOutSink(List.of(alloc, otlp.sink(SampleMode.ALLOC))));
            }
            artifactsRefreshed = false;
            attributor.readSegment(file, c, alongside, otherModes);
            if (otlp != null) otlp.ship(shipper);
            counts.add(c);
            if (bytes != null) for (int i = 0; i < allocated.length(); i++) allocated.addAndGet(i, bytes.samples(i));
            if (byArtifact != null) artifactCounts.add(artifactSamples(byArtifact));
            if (byEndpoint != null) endpoints.add(byEndpoint);
            segmentsRead.incrementAndGet();
            lastSegmentEpochSeconds = System.currentTimeMillis() / 1000.0;
        } catch (RecordingException | IOException | RuntimeException | LinkageError e) {
            // a segment counts whole or not at all: what was read before the failure is dropped
            long partial = 0;
            for (int i = 0; i < rules.categories().size(); i++) partial += c.samples(i);
            dropped.addAndGet(partial);
            fail("read", e);
        }
    }

    /** Samples by the leaf Java frame's artifact, as attribute --by artifact (the counter is opt-in). */
    private static Map<String, Long> artifactSamples(PackageProfile p) {
        Map<String, Long> out = new java.util.LinkedHashMap<>();
        for (PackageProfile.Row r : p.top(Integer.MAX_VALUE)) out.put(r.packageName(), r.samples());
        return out;
    }

    @Override
    public boolean countsAllocations() {
        return options.extras().contains("alloc");
    }

    @Override
    public long allocatedBytes(int categoryIndex) {
        return allocated.get(categoryIndex);
    }

    private String artifactOf(String className) {
        int dot = className.lastIndexOf('.');
        String pkg = dot < 0 ? "" : className.substring(0, dot);
        String a = artifactOfPackage.get(pkg);
        // a package first seen in this segment: ask the JVM again, at most once per segment
        if (a == null && !artifactsRefreshed && Agent.instrumentation() != null) {
            artifactsRefreshed = true;
            artifactOfPackage = ArtifactMap.byPackage(Agent.instrumentation());
            a = artifactOfPackage.get(pkg);
        }
        return a == null ? ArtifactIndex.UNKNOWN : a;
    }

    private void fail(String stage, Throwable t) {
        errors.get(stage).incrementAndGet();
        LOG.log(Level.WARNING, "wirecost agent: " + stage + " failed: " + t.getMessage());
    }

    /**
     * At shutdown, after the profiler stopped: finish appending and, with OTLP, reading the last window (bounded),
     * stop serving, send what is queued (bounded; what is left is counted and said), remove segments.
     */
    void close() {
        closing = true;
        worker.shutdown();
        try {
            worker.awaitTermination(CLOSE_READ_MS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (server != null) server.close();
        if (shipper != null) shipper.closeWithin(CLOSE_SEND_MS);
        shutdownThreads();
        deleteSegments();
    }

    private void shutdownThreads() {
        worker.shutdownNow();
        http.shutdownNow();
    }

    private void deleteSegments() {
        try (var files = Files.list(segmentDir)) {
            for (Path f : (Iterable<Path>) files::iterator) Files.deleteIfExists(f);
            Files.deleteIfExists(segmentDir);
        } catch (IOException e) {
            // a temp directory left behind is not worth a warning at shutdown
        }
    }

    // ---- AgentMetrics.Source

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
