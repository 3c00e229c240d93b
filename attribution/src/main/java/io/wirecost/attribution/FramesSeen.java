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
        long[] methods = chunk.stackMethods(stackTraceId);
        byte[] types = chunk.stackTypes(stackTraceId);
        for (int i = 0; i < methods.length; i++) {
            if (methodsOfChunk.add(methods[i])) frames.add(chunk.frame(methods[i], ChunkView.typeAt(types, i)));
        }
    }

    public Set<Frame> frames() {
        return frames;
    }
}
