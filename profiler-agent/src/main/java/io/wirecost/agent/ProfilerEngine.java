package io.wirecost.agent;

import java.nio.file.Path;

/** A profiler back end: records samples into a JFR file between {@link #start} and {@link #stop}. */
interface ProfilerEngine {

    /** Starts recording; returns what actually runs, e.g. {@code async-profiler 4.5 event=itimer (cpu refused: ...)}. */
    String start(Path file, long intervalNs) throws Exception;

    /** Stops and completes the recording file. */
    void stop() throws Exception;

    /** Stops without completing the file: at exit, for a segment nobody will read. */
    default void discard() throws Exception {
        stop();
    }

    /** The running recording is a session's only file, to be completed even if the JVM exits first. */
    /** True when the engine's own exit handling writes the recording (JFR's hook with dump-on-exit). */
    default boolean writesItselfAtExit() {
        return false;
    }

    default void keepAtExit() {}

    /**
     * At exit, where {@link #writesItselfAtExit()}: waits up to {@code ms} for the engine's own exit handling to have
     * written the file whole; false when it has not (the file must not be read then).
     */
    default boolean awaitWrittenAtExit(long ms) throws InterruptedException {
        return false;
    }

    /** Name and version of what records, e.g. {@code async-profiler 4.5}; known once started. */
    String name();

    /** The event really sampled, e.g. {@code itimer} after a refused {@code cpu}; known once started. */
    String event();

    /**
     * Samples taken since this engine started recording, or -1 where the engine does not count them: the
     * scenario harness sizes its profiled pass by them.
     */
    default long samples() {
        return -1;
    }

    /** Native memory the profiler holds (async-profiler's own accounting), or -1 when unknown. */
    default long nativeMemoryBytes() {
        return -1;
    }
}
