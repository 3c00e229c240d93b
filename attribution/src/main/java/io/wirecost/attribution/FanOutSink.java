package io.wirecost.attribution;

import java.util.List;

/**
 * Hands every sample to several sinks, so that one pass over a recording feeds them all (the agent's
 * categories and its artifact counter read each segment once). Samples are summed per (stack, thread)
 * before they arrive only when none of the sinks needs each sample on its own.
 */
public final class FanOutSink implements SampleSink {

    private final List<SampleSink> sinks;
    private final boolean needsEachSample;
    private final boolean needsRecordedClock;

    public FanOutSink(List<SampleSink> sinks) {
        this.sinks = List.copyOf(sinks);
        this.needsEachSample = this.sinks.stream().anyMatch(SampleSink::needsEachSample);
        this.needsRecordedClock = this.sinks.stream().anyMatch(SampleSink::needsRecordedClock);
    }

    @Override
    public void beginChunk(ChunkView chunk) {
        for (SampleSink s : sinks) s.beginChunk(chunk);
    }

    @Override
    public void sample(int stackTraceId, int threadId, long ticks, long weight) {
        for (SampleSink s : sinks) s.sample(stackTraceId, threadId, ticks, weight);
    }

    @Override
    public void samples(int stackTraceId, int threadId, long weight, long events, double weightSquares) {
        for (SampleSink s : sinks) s.samples(stackTraceId, threadId, weight, events, weightSquares);
    }

    @Override
    public boolean needsEachSample() {
        return needsEachSample;
    }

    @Override
    public boolean needsRecordedClock() {
        return needsRecordedClock;
    }
}
