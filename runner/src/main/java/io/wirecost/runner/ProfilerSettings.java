package io.wirecost.runner;

import io.wirecost.attribution.SampleMode;
import java.util.Set;

/**
 * @param engine     async, jfr or none
 * @param event      async-profiler event (cpu, itimer, wall); ignored by jfr
 * @param intervalNs sampling interval
 * @param extras     what the profiled pass records beside CPU samples: a subset of {@code alloc} and
 *                   {@code lock} ({@code run --profile cpu,alloc,lock}), and {@code endpoints}: the agent's request
 *                   boundaries, for CPU per request by endpoint ({@code run --profile cpu,endpoints})
 */
public record ProfilerSettings(String engine, String event, long intervalNs, Set<String> extras) {

    public ProfilerSettings {
        extras = Set.copyOf(extras);
    }

    /** CPU samples only, as every run before {@code --profile}. */
    public ProfilerSettings(String engine, String event, long intervalNs) {
        this(engine, event, intervalNs, Set.of());
    }

    /** How this profiler's own samples count: wall with async-profiler's wall event, else CPU. */
    public SampleMode sampleMode() {
        return SampleMode.ofProfiler(engine, event);
    }

    public boolean enabled() {
        return !engine.equals("none");
    }

    /** The events recorded beside CPU samples, each with its companion table: {@code alloc}, {@code lock}. */
    public Set<String> companions() {
        Set<String> out = new java.util.TreeSet<>(extras);
        out.remove(ENDPOINTS);
        return out;
    }

    public static final String ENDPOINTS = "endpoints";

    /** The agent's option string for one scenario JVM: started by the runner's control, recording to {@code file}. */
    public String agentOptions(java.nio.file.Path file) {
        AgentArguments a = AgentArguments.of(this).also(companions());
        if (extras.contains(ENDPOINTS)) a.with("endpoints", "on");
        return a.with("start", "manual").with("file", file).toString();
    }
}
