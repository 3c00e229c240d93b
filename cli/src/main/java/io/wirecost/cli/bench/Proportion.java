package io.wirecost.cli.bench;

import org.apache.commons.math3.distribution.BetaDistribution;

/**
 * A rate of {@code hits} in {@code n} trials with its exact (Clopper-Pearson) 95 % interval: with the
 * 10 to 50 trials a gate benchmark affords, normal approximations give intervals below 0 or above 1.
 */
public record Proportion(int hits, int n, double low, double high) {

    public static Proportion of(int hits, int n) {
        if (n <= 0) return new Proportion(hits, n, Double.NaN, Double.NaN);
        double low = hits == 0 ? 0 : new BetaDistribution(hits, n - hits + 1.0).inverseCumulativeProbability(0.025);
        double high = hits == n ? 1 : new BetaDistribution(hits + 1.0, n - hits).inverseCumulativeProbability(0.975);
        return new Proportion(hits, n, low, high);
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
