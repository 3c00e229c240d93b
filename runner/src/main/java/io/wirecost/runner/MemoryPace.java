package io.wirecost.runner;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * How fast this machine's memory answers, probed from the runner while a scenario is timed: every
 * {@value #PERIOD_MILLIS} ms a thread walks {@value #LOADS} dependent loads through a random cycle over
 * {@value #CYCLE_BYTES} bytes and times them in its own CPU time. ws-security's CPU per call drifted within a
 * timed pass in step with such a chase on the other CPU, while a fixed arithmetic loop kept its pace
 * (docs/measurement.md, "Noise flags"): the steal counter and the load see neither. The runner's JVM is not
 * pinned, so the probe runs beside the scenario JVMs, not on their CPU, and costs a few percent of one CPU. Written here because no maintained library times the memory's latency from inside a
 * JVM; the chase is the textbook one (Sattolo's shuffle makes one cycle, so no load can be predicted).
 */
final class MemoryPace implements AutoCloseable {

    static final int CYCLE_BYTES = 4 << 20;
    static final int LOADS = 20_000;
    static final int PERIOD_MILLIS = 100;
    static final int WARM_ROUNDS = 30;

    private final int[] next;
    private final Thread thread;
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final Object lock = new Object();
    private long[] at = new long[1024];
    private double[] nanosPerLoad = new double[1024];
    private int rounds;
    private volatile boolean stopped;

    /** Not started: {@link #start()} starts one; tests feed {@link #record} themselves. */
    MemoryPace() {
        next = new int[CYCLE_BYTES / Integer.BYTES];
        for (int i = 0; i < next.length; i++) next[i] = i;
        SplittableRandom random = new SplittableRandom(7);
        for (int i = next.length - 1; i > 0; i--) {
            int j = random.nextInt(i);
            int t = next[i];
            next[i] = next[j];
            next[j] = t;
        }
        thread = new Thread(this::loop, "wirecost-memory-pace");
        thread.setDaemon(true);
    }

    /** Starts probing; null where this JVM cannot read a thread's CPU time (the figure would be wall time). */
    static MemoryPace start() {
        ThreadMXBean t = ManagementFactory.getThreadMXBean();
        if (!t.isCurrentThreadCpuTimeSupported() || !t.isThreadCpuTimeEnabled()) return null;
        MemoryPace pace = new MemoryPace();
        pace.thread.start();
        return pace;
    }

    private void loop() {
        int p = 0;
        // unrecorded rounds first, back to back: the chase compiled before its first figure, not interpreted
        for (int i = 0; i < WARM_ROUNDS && !stopped; i++) p = chase(next, p);
        while (!stopped) {
            long when = System.nanoTime();
            long c0 = threads.getCurrentThreadCpuTime();
            p = chase(next, p);
            long c1 = threads.getCurrentThreadCpuTime();
            record(when, (double) (c1 - c0) / LOADS);
            try {
                Thread.sleep(PERIOD_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private static int chase(int[] next, int from) {
        int p = from;
        for (int i = 0; i < LOADS; i++) p = next[p];
        return p;
    }

    void record(long when, double value) {
        synchronized (lock) {
            if (rounds == at.length) {
                at = Arrays.copyOf(at, rounds * 2);
                nanosPerLoad = Arrays.copyOf(nanosPerLoad, rounds * 2);
            }
            at[rounds] = when;
            nanosPerLoad[rounds] = value;
            rounds++;
        }
    }

    /** Nanoseconds per load of the rounds that started in [fromNanos, toNanos) of {@link System#nanoTime()}. */
    double[] between(long fromNanos, long toNanos) {
        synchronized (lock) {
            return java.util.stream.IntStream.range(0, rounds)
                    .filter(i -> at[i] >= fromNanos && at[i] < toNanos)
                    .mapToDouble(i -> nanosPerLoad[i])
                    .toArray();
        }
    }

    /**
     * The memory's pace over the last stretch of [fromNanos, toNanos) against the first, each a tenth of the span
     * and at least 10 s where the span allows (a third each where it is shorter than 30 s): later / earlier nanoseconds
     * per load, above 1 when memory answered more slowly at the end. Null with fewer than 3 rounds in a window.
     */
    Estimate drift(long fromNanos, long toNanos) {
        long span = toNanos - fromNanos;
        long window = span < 30_000_000_000L ? span / 3 : Math.max(10_000_000_000L, span / 10);
        double[] first = between(fromNanos, fromNanos + window);
        double[] last = between(toNanos - window, toNanos);
        if (first.length < 3 || last.length < 3) return null;
        return Estimate.mean(last).ratio(Estimate.mean(first));
    }

    @Override
    public void close() {
        stopped = true;
        thread.interrupt();
    }
}
