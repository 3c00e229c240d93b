package io.wirecost.attribution;

/** Receives the samples of a recording, chunk by chunk; ids are valid only within their chunk. */
public interface SampleSink {

    /** A new chunk starts: stack, method and thread ids of the previous chunk are void. */
    void beginChunk(ChunkView chunk);

    void sample(int stackTraceId, int threadId, long ticks, long weight);

    /**
     * Whether this sink needs every sample with its own time. Sinks that only sum weights by stack and
     * thread say false: the reader then sums a chunk's samples per (stack, thread) first and calls
     * {@link #sample} once per pair with ticks 0, which gives them the same totals for far less work.
     */
    default boolean needsEachSample() {
        return true;
    }
}
