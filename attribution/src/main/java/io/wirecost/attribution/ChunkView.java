package io.wirecost.attribution;

/** What a {@link SampleSink} may ask of the chunk being read. */
public interface ChunkView {

    /** Method ids of a stack, leaf first; empty when the stack is unknown. */
    long[] stackMethods(int stackTraceId);

    Frame frame(long methodId);

    /** Thread name, or null when the recording has none for this id. */
    String threadName(int threadId);

    /** Nanoseconds since the epoch for an event's tick count. */
    long epochNanos(long ticks);
}
