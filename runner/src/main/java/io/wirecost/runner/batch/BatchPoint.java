package io.wirecost.runner.batch;

import java.util.Arrays;
import org.apache.commons.math3.distribution.BinomialDistribution;

/**
 * The timed transactions of one variant at one batch size and latency.
 *
 * @param nanos               each transaction's wall-clock time, in the order measured
 * @param callsPerTransaction remote calls per transaction counted by the client (5 per file for RMI objects)
 */
public record BatchPoint(long delayNanos, String variant, int files, long[] nanos, double callsPerTransaction) {

    /** The fewest transactions whose median has a 95 % interval ({@link #medianCiMillis()}). */
    public static final int FEWEST_FOR_MEDIAN_INTERVAL = 6;

    public BatchPoint {
        if (nanos.length == 0) throw new IllegalArgumentException("a point needs at least one transaction");
        nanos = nanos.clone();
    }

    private double[] sortedMillis() {
        return Arrays.stream(nanos).sorted().mapToDouble(n -> n / 1e6).toArray();
    }

    /** What the tables print and the models are fitted to: robust to one slow transaction. */
    public double medianMillis() {
        double[] s = sortedMillis();
        int m = s.length / 2;
        return s.length % 2 == 1 ? s[m] : (s[m - 1] + s[m]) / 2;
    }

    /**
     * The median's distribution-free 95 % interval, {@code [low, high]} in ms: the order statistics k and n + 1 - k
     * with the largest k for which a median lies below the k-th of n transactions with probability at most 2.5 %
     * (Binomial(n, 1/2)), so the coverage is at least 95 % whatever the transactions' distribution (20 of them:
     * the 6th and 15th, 95.9 %). Fewer than 6 transactions cannot give 95 % (5: minimum to maximum is 93.8 %); then
     * both ends are NaN. Order statistics rather than a bootstrap: with 3 to 20 transactions a bootstrap of a median
     * only reshuffles the same few values, and this interval is exact.
     */
    public double[] medianCiMillis() {
        int n = nanos.length;
        int k = medianRank(n);
        if (k < 1) return new double[] {Double.NaN, Double.NaN};
        double[] s = sortedMillis();
        return new double[] {s[k - 1], s[n - k]};
    }

    /** The largest k with P(Binomial(n, 1/2) <= k - 1) <= 0.025; 0 when none. */
    static int medianRank(int n) {
        BinomialDistribution b = new BinomialDistribution(null, n, 0.5);
        int k = 0;
        while (k + 1 <= n / 2 && b.cumulativeProbability(k) <= 0.025) k++;
        return k;
    }

    public double meanMillis() {
        return Arrays.stream(nanos).average().orElseThrow() / 1e6;
    }

    public double stddevMillis() {
        double mean = meanMillis();
        if (nanos.length < 2) return 0;
        double ss = Arrays.stream(nanos)
                .mapToDouble(n -> Math.pow(n / 1e6 - mean, 2))
                .sum();
        return Math.sqrt(ss / (nanos.length - 1));
    }

    public double minMillis() {
        return sortedMillis()[0];
    }

    public double maxMillis() {
        double[] s = sortedMillis();
        return s[s.length - 1];
    }
}
