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

    /** No profiler: JVMs started with no agent. */
    public static final ProfilerSettings NONE = new ProfilerSettings("none", "cpu", 1_000_000L);

    public ProfilerSettings {
        extras = Set.copyOf(extras);
    }

    /** CPU samples only, as every run before {@code --profile}. */
    public ProfilerSettings(String engine, String event, long intervalNs) {
        this(engine, event, intervalNs, Set.of());
    }

    /**
     * What sampled, as a run's header says it: async-profiler and its event; JFR alone, since its one execution
     * sampler is what samples whatever event the run recorded beside it.
     */
    public String sampler() {
        return engine.equals("jfr") ? engine : engine + ' ' + event;
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
        return agentOptions(file, java.util.Map.of());
    }

    /**
     * As {@link #agentOptions(java.nio.file.Path)}, or, with {@code live} options (e.g. {@code otlp.endpoint}), for
     * the agent's live session instead, which the runner starts as a host's {@code start=now} would run it: its
     * windows go where those options say and no {@code file=} is kept (a live session appends each window to it).
     */
    public String agentOptions(java.nio.file.Path file, java.util.Map<String, String> live) {
        AgentArguments a = AgentArguments.of(this).also(companions());
        if (extras.contains(ENDPOINTS)) a.with("endpoints", "on");
        a.with("start", "manual");
        return (live.isEmpty() ? a.with("file", file) : a.with(live)).toString();
    }
}
