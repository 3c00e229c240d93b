package io.wirecost.attribution;

import java.util.List;

/** A sink for tests that look at each sample's frames (resolved, leaf first) and thread name. */
final class FramesSink implements SampleSink {

    /** What a test does with one sample. */
    interface Sample {
        void accept(List<Frame> frames, String thread, long weight);
    }

    private final Sample each;
    private ChunkView chunk;

    private FramesSink(Sample each) {
        this.each = each;
    }

    /** Hands each sample's frames, thread name and weight to {@code each}. */
    static SampleSink of(Sample each) {
        return new FramesSink(each);
    }

    @Override
    public void beginChunk(ChunkView c) {
        chunk = c;
    }

    @Override
    public void sample(int stackTraceId, int threadId, long ticks, long weight) {
        each.accept(chunk.frames(stackTraceId), chunk.threadName(threadId), weight);
    }
}
