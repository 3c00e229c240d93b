package io.wirecost.attribution;

/** Which samples count. */
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
    WALL
}
