package io.wirecost.runner;

import io.wirecost.attribution.stats.Median;
import java.util.List;

/**
 * The adaptive method's two rules, kept apart from the JVMs so they can be tested on fixed inputs. What each
 * rule was measured against is in docs/measurement.md, "The adaptive method".
 *
 * <p><b>When the warm-up has settled.</b> The JIT makes a call faster chunk by chunk and then stops. Two
 * windows of the last {@value #WINDOW} warm-up chunks each (half a second or a second a chunk) are compared: the
 * later window's paces, its slowest chunk left out, must agree within {@value #TOLERANCE_PERCENT} % of their median, and its median must not
 * be faster than the earlier window's by more than {@value #TREND_PERCENT} % (still improving means still
 * compiling). One window alone is not enough: the chunks of a slow stack vary by more than a slow trend moves
 * them, so a single window hid the trend and the types came out faster in the order they were measured. The
 * rule looks at recent chunks rather than a fixed count of calls, because a fixed count is a blink for the
 * fastest stacks and minutes for the slowest. On a noisy machine the rule may never hold; the warm-up's time
 * bound then ends it and results.json says {@code settled: false}.
 *
 * <p><b>When the JIT compiles on another CPU</b> (the default when the JVMs are pinned; {@link CompilerThreads}),
 * the paces show how good the compiled code is, no longer how busy the compiler is: paces can settle while the
 * JIT still takes a good part of a CPU, and that JIT then slows the first types of the timed pass. So the
 * warm-up also reads the compiler threads' CPU time and ends only when, besides the rule above, it was at most
 * {@value #QUIET_COMPILE_PERCENT} % of the last {@value #COMPILE_WINDOW_SECONDS} s
 * ({@link #compilePercent(List, List, int)}). Sending the compiler back to the pinned CPU and waiting there for
 * the paces to settle again (an earlier rule) let noise end a slow stack's warm-up with its JIT still busy.
 *
 * <p><b>How many batches.</b> Batches sized by time are shorter than the papers' 1,000 calls where calls
 * are slow, so each batch mean varies more. The between-batch spread of the papers' batches is drift, not
 * per-call sampling noise, which a batch of a few dozen calls already averages down. Scaling the count by the
 * square root of the shortfall (12 batches at 1,000 calls, up to {@value #MAX_BATCHES} below about 100) keeps the
 * interval, which shrinks with the square root of the batches, at least as narrow as the papers' at both
 * extremes.
 *
 * <p><b>How long to profile.</b> The profiled pass measures the same types in batches until each role has
 * {@value #SAMPLE_BUDGET} CPU samples: its batches are as long as its first {@value #PROFILED_PROBE_BATCHES} per
 * type need to reach the budget by the timed pass's CPU per call ({@link #profiledInvocations}); after them it
 * asks each JVM's profiler how many samples it took and scales ({@link #profiledBatchesFromSamples}); where a
 * profiler does not count them (JFR), it estimates from that role's CPU per call and the sampling interval,
 * calls = budget x interval / CPU per call ({@link #profiledBatches}). Neither CPU figure predicts the samples
 * well on its own: perf-event sampling makes each context switch of a ping-pong dearer, so the timed pass's
 * CPU per call predicts too few samples, and the profiler's own CPU is not itself sampled, so the profiled
 * pass's CPU predicts too many; hence the count from the profiler first. The budget puts a share's binomial
 * 95 % interval within about ±1.4 points at 50 %. At least 3 batches per type (the smallest and largest
 * are dropped from the profiled pass's round trips), at most {@value #PROFILED_BATCH_FACTOR} times the timed
 * pass's calls: the fast scenarios need more calls than their timed pass makes to reach the budget, and even
 * five times their batches take only seconds.
 */
public final class Settle {

    static final int WINDOW = 4;
    static final double TOLERANCE_PERCENT = 10;
    static final double TREND_PERCENT = 3;
    static final int MAX_BATCHES = 40;
    private static final int PAPER_INVOCATIONS = 1_000;
    static final int SAMPLE_BUDGET = 5_000;
    /**
     * --quick's budget: half the adaptive method's, a share's binomial 95 % interval within about ±2 points at
     * 50 %. The profiled pass is bound by samples, not calls, and both JVMs share one CPU, so the budget sets
     * most of a fast scenario's time under --quick.
     */
    static final int QUICK_SAMPLE_BUDGET = 2_500;

