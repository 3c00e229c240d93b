package io.wirecost.attribution;

/** What a {@link SampleSink} may ask of the chunk being read. */
public interface ChunkView {

    /** Method ids of a stack, leaf first; empty when the stack is unknown. */
    long[] stackMethods(int stackTraceId);

    /**
     * Frame types of a stack, leaf first, in async-profiler's encoding (0 interpreted, 1 JIT-compiled,
     * 2 inlined, 3 native, 4 C++, 5 kernel, 6 C1-compiled): flame graphs colour by them.
     */
    byte[] stackTypes(int stackTraceId);

    Frame frame(long methodId);

    /** Thread name, or null when the recording has none for this id. */
    String threadName(int threadId);

    /** Nanoseconds since the epoch for an event's tick count. */
    long epochNanos(long ticks);

    /** Nanoseconds since the epoch at which the recording (its first chunk) starts. */
    long recordingStartNanos();
}
