package io.wirecost.agent;

import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.wirecost.attribution.RuleSet;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;

/**
 * Live metrics: every period the profiler's recording is rotated into a new segment file (a stop and a
 * start, a few milliseconds without sampling, counted in {@code wirecost_agent_unsampled_seconds}),
 * and the completed segment is counted by a {@link SegmentReader} into the {@link LiveTotals} the scrapes
 * read. Recordings of MBean sessions (the scenario harness's {@code start=manual}) are read when they stop.
 *
 * <p>Threads: {@code wirecost-agent-metrics} rotates and reads, {@code wirecost-agent-http*} serve
 * scrapes; all daemons. Segments live in an owner-only temporary directory and are deleted once read;
 * with {@code file=} they are appended to that file first (JFR chunks concatenate into a valid recording).
 */
final class LiveSession {

    private static final Logger LOG = AgentLog.LOG;

    /**
     * At close, the longest wait for the last segment's append and read, then for the OTLP queue to drain. Both stay
     * inside the exit hook's own bound ({@code Agent.EXIT_WAIT_MS}): a JVM exits late by at most their sum, never
     * waits on a Collector that is down.
     */
    static final long CLOSE_READ_MS = 2_000, CLOSE_SEND_MS = 2_000;

    private final AgentOptions options;
    private final ProfilerControl control;
    private final ScheduledExecutorService worker;
    private final ExecutorService http;
    private final SegmentFiles segments;
    /** otlp.endpoint: sends each segment's profile; null when not asked for. */
    private final OtlpShipper shipper;
    /** What the segments counted, as the scrapes read it. */
    private final LiveTotals totals;

    private final SegmentReader reader;
    /** file= and wirecost attach's tap. */
    private final SegmentCopies copies;

    private volatile boolean closing;
    private HTTPServer server;
    /** The rotation of the running segmented session; guarded by rotationLock. */
    private ScheduledFuture<?> rotation;

    private final Object rotationLock = new Object();

    private LiveSession(
            AgentOptions options,
            ProfilerControl control,
            RuleSet rules,
            SegmentFiles segments,
            AgentThreads threads,
            OtlpShipper shipper) {
        this.options = options;
        this.control = control;
        this.worker = Executors.newSingleThreadScheduledExecutor(threads.factory("metrics"));
        this.http = Executors.newFixedThreadPool(2, threads.factory("http"));
        this.segments = segments;
        this.shipper = shipper;
        this.totals = new LiveTotals(options, control, threads, rules, shipper);
        this.reader = new SegmentReader(options, rules, totals, shipper);
        this.copies = new SegmentCopies(options.file(), totals::fail);
    }

    /**
     * Loads the rules and starts the endpoint. A bad rule file logs one warning and the built-in rules
     * count instead (the metrics stay useful, and the warning says why the user's categories are missing);
     * a port in use logs one warning and returns null: the host runs on, without metrics.
     */
    static LiveSession open(AgentOptions options, ProfilerControl control) throws Exception {
        RuleSet rules = SegmentReader.rules(options);
        SegmentFiles segments = SegmentFiles.create();
        AgentThreads threads = new AgentThreads();
        OtlpShipper shipper = options.otlp() != null ? OtlpSink.shipper(options.otlp(), threads) : null;
        LiveSession s = new LiveSession(options, control, rules, segments, threads, shipper);
        if (options.metrics() == null) {
            LOG.info("wirecost agent: OTLP profiles to " + options.otlp().endpoint() + " every "
                    + options.otlp().intervalNs() / 1_000_000_000L + " s");
            control.onCompleted(s::completed);
            return s;
        }
        PrometheusRegistry registry = new PrometheusRegistry();
        AgentMetrics.register(registry, s.totals, options.metrics().role(), AgentIdentity.labels(options));
        try {
            // started from the agent's daemon thread: the JDK's HTTP-Dispatcher thread inherits daemon status
            s.server = s.worker
                    .submit(() -> MetricsServer.start(options.metrics(), registry, s.http))
                    .get(30, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            s.shutdownThreads();
            segments.deleteAll();
            if (e.getCause() instanceof MetricsServer.PortInUseException p) {
                LOG.warning("wirecost agent: " + p.getMessage() + "; no metrics endpoint, the application continues"
                        + (options.startNow() && !options.keepsRecording() ? " unprofiled" : ""));
                if (shipper != null) shipper.close();
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
            String started = control.startSegmented(segments.next());
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
    static long periodNs(AgentOptions options) {
        return options.metrics() != null
                ? options.metrics().periodNs()
                : options.otlp().intervalNs();
    }

    /**
     * Starts copying this session's samples into {@code file} (wirecost attach with live metrics on): the
     * running segment is rotated first, so the file holds only samples taken from now on.
     */
    void tap(Path file) throws Exception {
        worker.submit(() -> {
                    copies.startTap(file, segments.nextNumber());
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
            totals.unsampled(control.rotate(segments.next()));
        } catch (Throwable t) {
            totals.fail("rotate", t);
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
        if (!closing || shipper != null) reader.read(file);
        if (segment) {
            try {
                SegmentFiles.delete(file);
            } catch (IOException e) {
                totals.fail("append", e);
            }
        }
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
        segments.deleteAll();
    }

    private void shutdownThreads() {
        worker.shutdownNow();
        http.shutdownNow();
    }
}
