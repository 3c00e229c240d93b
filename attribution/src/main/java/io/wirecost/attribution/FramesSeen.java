package io.wirecost.attribution;

import java.util.HashSet;
import java.util.Set;

/** The distinct frames on the stacks of a recording: what {@code pack:auto} detects libraries from. */
public final class FramesSeen implements SampleSink {

    private final Set<Frame> frames = new HashSet<>();
    private final Set<Long> methodsOfChunk = new HashSet<>();
    private final Set<Integer> stacksOfChunk = new HashSet<>();
    private ChunkView chunk;

    @Override
    public void beginChunk(ChunkView chunk) {
        this.chunk = chunk;
        methodsOfChunk.clear();
        stacksOfChunk.clear();
    }

    @Override
    public boolean needsEachSample() {
        return false;
    }

    @Override
    public void sample(int stackTraceId, int threadId, long ticks, long weight) {
        if (!stacksOfChunk.add(stackTraceId)) return;
        for (long m : chunk.stackMethods(stackTraceId)) {
            if (methodsOfChunk.add(m)) frames.add(chunk.frame(m));
        }
    }

    public Set<Frame> frames() {
        return frames;
    }
}
