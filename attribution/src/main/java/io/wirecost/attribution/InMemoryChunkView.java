package io.wirecost.attribution;

import java.util.ArrayList;
import java.util.List;

/**
 * A chunk view over frames, stacks and threads a reader built in memory with dense ids: the collapsed-stacks
 * file and an OTLP profile's dictionary are each one such chunk, where a JFR chunk's ids come from its pools.
 */
abstract class InMemoryChunkView implements ChunkView {
    final List<Frame> frames = new ArrayList<>();
    final List<Byte> frameTypes = new ArrayList<>();
    final List<String> threads = new ArrayList<>();

    /** The frame ids of a stack, innermost first. */
    abstract long[] stack(int stackTraceId);

    @Override
    public long[] stackMethods(int stackTraceId) {
        return stack(stackTraceId);
    }

    @Override
    public byte[] stackTypes(int stackTraceId) {
        long[] s = stack(stackTraceId);
        byte[] t = new byte[s.length];
        for (int i = 0; i < s.length; i++) t[i] = frameTypes.get((int) s[i]);
        return t;
    }

    @Override
    public Frame frame(long methodId, byte frameType) {
        return frames.get((int) methodId);
    }

    @Override
    public String threadName(int threadId) {
        return threadId < 0 ? null : threads.get(threadId);
    }
}
