package io.wirecost.attribution;

/**
 * One category's part of an attribution, with its sampling uncertainty.
 *
 * @param percent  self mode: percent of its group (of middleware samples for middleware categories, which
 *                 sum to 100; of all samples for JVM-internal ones); inclusive mode: percent of all samples
 *                 whose stack contains the category
 * @param ciLow    lower bound of the 95 % confidence interval of {@code percent}: a Wilson score interval
 *                 over samples, or, where events carry weights (bytes, nanoseconds), the ratio estimator's
 *                 normal interval (see {@link #weighted})
 * @param ciHigh   upper bound
 */
public record CategoryShare(Category category, long samples, double percent, double ciLow, double ciHigh) {

    /** Below this many samples a share is an anecdote, not a measurement: tables flag it. */
    public static final long MIN_SAMPLES = 10;

    static CategoryShare of(Category category, long samples, long of) {
        if (of <= 0) return new CategoryShare(category, samples, 0, 0, 0);
        double[] ci = wilson(samples, of);
        return new CategoryShare(category, samples, 100.0 * samples / of, 100 * ci[0], 100 * ci[1]);
    }

    /**
     * A share of summed weights, {@code weight / of}, with the 95 % interval of a ratio estimator: events are
     * taken as independent draws, each with its weight w and whether it is in the category (y), and the share's
     * variance is sum((w y - p w)^2) / (sum w)^2 (the delta method), which from the sums of squared weights is
     * (squares (1-p)^2 + (ofSquares - squares) p^2) / of^2. With every weight 1 it is the binomial p(1-p)/n;
     * a few heavy events (one 40 MB allocation among many small ones) widen it as they should. Clipped to [0, 1].
     */
    static CategoryShare weighted(Category category, long weight, long of, double squares, double ofSquares) {
        if (of <= 0) return new CategoryShare(category, weight, 0, 0, 0);
        double p = (double) weight / of;
        double variance = (squares * (1 - p) * (1 - p) + Math.max(0, ofSquares - squares) * p * p) / ((double) of * of);
        double half = 1.959964 * Math.sqrt(variance);
        return new CategoryShare(category, weight, 100 * p, 100 * Math.max(0, p - half), 100 * Math.min(1, p + half));
    }

    /**
     * Wilson score interval for a binomial proportion at 95 %: unlike p ± 1.96·sqrt(p(1-p)/n) it stays
     * inside [0, 1] and is honest for shares near 0 and for small n.
     */
    static double[] wilson(long k, long n) {
        double z = 1.959964;
        double p = (double) k / n;
        double denom = 1 + z * z / n;
        double centre = (p + z * z / (2.0 * n)) / denom;
        double half = z * Math.sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / denom;
        return new double[] {Math.max(0, centre - half), Math.min(1, centre + half)};
    }

    public boolean lowConfidence() {
        return samples > 0 && samples < MIN_SAMPLES;
    }
}
