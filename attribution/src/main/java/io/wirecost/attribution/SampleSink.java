package io.wirecost.attribution;

/** Receives the samples of a recording, chunk by chunk; ids are valid only within their chunk. */
public interface SampleSink {

    /** A new chunk starts: stack, method and thread ids of the previous chunk are void. */
    void beginChunk(ChunkView chunk);

    void sample(int stackTraceId, int threadId, long ticks, long weight);
}