    static final int PROFILED_BATCH_FACTOR = 5;
    static final double QUIET_COMPILE_PERCENT = 5;
    /** The time over which the JIT's share is judged, whatever the chunk. */
    static final double COMPILE_WINDOW_SECONDS = 4;

    /** Chunks of {@code chunkSeconds} that make {@link #COMPILE_WINDOW_SECONDS}, at least {@value #WINDOW}. */
    public static int compileWindow(double chunkSeconds) {
        return (int) Math.max(WINDOW, Math.round(COMPILE_WINDOW_SECONDS / chunkSeconds));
    }

    private Settle() {}

    /** Whether the pace per call of successive one-second warm-up chunks (any unit, oldest first) has stopped moving. */
    public static boolean settled(List<Double> paces) {
        return settled(paces, 1);
    }

    /**
     * Whether the pace per call of successive warm-up chunks of {@code chunkSeconds} each has stopped moving: the
     * trend allowed between the two windows is {@value #TREND_PERCENT} % per second of chunk, so half-second chunks,
     * whose windows are 2 s apart instead of 4, allow half of it, and a JIT still improving the pace by 1 % a second
     * keeps the warm-up going at either length.
     */
    public static boolean settled(List<Double> paces, double chunkSeconds) {
        if (paces.size() < 2 * WINDOW) return false;
        double[] later = window(paces, paces.size() - WINDOW);
        double[] earlier = window(paces, paces.size() - 2 * WINDOW);
        double median = Median.ofSorted(later);
        if (!(median > 0)) return false;
        // the slowest chunk of the window is left out: interference only ever slows a chunk (another process, the
        // hypervisor, a collection), and with half-second chunks one such chunk in four kept a fast stack's warm-up
        // going long after its pace was steady; a chunk faster than the rest still counts
        if (100 * (later[WINDOW - 2] - later[0]) / median > TOLERANCE_PERCENT) return false;
        double before = Median.ofSorted(earlier);
        return 100 * (before - median) / before <= TREND_PERCENT * chunkSeconds;
    }

    /**
     * The JIT's CPU over the last {@value #WINDOW} warm-up chunks as a percentage of their wall time, from each
     * chunk's wall time and the compiler threads' cumulative CPU before the first chunk and after each
     * ({@code compiledNanos} one longer than {@code wallNanos}); NaN with fewer chunks or an unreadable (negative)
     * reading.
     */
    public static double compilePercent(List<Long> wallNanos, List<Long> compiledNanos) {
        return compilePercent(wallNanos, compiledNanos, WINDOW);
    }

    /**
     * The JIT's share over the last {@code chunks} chunks. Half-second chunks take eight, so that the JIT is judged
     * over the same span as with one-second chunks: over half of it, one C2 compile of a large method alone would
     * reach the threshold.
     */
    public static double compilePercent(List<Long> wallNanos, List<Long> compiledNanos, int chunks) {
        int n = wallNanos.size();
        if (n < chunks || compiledNanos.size() != n + 1) return Double.NaN;
        long before = compiledNanos.get(n - chunks);
        long after = compiledNanos.get(n);
        if (before < 0 || after < 0) return Double.NaN;
        long wall = 0;
        for (long w : wallNanos.subList(n - chunks, n)) wall += w;
        return wall > 0 ? 100.0 * Math.max(0, after - before) / wall : Double.NaN;
    }

    /** {@value #WINDOW} paces from {@code from}, sorted. */
    private static double[] window(List<Double> paces, int from) {
        double[] w = paces.subList(from, from + WINDOW).stream()
                .mapToDouble(Double::doubleValue)
                .toArray();
        java.util.Arrays.sort(w);
        return w;
    }

    /** Batches per data type for batches of {@code invocations} calls: {@code paperBatches} at the papers' 1,000, more below. */
    public static int batchesFor(int invocations, int paperBatches) {
        if (invocations >= PAPER_INVOCATIONS) return paperBatches;
        int scaled = (int) Math.ceil(paperBatches * Math.sqrt((double) PAPER_INVOCATIONS / invocations));
        return Math.max(paperBatches, Math.min(MAX_BATCHES, scaled));
    }

    /** The most batches per type the profiled pass takes: {@value #PROFILED_BATCH_FACTOR} times the timed pass's. */
    public static int profiledCap(int timedBatches) {
        return PROFILED_BATCH_FACTOR * timedBatches;
    }

