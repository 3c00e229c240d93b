package io.wirecost.attribution;

import java.util.Arrays;

/**
 * Weight per (stack id, thread id) within one chunk: the reader sums samples here and hands each
 * distinct pair to the sink once, as async-profiler's converter aggregates by stack, so a recording of
 * millions of samples over a few hundred stacks costs a few hundred classifications and no per-sample
 * boxing. Hand-written open addressing on primitive arrays because the engine has no primitive
 * collections library and one map of longs does not justify adding one.
 */
final class StackTally {

    private long[] keys = new long[1024];
    private long[] weights = new long[1024];
    /** Events per pair and the sum of their weights' squares: what an interval over weights needs. */
    private long[] events = new long[1024];

    private double[] squares = new double[1024];
    private boolean[] used = new boolean[1024];
    private int size;

    /** The bytes its tables take, for a caller that bounds what it keeps. */
    long bytes() {
        return keys.length * (3L * Long.BYTES + Double.BYTES + 1);
    }

    void add(int stackTraceId, int threadId, long weight) {
        add(stackTraceId, threadId, weight, 1, (double) weight * weight);
    }

    void add(int stackTraceId, int threadId, long weight, long n, double weightSquares) {
        long key = ((long) stackTraceId << 32) | (threadId & 0xFFFFFFFFL);
        int mask = keys.length - 1;
        int i = (int) ((key * 0x9E3779B97F4A7C15L) >>> 40) & mask;
        while (used[i]) {
            if (keys[i] == key) {
                weights[i] += weight;
                events[i] += n;
                squares[i] += weightSquares;
                return;
            }
            i = (i + 1) & mask;
        }
        used[i] = true;
        keys[i] = key;
        weights[i] = weight;
        events[i] = n;
        squares[i] = weightSquares;
        // filled up to three quarters: a chunk's tallies are kept until every chunk is read, and their free slots
        // are copied by the collector like the rest
        if (++size > keys.length / 4 * 3) grow();
    }

    /** Passes every pair to the sink once, in no particular order, and empties the tally for the next chunk. */
    void drainTo(SampleSink sink) {
        forEach(sink::samples);
        Arrays.fill(used, false);
        size = 0;
    }

    /** One (stack, thread) pair's sums. */
    interface Pair {
        void accept(int stackTraceId, int threadId, long weight, long events, double weightSquares);
    }

    void forEach(Pair to) {
        for (int i = 0; i < keys.length; i++) {
            if (used[i]) to.accept((int) (keys[i] >>> 32), (int) keys[i], weights[i], events[i], squares[i]);
        }
    }

    private void grow() {
        long[] oldKeys = keys;
        long[] oldWeights = weights;
        long[] oldEvents = events;
        double[] oldSquares = squares;
        boolean[] oldUsed = used;
        keys = new long[oldKeys.length * 2];
        weights = new long[oldKeys.length * 2];
        events = new long[oldKeys.length * 2];
        squares = new double[oldKeys.length * 2];
        used = new boolean[oldKeys.length * 2];
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldUsed[i])
                add((int) (oldKeys[i] >>> 32), (int) oldKeys[i], oldWeights[i], oldEvents[i], oldSquares[i]);
        }
    }
}
