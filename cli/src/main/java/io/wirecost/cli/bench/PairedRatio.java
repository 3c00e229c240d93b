package io.wirecost.cli.bench;

import org.apache.commons.math3.distribution.TDistribution;

/**
 * The ratio of two interleaved measurements, round by round: the geometric mean of the per-round
 * ratios with a 95 % t interval on their logarithms. Pairing each run with its neighbour cancels
 * most of a shared machine's drifting load; the logarithm makes 0.5 and 2 symmetric.
 */
record PairedRatio(double ratio, double low, double high, int rounds) {

    /** Refuses fewer than two rounds for {@code --rounds}: one round has no interval. */
    static void checkRounds(int rounds) {
        if (rounds < 2)
            throw new io.wirecost.runner.UsageException(
                    "--rounds must be at least 2 (an interval needs two), got " + rounds);
    }

    static PairedRatio of(double[] ours, double[] theirs) {
        int n = ours.length;
        double[] logs = new double[n];
        double mean = 0;
        for (int i = 0; i < n; i++) {
            logs[i] = Math.log(ours[i] / theirs[i]);
            mean += logs[i] / n;
        }
        if (n < 2) return new PairedRatio(Math.exp(mean), Double.NaN, Double.NaN, n);
        double ss = 0;
        for (double l : logs) ss += (l - mean) * (l - mean);
        double half = new TDistribution(null, n - 1).inverseCumulativeProbability(0.975) * Math.sqrt(ss / (n - 1) / n);
        return new PairedRatio(Math.exp(mean), Math.exp(mean - half), Math.exp(mean + half), n);
    }

    /**
     * A goal of a ratio at most {@code most}, judged on the interval's upper end: {@code MET}, {@code NOT met}, or not
     * shown where only the point estimate meets it.
     */
    String goal(double most) {
        return high <= most ? "MET" : ratio <= most ? "not shown (point estimate meets it)" : "NOT met";
    }

    @Override
    public String toString() {
        return String.format(
                java.util.Locale.ROOT, "%.2f (95 %% CI %.2f to %.2f, %d rounds)", ratio, low, high, rounds);
    }
}
