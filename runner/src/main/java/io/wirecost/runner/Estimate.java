package io.wirecost.runner;

import java.util.List;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * A figure with its 95 % interval and the degrees of freedom behind it: from the measurement batches of
 * one run (the spread inside the run), or from the repetitions' means with {@code --repeat K >= 2} (the
 * spread between runs, which also holds the machine's drift).
 *
 * @param value the estimate (a mean, a geometric mean or a ratio)
 * @param low   lower end of the 95 % interval (NaN when unknown, e.g. a single sample)
 * @param high  upper end of the 95 % interval
 * @param df    degrees of freedom of the Student t quantile used (0 when unknown)
 */
public record Estimate(double value, double low, double high, double df) {

    public boolean known() {
        return !Double.isNaN(low) && !Double.isNaN(high);
    }

    public boolean contains(double x) {
        return known() && low <= x && x <= high;
    }

    /** Half-width of the interval relative to the value: 0.05 is ±5 %. */
    public double relativeHalfWidth() {
        return known() ? (high - low) / 2 / value : Double.NaN;
    }

    /** Two-sided 95 % quantile of Student's t with {@code df} degrees of freedom. */
    public static double t975(double df) {
        return new TDistribution(null, df).inverseCumulativeProbability(0.975);
    }

    /** The mean of independent samples with a Student t interval (n - 1 degrees of freedom). */
    public static Estimate mean(double[] samples) {
        int n = samples.length;
        double mean = java.util.Arrays.stream(samples).average().orElse(Double.NaN);
        if (n < 2) return new Estimate(mean, Double.NaN, Double.NaN, 0);
        double ss = 0;
        for (double x : samples) ss += (x - mean) * (x - mean);
        double half = t975(n - 1) * Math.sqrt(ss / (n - 1) / n);
        return new Estimate(mean, mean - half, mean + half, n - 1);
    }

    public static Estimate mean(List<Double> samples) {
        return mean(samples.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** Relative standard error, recovered from the interval (the log-scale error of the delta method). */
    private double relativeError() {
        return (high - low) / 2 / t975(df) / value;
    }

    /**
     * Geometric mean of independent estimates; its interval by the delta method on logarithms
     * (var log g = sum of the parts' relative variances / m^2), with the smallest part's degrees of freedom.
     */
    public static Estimate geometricMean(List<Estimate> parts) {
        double logSum = 0;
        double var = 0;
        double df = Double.POSITIVE_INFINITY;
        boolean known = true;
        for (Estimate p : parts) {
            logSum += Math.log(p.value);
            known &= p.known();
            if (p.known()) {
                var += Math.pow(p.relativeError(), 2);
                df = Math.min(df, p.df);
            }
        }
        int m = parts.size();
        double g = Math.exp(logSum / m);
        if (!known || m == 0) return new Estimate(g, Double.NaN, Double.NaN, 0);
        return onLogScale(g, Math.sqrt(var) / m, df);
    }

    /** {@code this / other} for independent estimates, interval by the delta method on logarithms. */
    public Estimate ratio(Estimate other) {
        double r = value / other.value;
        if (!known() || !other.known()) return new Estimate(r, Double.NaN, Double.NaN, 0);
        double se = Math.sqrt(Math.pow(relativeError(), 2) + Math.pow(other.relativeError(), 2));
        return onLogScale(r, se, Math.min(df, other.df));
    }

    private static Estimate onLogScale(double value, double logSe, double df) {
        double half = t975(df) * logSe;
        return new Estimate(value, value * Math.exp(-half), value * Math.exp(half), df);
    }
}
