package io.wirecost.agent;

import java.nio.file.Path;
import java.time.Duration;
import jdk.jfr.Recording;

/**
 * JDK Flight Recorder: execution samples (threads in Java code) and native-method samples (threads in
 * native code, blocked or not), and the CPU load of the machine and of each thread, once a second. Nothing else is
 * enabled: socket events with a zero threshold would cost an event per RMI call and distort the round trips being
 * measured.
 */
final class JfrEngine implements ProfilerEngine {

    private Recording recording;
    private final java.util.Set<String> extras;

    JfrEngine() {
        this(java.util.Set.of());
    }

    /** {@code extras}: {@code alloc} and/or {@code lock}, recorded beside the samples (see AgentOptions). */
    JfrEngine(java.util.Set<String> extras) {
        this.extras = java.util.Set.copyOf(extras);
    }

    @Override
    public String start(Path file, long intervalNs) throws java.io.IOException {
        Duration period = Duration.ofNanos(intervalNs);
        Recording r = new Recording();
        r.setName("wirecost");
        r.enable("jdk.ExecutionSample").withPeriod(period);
        r.enable("jdk.NativeMethodSample").withPeriod(period);
        // a few small events a second that say whether the execution samples were taken under CPU contention,
        // when they count runnable threads as running (attribution's CpuContention)
        r.enable("jdk.CPULoad").withPeriod(Duration.ofSeconds(1));
        r.enable("jdk.ThreadCPULoad").withPeriod(Duration.ofSeconds(1));
        // the settings, a few events a chunk: the recording then says its own sampling period (RecordedSampling), as
        // async-profiler's do, so a profile file compares with another by how both were taken
        r.enable("jdk.ActiveSetting");
        if (extras.contains("alloc")) {
            // JFR's own throttled sampler (150 events/s by default), each event weighted by the bytes it stands for
            r.enable("jdk.ObjectAllocationSample").withStackTrace();
        }
        if (extras.contains("lock")) {
            // the same 10 us threshold as async-profiler's lock=10us in the async engine
            r.enable("jdk.JavaMonitorEnter")
                    .withThreshold(Duration.ofNanos(10_000))
                    .withStackTrace();
            r.enable("jdk.ThreadPark").withThreshold(Duration.ofNanos(10_000)).withStackTrace();
        }
        r.setToDisk(true);
        // JFR writes the destination when the recording stops, whoever stops it (see keepAtExit)
        r.setDestination(file);
        r.start();
        this.recording = r;
        return name() + " period=" + period.toMillis() + "ms"
                + (extras.isEmpty() ? "" : " also=" + String.join("+", new java.util.TreeSet<>(extras)));
    }

    /**
     * JFR's own shutdown hook runs beside the agent's and may stop the recording first; with dump-on-exit
     * it then writes the destination itself, so a recording session's file exists whichever hook wins.
     * (Without it the file was silently never written when the JVM exited with the recording running.)
     */
    @Override
    public void keepAtExit() {
        if (recording != null) recording.setDumpOnExit(true);
    }

    @Override
    public boolean writesItselfAtExit() {
        Recording r = recording;
        return r != null && r.getDumpOnExit();
    }

    /**
     * JFR's exit hook stops a dump-on-exit recording, writes its destination and then closes it, all before it clears
     * the repository: a closed recording's file is whole. One whose write failed stays stopped, never closed.
     */
    @Override
    public boolean awaitWrittenAtExit(long ms) throws InterruptedException {
        Recording r = recording;
        if (r == null) return false;
        long end = System.nanoTime() + ms * 1_000_000;
        while (r.getState() != jdk.jfr.RecordingState.CLOSED) {
            if (System.nanoTime() > end) return false;
            Thread.sleep(5);
        }
        recording = null;
        return true;
    }

    @Override
    public void stop() throws Exception {
        Recording r = recording;
        recording = null;
        // JFR's exit hook may own the recording already (stopping it and writing the destination); closing
        // it then could cut that write short, so only a recording this call stopped is closed here
        if (r.getState() != jdk.jfr.RecordingState.RUNNING) return;
        try {
            r.stop(); // writes the destination
        } catch (IllegalStateException e) {
            return; // the exit hook got there between the check and the stop
        }
        r.close();
    }

    /**
     * Closes without dumping. At exit JFR's own shutdown hook runs beside the agent's and removes the
     * repository's chunk files, so a dump then fails with "Missing chunkfile" errors on the host's output.
     */
    @Override
    public void discard() {
        recording.close();
        recording = null;
    }

    @Override
    public String name() {
        return "jfr " + System.getProperty("java.vm.version");
    }

    @Override
    public String event() {
        return "execution-sample";
    }
}
