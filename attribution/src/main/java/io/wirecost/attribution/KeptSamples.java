package io.wirecost.attribution;

import java.util.Arrays;
import java.util.BitSet;
import java.util.function.IntUnaryOperator;

/**
 * One chunk's samples in the order the reader gave them, for a sink that needs each sample with its time: on
 * primitive arrays that grow as they fill, no object per sample (a large recording holds millions). Kept by
 * {@link SampleCapture} past a reading, and by wirecost's own reader ({@link ChunkEvents}) until every chunk is read.
 */
final class KeptSamples {

    private int[] stacks = new int[1024];
    private int[] threads = new int[1024];
    private long[] ticks = new long[1024];
    /** Null while every sample weighs {@link #weight}: a mode's samples mostly weigh alike (a CPU sample, one). */
    private long[] weights;

    private long weight;
    private int size;
    /** The entries that came summed ({@link SampleSink#samples}: a collapsed file's, an OTLP profile's without times). */
    private final BitSet summed = new BitSet();

    private long[] sumEvents = new long[0];
    private double[] sumSquares = new double[0];
    private int sums;

    /** The bytes its arrays take, for a caller that bounds what it keeps. */
    long bytes() {
        long perEntry = 2L * Integer.BYTES + Long.BYTES + (weights == null ? 0 : Long.BYTES);
        return stacks.length * perEntry + sumEvents.length * (long) (Long.BYTES + Double.BYTES);
    }

    void add(int stackTraceId, int threadId, long tick, long w) {
        if (size == stacks.length) grow();
        if (size == 0) weight = w;
        if (weights == null && w != weight) {
            weights = new long[stacks.length];
            Arrays.fill(weights, 0, size, weight);
        }
        stacks[size] = stackTraceId;
        threads[size] = threadId;
        ticks[size] = tick;
        if (weights != null) weights[size] = w;
        size++;
    }

    void addSums(int stackTraceId, int threadId, long w, long events, double weightSquares) {
        if (sums == sumEvents.length) {
            sumEvents = Arrays.copyOf(sumEvents, Math.max(16, sums * 2));
            sumSquares = Arrays.copyOf(sumSquares, sumEvents.length);
        }
        sumEvents[sums] = events;
        sumSquares[sums++] = weightSquares;
        summed.set(size);
        add(stackTraceId, threadId, 0L, w);
    }

    /**
     * These samples with their stack and thread ids mapped (a chunk's into recording-wide ones), sharing their times
     * and weights with this, which is then not added to: a mapping that throws leaves this as it was.
     */
    KeptSamples translated(IntUnaryOperator stackIds, IntUnaryOperator threadIds) {
        KeptSamples out = new KeptSamples();
        out.stacks = new int[stacks.length];
        out.threads = new int[threads.length];
        for (int i = 0; i < size; i++) {
            out.stacks[i] = stackIds.applyAsInt(stacks[i]);
            out.threads[i] = threadIds.applyAsInt(threads[i]);
        }
        out.ticks = ticks;
        out.weights = weights;
        out.weight = weight;
        out.size = size;
        out.summed.or(summed);
        out.sumEvents = sumEvents;
        out.sumSquares = sumSquares;
        out.sums = sums;
        return out;
    }

    /** Feeds {@code sink} every entry as it came: a sample with its ticks, or a sum. */
    void replayInto(SampleSink sink) {
        int sum = 0;
        for (int i = 0; i < size; i++) {
            long w = weights == null ? weight : weights[i];
            if (summed.get(i)) {
                sink.samples(stacks[i], threads[i], w, sumEvents[sum], sumSquares[sum++]);
            } else {
                sink.sample(stacks[i], threads[i], ticks[i], w);
            }
        }
    }

    private void grow() {
        int n = stacks.length * 2;
        stacks = Arrays.copyOf(stacks, n);
        threads = Arrays.copyOf(threads, n);
        ticks = Arrays.copyOf(ticks, n);
        if (weights != null) weights = Arrays.copyOf(weights, n);
    }
}
