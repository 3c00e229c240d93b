package io.wirecost.attribution;

/** Which samples count. */
public enum SampleMode {
    /**
     * CPU samples: async-profiler {@code cpu}/{@code itimer} samples, JDK Flight Recorder
     * {@code jdk.ExecutionSample} (threads running Java code) and, on JDK 25, {@code jdk.CPUTimeSample}.
     */
    CPU,
    /**
     * All threads, running or not: async-profiler {@code wall} samples, or JDK Flight Recorder execution
     * plus native-method samples. Native-method samples include threads blocked in native calls, so
     * this is not CPU time.
     */
    WALL
}
