package io.wirecost.agent;

import java.nio.file.Path;
import java.util.function.BiConsumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Starts and stops one engine; every method is idempotent and never throws into the caller's thread.
 *
 * <p>Two kinds of session: a <em>recording</em> session (the MBean's {@code start(file)} or
 * {@code start=now} without live metrics) writes one file, completed at {@code stop()}; a
 * <em>segmented</em> session (start=now with live metrics) is rotated every metrics period into a new
 * segment file, so that completed segments can be read while the application runs. Either way, each
 * completed file goes to the listener, which the live metrics use.
 */
public final class ProfilerControl implements ProfilerControlMBean {

    private static final Logger LOG = AgentLog.LOG;

    private final AgentOptions options;
    /** async-profiler, or JFR when its native library cannot load; null for engine=none. */
    private ProfilerEngine engine;

    private Path recording;
    private String running; // what start() reported, null when stopped
    /** The process's CPU time when the current whole recording started, ns; -1 when unknown or segmented. */
    private long cpuAtStartNs = -1;

    private boolean segmented;
    private String lastError = "";
    /** Set, without the lock, as soon as the JVM starts to exit: no rotation may start a profiler then. */
    private volatile boolean exiting;
    /** (completed file, true when it is a segment of a segmented session) */
    private BiConsumer<Path, Boolean> listener = (file, segment) -> {};
    /** Where the request boundaries go beside each recording; null without endpoints=on. */
    private io.wirecost.agent.endpoint.RequestLogWriter requests;
    /** The live session's start (windows on its own clock), and its count of profiles sent; null without one. */
    private java.util.function.Supplier<String> liveStart;

    private java.util.function.LongSupplier profilesSent;

    ProfilerControl(AgentOptions options) {
        this.options = options;
        this.engine = switch (options.engine()) {
            case "async" -> new AsyncProfilerEngine(options.event(), options.extras(), options.endpoints());
            case "jfr" -> new JfrEngine(options.extras());
            default -> null;
        };
    }

    /** endpoints=on: the request log follows the recordings. */
    synchronized void requestLog(io.wirecost.agent.endpoint.RequestLogWriter writer) {
        this.requests = writer;
    }

    /** metrics.port or otlp.endpoint: the MBean's startLive starts the live session's windows. */
    synchronized void liveSession(java.util.function.Supplier<String> start, java.util.function.LongSupplier sent) {
        this.liveStart = start;
        this.profilesSent = sent;
    }

    @Override
    public String startLive() {
        java.util.function.Supplier<String> s;
        synchronized (this) {
            s = liveStart;
        }
        // outside this lock: the session takes its own, then this one to start the segment (one order only)
        return s == null ? "error: no live session (give metrics.port or otlp.endpoint)" : s.get();
    }

    @Override
    public synchronized long getProfilesSent() {
        return profilesSent == null ? -1 : profilesSent.getAsLong();
    }

    synchronized void onCompleted(BiConsumer<Path, Boolean> listener) {
        this.listener = listener;
    }

    @Override
    public synchronized String start(String file) {
        Path target = file == null || file.isBlank() ? options.recordingFile() : Path.of(file);
        return begin(target, false);
    }

    /** Starts a segmented session whose first segment is {@code segment}. */
    synchronized String startSegmented(Path segment) {
        return begin(segment, true);
    }

    private String begin(Path target, boolean segments) {
        if (engine == null) return "engine=none";
        if (running != null) return running;
        if (exiting) return "error: the JVM is exiting"; // JDK 25's JFR blocks a start during shutdown
        try {
            running = startEngine(target);
            if (requests != null) requests.open(target);
            recording = target;
            segmented = segments;
            // read only where the facts it will go to are written: a run's scenario JVMs would throw it away
            cpuAtStartNs = segments || !options.factsBeside() ? -1 : ProcessFacts.cpuNanos();
            if (keptAtExit(segments)) engine.keepAtExit();
            return running;
        } catch (Throwable t) {
            lastError = String.valueOf(t.getMessage());
            LOG.log(Level.WARNING, "wirecost agent: cannot start " + options.engine() + ": " + lastError);
            return "error: " + lastError;
        }
    }

    /**
     * Starts the engine. When async-profiler's native library cannot load (an unsupported platform, a
     * read-only or noexec extraction directory), the agent degrades to JDK Flight Recorder, which needs
     * no native code, and says so once: a host that asked for profiling still gets samples.
     */
    private String startEngine(Path target) throws Exception {
        String started;
        try {
            started = engine.start(target, options.intervalNs());
        } catch (Throwable t) {
            if (!(engine instanceof AsyncProfilerEngine a) || a.loaded()) throw t;
            engine = new JfrEngine(options.extras());
            LOG.warning("wirecost agent: async-profiler cannot load (" + AsyncProfilerEngine.oneLine(t)
                    + "); sampling with JFR instead");
            started = engine.start(target, options.intervalNs());
        }
        return started + " interval=" + options.intervalNs() + "ns";
    }

    /**
     * Completes the current segment and starts the next one into {@code next}; nothing when no
     * segmented session runs (stopped, or the MBean runs a recording session). Returns the nanoseconds
     * between stop and start, during which nothing was sampled, or -1 when it did not rotate.
     */
    synchronized long rotate(Path next) throws Exception {
        if (running == null || !segmented || exiting) return -1;
        Path done = recording;
        long t0 = System.nanoTime();
        try {
            engine.stop();
        } catch (Throwable t) {
            running = null;
            throw t;
        }
        if (requests != null) requests.finish();
        try {
            engine.start(next, options.intervalNs());
            if (keptAtExit(true)) engine.keepAtExit();
            if (requests != null) requests.open(next);
            recording = next;
        } catch (Throwable t) {
            running = null;
            lastError = String.valueOf(t.getMessage());
            throw t;
        } finally {
            listener.accept(done, true);
        }
        return System.nanoTime() - t0;
    }

