package io.wirecost.diff;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Whether the two sides of a diff met the same contention for the CPU. CPU per call, the gate's steadiest
 * cost measure, is not immune to contention: with rmi's JVMs pinned to a CPU that a busy loop also ran
 * on, it rose enough for an A/A false alarm in {@code bench gate} (docs/ci-gate.md), because every switch
 * to the other process leaves caches and TLBs to refill. So a verdict needs both sides measured alike.
 * The measure: the run-queue wait of both JVMs' threads per call during the timed pass
 * ({@code facts.noise.runqueue_wait_micros_per_call}, from schedstat): time ready to run while something
 * else held the CPU. A side whose repetitions waited, on average, more than {@value #FACTOR} times as long
 * per call as the other's and more than {@value #MIN_DIFFERENCE_MICROS} µs more gets no verdict; runs
 * without the figure (older ones) are not judged on it.
 *
 * <p>The factor stops false alarms and false improvements alike (the calibration is in docs/ci-gate.md, point 6):
 * no verdict is the safe answer when conditions differ, as the gate cannot tell which kind it has. Except where the
 * change is far beyond what contention moved: a deciding cost line whose whole 95 % interval lies above
 * +{@value #BEYOND_PERCENT} % (or below its inverse) is judged whatever the contention, since a large regression
 * raises its own side's run-queue wait (its server thread holds the one CPU the pair shares), and withholding a
 * verdict on a change far larger than contention makes is a blind gate.
 */
final class Contention {

    static final double FACTOR = 2;
    static final double MIN_DIFFERENCE_MICROS = 2;
    /** A cost change this far beyond zero (percent, either way as a ratio) is more than contention explains. */
    static final double BEYOND_PERCENT = 50;

    private Contention() {}

    /** Why the sides are not comparable, or empty when they are (or when either lacks the figure). */
    static Optional<String> unequal(List<RunData.Repetition> base, List<RunData.Repetition> cand) {
        double a = mean(base);
        double b = mean(cand);
        if (Double.isNaN(a) || Double.isNaN(b)) return Optional.empty();
        double low = Math.min(a, b);
        double high = Math.max(a, b);
        if (high - low <= MIN_DIFFERENCE_MICROS || high <= FACTOR * low) return Optional.empty();
        return Optional.of(String.format(
                Locale.ROOT,
                "the sides met different contention for the CPU (run-queue wait per call "
                        + "%.1f vs %.1f µs): rerun both on a quieter machine or interleaved (run --interleave)",
                a,
                b));
    }

    /** Whether a cost change's 95 % interval (percent) lies wholly beyond what contention moved CPU per call by. */
    static boolean beyondContention(double ciLowPercent, double ciHighPercent) {
        double up = BEYOND_PERCENT;
        double down = 100 * (1 / (1 + BEYOND_PERCENT / 100) - 1);
        return ciLowPercent > up || ciHighPercent < down;
    }

    private static double mean(List<RunData.Repetition> reps) {
        double sum = 0;
        for (RunData.Repetition r : reps) {
            if (Double.isNaN(r.waitMicrosPerCall())) return Double.NaN;
            sum += r.waitMicrosPerCall();
        }
        return reps.isEmpty() ? Double.NaN : sum / reps.size();
    }
}
