package io.wirecost.agent;

import jdk.jfr.Recording;

import java.nio.file.Path;
import java.time.Duration;

/**
 * JDK Flight Recorder: execution samples (threads in Java code) and native-method samples (threads in
 * native code, blocked or not). Nothing else is enabled: socket events with a zero threshold would
 * cost an event per RMI call and distort the round trips being measured.
 */
final class JfrEngine implements ProfilerEngine {

    private Recording recording;
    private Path file;

    @Override
    public String start(Path file, long intervalNs) {
        Duration period = Duration.ofNanos(intervalNs);
        Recording r = new Recording();
        r.setName("wirecost");
        r.enable("jdk.ExecutionSample").withPeriod(period);
        r.enable("jdk.NativeMethodSample").withPeriod(period);
        r.setToDisk(true);
        r.start();
        this.recording = r;
        this.file = file;
        return name() + " period=" + period.toMillis() + "ms";
    }

    @Override
    public void stop() throws Exception {
        recording.stop();
        recording.dump(file);
        recording.close();
        recording = null;
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