    @Override
    public synchronized long getSamples() {
        if (running == null) return -1;
        try {
            return engine.samples();
        } catch (Throwable t) {
            return -1;
        }
    }

    @Override
    public synchronized String stop() {
        if (running == null) return recording == null ? "" : recording.toString();
        boolean completed = false;
        try {
            engine.stop();
            completed = true;
        } catch (Throwable t) {
            lastError = String.valueOf(t.getMessage());
            LOG.log(Level.WARNING, "wirecost agent: cannot stop cleanly: " + lastError);
        } finally {
            running = null;
            if (requests != null) requests.finish();
        }
        if (completed) {
            if (!segmented) completedWhole(recording);
            listener.accept(recording, segmented);
        }
        return recording.toString();
    }

    /**
     * Beside a whole recording (not a segment): which jar or module each loaded package came from, and the process's
     * CPU time over the recording, which {@code profile} compares between runs of a command.
     */
    private void completedWhole(Path file) {
        writeArtifacts(file);
        long startNs = cpuAtStartNs;
        if (startNs < 0) return;
        long nowNs = ProcessFacts.cpuNanos();
        if (nowNs < startNs) return;
        try {
            ProcessFacts.addRecordedCpu(file, nowNs - startNs);
        } catch (Throwable t) {
            LOG.log(Level.WARNING, "wirecost agent: no CPU time beside " + file + ": " + t.getMessage());
        }
    }

    private void writeArtifacts(Path file) {
        java.lang.instrument.Instrumentation inst = Agent.instrumentation();
        if (inst == null) return; // at exit this runs inside the hook's bounded wait too
        try {
            ArtifactMap.writeBeside(file, inst);
        } catch (Throwable t) {
            LOG.log(Level.WARNING, "wirecost agent: no artifact map beside " + file + ": " + t.getMessage());
        }
    }

    /**
     * At exit: a segment that no one will read or keep is discarded rather than completed; anything
     * else stops as {@link #stop()} does.
     */
    void exiting() {
        exiting = true;
    }

    /**
     * {@link #shutdown()} when the JVM itself exits (not a detach). A JFR recording with dump-on-exit is
     * then written by JFR's own shutdown hook, which runs beside the agent's: stopping it here too raced
     * that write, and CI once found the file empty (0 bytes). So the agent leaves it to JFR.
     */
    /** Read without the lock, which a rotation blocked by JFR's own exit hook may hold. */
    boolean losesNothingAtExit() {
        return options.losesNothingAtExit();
    }

    synchronized void shutdownAtJvmExit() {
        if (running != null && engine.writesItselfAtExit()) {
            running = null;
            if (!segmented) {
                completedWhole(recording);
                return;
            }
            // the last window, whole once JFR's hook has written it: then read, sent and appended like any other
            boolean written = false;
            try {
                written = engine.awaitWrittenAtExit(EXIT_WRITE_WAIT_MS);
            } catch (Throwable t) {
                // exiting: said below
            }
            if (written) listener.accept(recording, true);
            else
                AgentLog.warnAtExit("wirecost agent: the last window was not written within " + EXIT_WRITE_WAIT_MS
                        + " ms at exit; not sent");
            return;
        }
        shutdown();
    }

    /**
     * Whether the engine's own exit handling must complete the running file: a whole recording, or a segment that is
     * sent or kept (otlp.endpoint, file=). JDK Flight Recorder's exit hook runs beside the agent's and clears the
     * repository's chunk files; a stop of the agent's own could lose its window to that (the hook can take the
     * recorder between the stop and the write of the file), while the hook's own stop writes the file before it
     * clears anything. A segment nobody keeps is discarded instead ({@link #shutdown()}).
     */
    private boolean keptAtExit(boolean segment) {
        return !segment || options.otlp() != null || options.file() != null;
    }

    /** At exit, how long to wait for JFR's hook to write the last window; inside the exit bound with the rest. */
    private static final long EXIT_WRITE_WAIT_MS = 1_000;

    synchronized void shutdown() {
        // the window in progress is discarded where nothing would keep or send it: the metrics end with the JVM.
        // Sent over OTLP it is completed and read like any other, so a short-lived JVM's profile is not lost.
        if (running != null && segmented && options.file() == null && options.otlp() == null) {
            try {
                engine.discard();
            } catch (Throwable t) {
                // exiting anyway: nothing to report to
            } finally {
                running = null;
            }
            return;
        }
        stop();
    }

    @Override
    public synchronized String getStatus() {
        return (running != null ? "running " + running : "stopped engine=" + options.engine())
                + (recording != null ? " file=" + recording : "")
                + (lastError.isEmpty() ? "" : " lastError=" + lastError);
    }

    synchronized boolean running() {
        return running != null;
    }

    /** Profiler name and event actually used; empty before the first start. */
    synchronized String engineName() {
        return engine == null ? "none" : engine.name();
    }

    synchronized String engineEvent() {
        return engine == null ? "none" : engine.event();
    }

    /** Under the lock: async-profiler's metrics command must not run while a rotation stops and starts it. */
    synchronized long nativeMemoryBytes() {
        return engine == null ? -1 : engine.nativeMemoryBytes();
    }
}
