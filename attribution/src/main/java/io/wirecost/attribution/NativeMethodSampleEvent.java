package io.wirecost.attribution;

import one.jfr.JfrReader;
import one.jfr.event.Event;

/**
 * JDK Flight Recorder's {@code jdk.NativeMethodSample}, read as its own type. async-profiler's reader
 * folds it into {@code ExecutionSample} with the same thread state, which would make threads blocked in
 * native calls count as CPU time; {@link RecordingReader} routes it here instead.
 */
public final class NativeMethodSampleEvent extends Event {
    public final int threadState;

    public NativeMethodSampleEvent(JfrReader jfr) {
        // field order of jdk.NativeMethodSample: startTime, sampledThread, stackTrace, state
        super(jfr.getVarlong(), jfr.getVarint(), jfr.getVarint());
        this.threadState = jfr.getVarint();
    }
}
