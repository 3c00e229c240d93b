package io.wirecost.agent;

/**
 * The agent's control surface, registered as {@code io.wirecost:type=Profiler} in the platform MBean
 * server so that a harness (or jconsole) can profile just a measured phase without linking to the agent.
 */
public interface ProfilerControlMBean {

    /** Starts profiling into {@code file} (empty: the file from the agent options); returns what runs. */
    String start(String file);

    /**
     * Starts profiling as {@code start=now} does with {@code metrics.port} or {@code otlp.endpoint}: a window of
     * {@code metrics.period} (or {@code otlp.interval}) at a time, each read, counted and sent as it ends, its clock
     * starting now; {@link #stop()} ends it and reads and sends its last, partial window. Returns what runs, or a line
     * starting with {@code error:} when the agent has no live session (neither option given).
     */
    String startLive();

    /** Stops profiling and completes the recording; returns its path. Idempotent. */
    String stop();

    /** Samples taken since profiling started, or -1 when not profiling or the engine does not count them. */
    long getSamples();

    /** Profiles the Collector accepted since the agent started, or -1 without {@code otlp.endpoint}. */
    long getProfilesSent();

    /** One line: engine, state, file. */
    String getStatus();
}
