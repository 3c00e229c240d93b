package io.wirecost.attribution;

/**
 * A sink that counts by stack and thread only: it takes the reader's sums per (stack, thread) pair, and a single
 * sample as a sum of one, so the reader may sum a chunk's samples before they arrive.
 */
public interface SummingSink extends SampleSink {

    @Override
    default boolean needsEachSample() {
        return false;
    }

    @Override
    default void sample(int stackTraceId, int threadId, long ticks, long weight) {
        samples(stackTraceId, threadId, weight, 1, (double) weight * weight);
    }

    @Override
    void samples(int stackTraceId, int threadId, long weight, long events, double weightSquares);
}
