package io.wirecost.attribution;

/** Receives the samples of a recording, chunk by chunk; ids are valid only within their chunk. */
public interface SampleSink {

    /** A new chunk starts: stack, method and thread ids of the previous chunk are void. */
    void beginChunk(ChunkView chunk);

    /** One event: a sample (weight 1), an allocation (bytes) or a blocking (nanoseconds). */
    void sample(int stackTraceId, int threadId, long ticks, long weight);

    /**
     * Several events of one (stack, thread) at once: their summed weight, how many they were, and the sum
     * of their weights' squares. A share of bytes or nanoseconds needs the last two for its interval (a
     * few heavy events make it less certain than many light ones); sinks that only sum weights need not
     * override this, and get one {@link #sample} with the sum and ticks 0.
     */
    default void samples(int stackTraceId, int threadId, long weight, long events, double weightSquares) {
        sample(stackTraceId, threadId, 0L, weight);
    }

    /**
     * Whether this sink needs every sample with its own time. Sinks that only sum weights by stack and
     * thread say false: the reader then sums a chunk's samples per (stack, thread) first and calls
     * {@link #samples} once per pair, which gives them the same totals for far less work.
     */
    default boolean needsEachSample() {
        return true;
    }

    /**
     * Whether this sink reads a sample's ticks in the recording's own clock ({@link ChunkView#ticksPerSecond},
     * {@link ChunkView#tickRange}), not only through {@link ChunkView#epochNanos}: wirecost's own reader hands each
     * sample's time over as epoch nanoseconds already (its chunks, merged into one view, share no one clock), so such
     * a sink is read by async-profiler's reader.
     */
    default boolean needsRecordedClock() {
        return false;
    }
}
