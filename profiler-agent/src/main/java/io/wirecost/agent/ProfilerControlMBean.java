package io.wirecost.agent;

/**
 * The agent's control surface, registered as {@code io.wirecost:type=Profiler} in the platform MBean
 * server so that a harness (or jconsole) can profile just a measured phase without linking to the agent.
 */
public interface ProfilerControlMBean {

    /** Starts profiling into {@code file} (empty: the file from the agent options); returns what runs. */
    String start(String file);

    /** Stops profiling and completes the recording; returns its path. Idempotent. */
    String stop();

    /** Samples taken since profiling started, or -1 when not profiling or the engine does not count them. */
    long getSamples();

    /** One line: engine, state, file. */
    String getStatus();
}