    /** The profiled pass's first batches per type, whose samples size the rest; also its minimum (min and max are dropped). */
    public static final int PROFILED_PROBE_BATCHES = 3;

    /**
     * How many times more samples a profiled call gives than the timed pass's CPU per call predicts, at the
     * least: perf-event sampling makes every context switch of a ping-pong dearer, so a profiled call burns
     * several times the CPU (docs/measurement.md). Sizing the probe by the low end keeps it from overshooting
     * the budget several times; where it falls short, the counted samples add batches.
     */
    static final double PROFILED_CPU_FACTOR = 2;

    /**
     * Invocations per batch of the profiled pass: enough that its {@value #PROFILED_PROBE_BATCHES} probe batches
     * per type are expected to bring every role to {@code budget} samples at {@code intervalNs}, judged from
     * the timed pass's CPU per call (primitives' geometric mean per role) and {@link #PROFILED_CPU_FACTOR}; at least
     * {@code minCalls} (a batch long enough that the harness's work between batches stays small beside it), at most
     * the timed pass's {@code invocations}, which is also the answer where CPU per call is unknown. Slow stacks need
     * far fewer profiled calls than their timed pass makes, since each call brings many samples.
     */
    public static int profiledInvocations(
            List<CpuStatistics> timedCpu, long intervalNs, int budget, int invocations, int operations, int minCalls) {
        double callsNeeded = callsForBudget(timedCpu, intervalNs, budget);
        if (!(callsNeeded > 0)) return invocations;
        int n = (int) Math.ceil(callsNeeded / PROFILED_CPU_FACTOR / ((double) PROFILED_PROBE_BATCHES * operations));
        return Math.max(1, Math.min(invocations, Math.max(minCalls, n)));
    }

    /** Calls per role that make {@code budget} samples at {@code intervalNs} by the timed CPU per call; 0 where unknown. */
    private static double callsForBudget(List<CpuStatistics> timedCpu, long intervalNs, int budget) {
        double callsNeeded = 0;
        for (CpuStatistics c : timedCpu) {
            if (!c.operation().equals("primitives-geomean") || c.role().equals("all")) continue;
            double micros = c.perCallMicros().value();
            if (!(micros > 0)) return 0;
            callsNeeded = Math.max(callsNeeded, budget * (intervalNs / 1e3) / micros);
        }
        return callsNeeded;
    }

    /**
     * Batches per type for the profiled pass from samples counted after {@code batchesDone} batches per
     * type: enough for every role to reach {@code budget} at the rate so far; at least
     * {@code batchesDone}, at most {@code capBatches}; {@code fallbackBatches} where a role has no sample at all
     * (a profiler that did not start); {@code -1} when a count is unknown (negative).
     */
    public static int profiledBatchesFromSamples(
            long[] samplesPerRole, int budget, int batchesDone, int fallbackBatches, int capBatches) {
        double batches = batchesDone;
        for (long samples : samplesPerRole) {
            if (samples < 0) return -1;
            if (samples == 0) return Math.max(batchesDone, Math.min(capBatches, fallbackBatches));
            batches = Math.max(batches, Math.ceil((double) budget * batchesDone / samples));
        }
        return (int) Math.max(batchesDone, Math.min(capBatches, batches));
    }

    /**
     * Batches per type of {@code invocations} calls for the profiled pass where the profiler does not count its
     * samples (JFR): enough calls that every role expects {@code budget} samples at {@code intervalNs},
     * judged from a CPU per call measured under the profiler (primitives' geometric mean per role: each ms of a
     * thread's CPU is a sample); {@code fallbackBatches} where that is unknown; between
     * {@value #PROFILED_PROBE_BATCHES} and {@code capBatches}.
     */
    public static int profiledBatches(
            List<CpuStatistics> profiledCpu,
            long intervalNs,
            int budget,
            int invocations,
            int operations,
            int fallbackBatches,
            int capBatches) {
        double callsNeeded = callsForBudget(profiledCpu, intervalNs, budget);
        if (!(callsNeeded > 0)) return Math.min(capBatches, fallbackBatches);
        int batches = (int) Math.ceil(callsNeeded / ((double) invocations * operations));
        return Math.max(PROFILED_PROBE_BATCHES, Math.min(capBatches, batches));
    }
}
