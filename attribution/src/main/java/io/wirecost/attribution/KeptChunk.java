package io.wirecost.attribution;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongUnaryOperator;

/**
 * A chunk's view as far as its kept samples reach, for {@link SampleCapture}: the stacks (the reader's own arrays,
 * which stay as they are: {@link ChunkView#stackMethods}), the frames they name, the threads' names, and either the
 * sums per (stack, thread) or each sample in order with the chunk's clock. The reader's view is asked only while
 * its chunk is read ({@link #end}), so a kept chunk does not hold on to the reader's structures.
 */
final class KeptChunk implements ChunkView {

    private ChunkView source;
    /** The sums per (stack, thread), or null where each sample is kept. */
    private final StackTally tally;
    /** Each sample, or null where only sums are kept. */
    private final KeptSamples samples;

    private final LongUnaryOperator clock;
    /**
     * A kept stack's place in {@link #stacks} and {@link #types} by its id: every sum or sample asks for its stack,
     * on capture and again on replay, and a map of boxed ids made those lookups a third of pack:auto's own work.
     */
    private final LongIntMap stackIndex = new LongIntMap();

    private final List<long[]> stacks = new ArrayList<>();
    private final List<byte[]> types = new ArrayList<>();
    /**
     * A frame's place in {@link #frames}, per frame type ({@code type & 0xFF}) by method id: read once per method and
     * type, as the classifier does, for any method id.
     */
    private final LongIntMap[] frameIndex = new LongIntMap[256];

    private final List<Frame> frames = new ArrayList<>();
    private final Map<Integer, String> threadNames = new HashMap<>();
    private final Map<Integer, Long> javaThreadIds = new HashMap<>();
    private final long recordingStartNanos;
    private final long ticksPerSecond;
    private final long[] tickRange;
    /** As a sink asks it: at the chunk's first sample (the setting may be an event of the chunk), else at its end. */
    private long sampleIntervalNanos;

    private String sampleEvent;
    private boolean intervalKnown;

    /** What the kept stacks and frames take, roughly (arrays, not the maps' entries). */
    private long stackBytes;

    KeptChunk(ChunkView chunk, boolean eachSample) {
        source = chunk;
        tally = eachSample ? null : new StackTally();
        samples = eachSample ? new KeptSamples() : null;
        clock = eachSample ? chunk.epochClock() : null;
        recordingStartNanos = chunk.recordingStartNanos();
        ticksPerSecond = chunk.ticksPerSecond();
        long[] range = chunk.tickRange();
        tickRange = range == null ? null : range.clone();
    }

    void keepSample(int stackTraceId, int threadId, long ticks, long weight) {
        reach(stackTraceId, threadId);
        if (samples != null) samples.add(stackTraceId, threadId, ticks, weight);
        else tally.add(stackTraceId, threadId, weight);
    }

    void keepSums(int stackTraceId, int threadId, long weight, long events, double weightSquares) {
        reach(stackTraceId, threadId);
        if (samples != null) samples.addSums(stackTraceId, threadId, weight, events, weightSquares);
        else tally.add(stackTraceId, threadId, weight, events, weightSquares);
    }

    /** The chunk is read: what the sinks may still ask is kept, the reader's view let go. */
    void end() {
        if (source == null) return;
        interval();
        source = null;
    }

    /** Feeds {@code sink} what was kept, as the reader fed the capture. */
    void replayInto(SampleSink sink) {
        if (samples != null) samples.replayInto(sink);
        else tally.forEach(sink::samples);
    }

    List<Frame> frames() {
        return frames;
    }

    /**
     * About the bytes this chunk keeps: the samples' or sums' arrays and the stacks'; the frames and threads are those
     * a reading of the chunk holds anyway.
     */
    long bytes() {
        return (samples != null ? samples.bytes() : tally.bytes()) + stackBytes;
    }

    private void reach(int stackTraceId, int threadId) {
        if (!intervalKnown) interval();
        if (stackIndex.get(stackTraceId, -1) < 0) {
            long[] methods = source.stackMethods(stackTraceId);
            byte[] frameTypes = source.stackTypes(stackTraceId);
            stackIndex.put(stackTraceId, stacks.size());
            stacks.add(methods);
            types.add(frameTypes);
            stackBytes += methods.length * (long) (Long.BYTES + 1);
            for (int i = 0; i < methods.length; i++) keepFrame(methods[i], ChunkView.typeAt(frameTypes, i));
        }
        if (!threadNames.containsKey(threadId)) {
            threadNames.put(threadId, source.threadName(threadId));
            javaThreadIds.put(threadId, source.javaThreadId(threadId));
        }
    }

    private void interval() {
        sampleIntervalNanos = source.sampleIntervalNanos();
        sampleEvent = source.sampleEvent();
        intervalKnown = true;
    }

    private void keepFrame(long methodId, byte type) {
        LongIntMap index = frameIndex[type & 0xFF];
        if (index == null) frameIndex[type & 0xFF] = index = new LongIntMap();
        if (index.get(methodId, -1) < 0) {
            index.put(methodId, frames.size());
            frames.add(source.frame(methodId, type));
        }
    }

    @Override
    public long[] stackMethods(int stackTraceId) {
        int i = stackIndex.get(stackTraceId, -1);
        return i < 0 ? new long[0] : stacks.get(i);
    }

    @Override
    public byte[] stackTypes(int stackTraceId) {
        int i = stackIndex.get(stackTraceId, -1);
        return i < 0 ? new byte[0] : types.get(i);
    }

    @Override
    public Frame frame(long methodId, byte frameType) {
        LongIntMap index = frameIndex[frameType & 0xFF];
        int i = index == null ? -1 : index.get(methodId, -1);
        if (i < 0) throw new IllegalStateException("method " + methodId + " is on no kept stack");
        return frames.get(i);
    }

    @Override
    public String threadName(int threadId) {
        return threadNames.get(threadId);
    }

    @Override
    public long javaThreadId(int threadId) {
        return javaThreadIds.getOrDefault(threadId, -1L);
    }

    @Override
    public long epochNanos(long ticks) {
        if (clock == null) throw new IllegalStateException("a capture of sums keeps no sample times");
        return clock.applyAsLong(ticks);
    }

    @Override
    public LongUnaryOperator epochClock() {
        if (clock == null) throw new IllegalStateException("a capture of sums keeps no sample times");
        return clock;
    }

    @Override
    public long recordingStartNanos() {
        return recordingStartNanos;
    }

    @Override
    public long ticksPerSecond() {
        return ticksPerSecond;
    }

    @Override
    public long[] tickRange() {
        return tickRange == null ? null : tickRange.clone();
    }

    @Override
    public long sampleIntervalNanos() {
        return sampleIntervalNanos;
    }

    @Override
    public String sampleEvent() {
        return sampleEvent;
    }
}
