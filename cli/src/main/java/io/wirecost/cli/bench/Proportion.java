package io.wirecost.cli.bench;

import org.apache.commons.math3.distribution.BetaDistribution;

/**
 * A rate of {@code hits} in {@code n} trials with its exact (Clopper-Pearson) 95 % interval: with the
 * 10 to 50 trials a gate benchmark affords, normal approximations give intervals below 0 or above 1.
 */
public record Proportion(int hits, int n, double low, double high) {

    public static Proportion of(int hits, int n) {
        if (n <= 0) return new Proportion(hits, n, Double.NaN, Double.NaN);
        return new Proportion(hits, n, lower(hits, n, 0.025), upper(hits, n, 0.025));
    }

    /** Clopper-Pearson's lower bound, leaving {@code tail} below it. */
    private static double lower(int hits, int n, double tail) {
        return hits == 0 ? 0 : new BetaDistribution(hits, n - hits + 1.0).inverseCumulativeProbability(tail);
    }

    /** Clopper-Pearson's upper bound, leaving {@code tail} above it. */
    private static double upper(int hits, int n, double tail) {
        return hits == n ? 1 : new BetaDistribution(hits + 1.0, n - hits).inverseCumulativeProbability(1 - tail);
    }

    /**
     * The one-sided 95 % upper bound: the rate is at most this. A goal such as "false alarms at most 5 %" is a
     * one-sided claim, shown when this bound is below it (0 in 59 trials: 4.95 %); the two-sided interval's upper
     * end, at 97.5 %, needs 0 in 72.
     */
    public double atMost() {
        return n <= 0 ? Double.NaN : upper(hits, n, 0.05);
    }

    /** The one-sided 95 % lower bound: the rate is at least this (29 in 29 trials: 90.2 %). */
    public double atLeast() {
        return n <= 0 ? Double.NaN : lower(hits, n, 0.05);
    }

    public double rate() {
        return n == 0 ? Double.NaN : (double) hits / n;
    }

    @Override
    public String toString() {
        return String.format(
                java.util.Locale.ROOT,
                "%d/%d = %.0f %% (95 %% CI %.0f to %.0f %%)",
                hits,
                n,
                100 * rate(),
                100 * low,
                100 * high);
    }
}
