package io.wirecost.runner;

import java.util.Set;

/**
 * @param engine     async, jfr or none
 * @param event      async-profiler event (cpu, itimer, wall); ignored by jfr
 * @param intervalNs sampling interval
 * @param extras     what the profiled pass records beside CPU samples: a subset of {@code alloc} and
 *                   {@code lock} ({@code run --profile cpu,alloc,lock})
 */
public record ProfilerSettings(String engine, String event, long intervalNs, Set<String> extras) {

    public ProfilerSettings {
        extras = Set.copyOf(extras);
    }

    /** CPU samples only, as every run before {@code --profile}. */
    public ProfilerSettings(String engine, String event, long intervalNs) {
        this(engine, event, intervalNs, Set.of());
    }

    public boolean enabled() {
        return !engine.equals("none");
    }

    /** The agent's option string for one process. */
    public String agentOptions(java.nio.file.Path file) {
        String also = extras.isEmpty() ? "" : ",also=" + String.join("+", new java.util.TreeSet<>(extras));
        return "engine=" + engine + ",event=" + event + ",interval=" + intervalNs + also + ",start=manual,file="
                + file.toAbsolutePath();
    }
}
