package io.wirecost.runner.batch;

import java.util.Arrays;

/**
 * The timed transactions of one variant at one batch size and latency.
 *
 * @param nanos               each transaction's wall-clock time, in the order measured
 * @param callsPerTransaction remote calls per transaction counted by the client (5 per file for RMI objects)
 */
public record BatchPoint(long delayNanos, String variant, int files, long[] nanos, double callsPerTransaction) {

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
