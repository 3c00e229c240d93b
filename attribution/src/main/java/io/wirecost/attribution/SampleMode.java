package io.wirecost.attribution;

/** Which events count, and what their weight is. */
public enum SampleMode {
    /**
     * CPU samples: async-profiler {@code cpu}/{@code itimer} samples, JDK Flight Recorder
     * {@code jdk.ExecutionSample} (threads running Java code).
     */
    CPU,
    /**
     * JDK 25's {@code jdk.CPUTimeSample} only (JEP 509): true CPU-time sampling that includes native code.
     * Kept apart from {@link #CPU}: a recording with both would otherwise count the same time twice.
     */
    CPU_TIME,
    /**
     * All threads, running or not: async-profiler {@code wall} samples, or JDK Flight Recorder execution
     * plus native-method samples. Native-method samples include threads blocked in native calls, so
     * this is not CPU time.
     */
    WALL,
    /**
     * Bytes allocated: async-profiler's {@code alloc} events and the JDK's TLAB events, or JDK 16+'s
     * {@code jdk.ObjectAllocationSample} (then only those: the TLAB events would count the same bytes twice).
     */
    ALLOC,
    /** Nanoseconds blocked: {@code jdk.JavaMonitorEnter} and {@code jdk.ThreadPark}, from either producer. */
    LOCK;

    /**
     * The mode a profiler's own samples are attributed in, decided here for every caller that records and then
     * attributes (the agent's live metrics, {@code run}'s shares and flame graphs): async-profiler's {@code wall}
     * event samples every thread, running or not, and writes wall-clock samples, so they count as {@link #WALL};
     * its other events ({@code cpu}, {@code ctimer}, {@code itimer}) and JFR's method sampler give {@link #CPU}
     * samples. Counted as CPU, a wall recording would give no shares at all.
     */
    public static SampleMode ofProfiler(String engine, String event) {
        return engine.equals("async") && event.equals("wall") ? WALL : CPU;
    }

    /** The mode as {@code --mode} spells it: cpu, cpu-time, wall, alloc, lock. */
    public String optionValue() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    /** The samples' kind in words, for a table's "counted" line: CPU or wall (other modes weigh events). */
    public String samplesWord() {
        return this == WALL ? "wall" : "CPU";
    }

    /** What a weight of this mode is, for output: samples, bytes or nanoseconds. */
    public String unit() {
        return switch (this) {
            case ALLOC -> "bytes";
            case LOCK -> "ns";
            default -> "samples";
        };
    }
}
