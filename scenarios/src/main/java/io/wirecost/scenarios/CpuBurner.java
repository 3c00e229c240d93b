package io.wirecost.scenarios;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Spends a given number of microseconds of CPU in a busy loop whose speed is calibrated once, at start,
 * against the thread's own CPU clock (not wall time, so a loaded machine that preempts the
 * calibration does not skew it). The loop is a xorshift generator: no memory traffic, no allocation,
 * nothing the JIT can remove since its result is published.
 *
 * <p>From 20 µs up the calibration only sizes the steps and the thread's CPU clock decides when the work is done.
 * On a VM the loop's speed per CPU microsecond moves with what the host runs beside it (a busy hyperthread sibling,
 * a burst during the calibration), and a loop of fixed length then burnt markedly less than was asked. Burning half of what remains by the calibrated rate, then reading the clock again,
 * converges in about log2(N) reads; the last 2 µs are burnt by the rate alone. Below 20 µs the rate alone decides:
 * a read of the thread's CPU clock is a system call, a large part of a burn of a few microseconds (what
 * {@code bench gate} injects into rmi), so steering such a burn by the clock overshoots it.
 */
public final class CpuBurner {

    private static final int ROUNDS = 9;
    private static final long ROUND_NANOS = 10_000_000; // 10 ms of CPU per calibration round
    /** Burns shorter than this are not steered by the clock, whose reads would be a large part of them. */
    private static final long STEERED_FROM_NANOS = 20_000;
    /** What is left is burnt by the rate alone: about three reads of the thread's CPU clock here. */
    private static final long LAST_STEP_NANOS = 2_000;

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static volatile long sink;

    private final double iterationsPerMicro;
    private final double roundSpreadPercent;
    private final long calibrationMillis;

    /** A burner with a given rate, for tests of a calibration that no longer holds. */
    static CpuBurner withRate(double iterationsPerMicro) {
        return new CpuBurner(iterationsPerMicro, 0, 0);
    }

    private CpuBurner(double iterationsPerMicro, double roundSpreadPercent, long calibrationMillis) {
        this.iterationsPerMicro = iterationsPerMicro;
        this.roundSpreadPercent = roundSpreadPercent;
        this.calibrationMillis = calibrationMillis;
    }

    /** Warms the loop up (so the JIT has compiled it as it will run) and measures iterations per CPU microsecond. */
    public static CpuBurner calibrate() {
        if (!THREADS.isCurrentThreadCpuTimeSupported())
            throw new IllegalStateException("this JVM cannot read thread CPU time");
        long start = System.nanoTime();
        for (int i = 0; i < 200; i++) spin(100_000); // C2 compiles spin() within these 20 M iterations
        long probe = 1_000_000;
        double[] rates = new double[ROUNDS];
        for (int r = 0; r < ROUNDS; r++) {
            long t0 = THREADS.getCurrentThreadCpuTime();
            spin(probe);
            long ns = Math.max(1, THREADS.getCurrentThreadCpuTime() - t0);
            rates[r] = probe * 1000.0 / ns;
            probe = Math.max(100_000, (long) (rates[r] * ROUND_NANOS / 1000)); // size the next round to ~10 ms
        }
        Arrays.sort(rates);
        double median = rates[ROUNDS / 2];
        double spread = 100 * (rates[ROUNDS * 3 / 4] - rates[ROUNDS / 4]) / median;
        return new CpuBurner(median, spread, (System.nanoTime() - start) / 1_000_000);
    }

    /**
     * Busy-loops for {@code micros} µs of this thread's CPU time: from 20 µs up to within about a microsecond, below
     * that as well as the calibration still holds.
     */
    public void burn(double micros) {
        long target = (long) (micros * 1000);
        if (target < STEERED_FROM_NANOS) {
            spin((long) (micros * iterationsPerMicro));
            return;
        }
        long start = THREADS.getCurrentThreadCpuTime();
        for (long left = target; left > 0; left = target - (THREADS.getCurrentThreadCpuTime() - start)) {
            if (left <= LAST_STEP_NANOS) {
                spin((long) (left / 1000.0 * iterationsPerMicro));
                return;
            }
            spin((long) (left / 2000.0 * iterationsPerMicro));
        }
    }

    private static void spin(long iterations) {
        long x = 0x9E3779B97F4A7C15L ^ iterations;
        for (long i = 0; i < iterations; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
        }
        sink = x;
    }

    public double iterationsPerMicro() {
        return iterationsPerMicro;
    }

    /** The calibration as results.json reports it. */
    public Map<String, Object> facts() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("iterations_per_cpu_micro", Math.round(iterationsPerMicro * 100) / 100.0);
        m.put("rounds", ROUNDS);
        m.put("interquartile_spread_percent", Math.round(roundSpreadPercent * 100) / 100.0);
        m.put("calibration_millis", calibrationMillis);
        m.put("stopped_by", "thread CPU clock from " + STEERED_FROM_NANOS / 1000 + " µs");
        return m;
    }
}
