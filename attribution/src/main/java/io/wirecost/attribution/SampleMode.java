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

    /** What a weight of this mode is, for output: samples, bytes or nanoseconds. */
    public String unit() {
        return switch (this) {
            case ALLOC -> "bytes";
            case LOCK -> "ns";
            default -> "samples";
        };
    }
}
