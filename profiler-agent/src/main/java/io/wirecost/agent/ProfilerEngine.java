package io.wirecost.agent;

import java.nio.file.Path;

/** A profiler back end: records samples into a JFR file between {@link #start} and {@link #stop}. */
interface ProfilerEngine {

    /** Starts recording; returns what actually runs, e.g. {@code async-profiler 4.2 event=itimer (cpu refused: ...)}. */
    String start(Path file, long intervalNs) throws Exception;

    /** Stops and completes the recording file. */
    void stop() throws Exception;
}
