package io.wirecost.diff;

/**
 * The statistics behind the diff's verdicts. Time ratios get a percentile bootstrap interval (no
 * normality assumed; seeded, so a diff is reproducible); share differences a Welch interval whose
 * variance is the spread between repetitions (sampling error and run-to-run variance together), or
 * the binomial variance when a side has a single repetition.
 */
public final class Stats {

    /**
     * An estimate with its 95 % interval and the two-sided p-value of "no change" (NaN where no test
     * rests on between-run variance, e.g. a bootstrap over one repetition's measurements).
     */
    public record Interval(double estimate, double low, double high, double p) {
        public Interval(double estimate, double low, double high) {
            this(estimate, low, high, Double.NaN);
        }
    }

    private Stats() {}

    /** mean(candidate) / mean(baseline) with a bootstrap 95 % interval: for many samples per side. */
    public static Interval ratio(double[] baseline, double[] candidate) {
        return Bootstrap.interval(baseline, candidate, Stats::mean, Stats::mean, (a, b) -> b / a);
    }

    /**
     * Ratio of geometric means of per-repetition values with a Welch t interval on their logarithms:
     * with the 3 to 10 repetitions a diff has, a bootstrap's interval is too narrow, the t interval is honest.
     */
    public static Interval ratioOfRepetitions(double[] baseline, double[] candidate) {
        double[] lb = logs(baseline);
        double[] lc = logs(candidate);
        double vb = sampleVariance(lb) / lb.length;
        double vc = sampleVariance(lc) / lc.length;
        double d = mean(lc) - mean(lb);
        double df = welchDf(vb, lb.length, vc, lc.length);
        double half = tQuantile975(df) * Math.sqrt(vb + vc);
        return new Interval(Math.exp(d), Math.exp(d - half), Math.exp(d + half), welchP(d, vb + vc, df));
    }

    /**
     * Two-sided p-value of a Welch t statistic {@code difference / sqrt(variance)}. Zero variance on both
     * sides (message sizes, which do not vary): any difference is certain, none is no evidence.
     */
    public static double welchP(double difference, double variance, double df) {
        if (variance <= 0 || Double.isNaN(variance)) return difference == 0 ? 1.0 : 0.0;
        double t = Math.abs(difference) / Math.sqrt(variance);
        double tail = Double.isInfinite(df)
                ? 1 - new org.apache.commons.math3.distribution.NormalDistribution().cumulativeProbability(t)
                : 1 - new org.apache.commons.math3.distribution.TDistribution(df).cumulativeProbability(t);
        return Math.min(1.0, 2 * tail);
    }

    /**
     * Difference of two means given as mean and 95 % interval over {@code n} repetitions each (cpu.csv's
     * rows), as a ratio with a Welch interval. The interval is taken as mean ± t(n-1)·s/√n, so the
     * standard error is its half-width over that quantile; a one-repetition side yields no test.
     */
    public static Interval ratioOfSummaries(double meanB, double halfB, int nB, double meanC, double halfC, int nC) {
        if (nB < 2 || nC < 2 || meanB <= 0) return new Interval(meanC / meanB, Double.NaN, Double.NaN);
        double vb = Math.pow(halfB / tQuantile975(nB - 1), 2);
        double vc = Math.pow(halfC / tQuantile975(nC - 1), 2);
        double d = meanC - meanB;
        double df = welchDf(vb, nB, vc, nC);
        double half = tQuantile975(df) * Math.sqrt(vb + vc);
        return new Interval(meanC / meanB, (d - half) / meanB + 1, (d + half) / meanB + 1, welchP(d, vb + vc, df));
    }

    private static double[] logs(double[] v) {
        double[] l = new double[v.length];
        for (int i = 0; i < v.length; i++) l[i] = Math.log(v[i]);
        return l;
    }

    private static double sampleVariance(double[] v) {
        double m = mean(v);
        double s = 0;
        for (double x : v) s += (x - m) * (x - m);
        return s / (v.length - 1);
    }

    /**
     * Difference in percentage points between two shares. {@code base}/{@code cand}: per repetition,
     * {samples in the category, middleware samples}.
     */
    public static Interval shareDifference(long[][] base, long[][] cand) {
        double[] pb = shares(base);
        double[] pc = shares(cand);
        double mb = mean(pb);
        double mc = mean(pc);
        double vb = variance(pb, base) / pb.length;
        double vc = variance(pc, cand) / pc.length;
        double se = Math.sqrt(vb + vc);
        double df = welchDf(vb, pb.length, vc, pc.length);
        double t = tQuantile975(df);
        double d = 100 * (mc - mb);
        boolean repeated = pb.length >= 2 && pc.length >= 2;
        return new Interval(
                d, d - 100 * t * se, d + 100 * t * se, repeated ? welchP(mc - mb, vb + vc, df) : Double.NaN);
    }

    private static double[] shares(long[][] reps) {
        double[] p = new double[reps.length];
        for (int i = 0; i < reps.length; i++) p[i] = reps[i][1] == 0 ? 0 : (double) reps[i][0] / reps[i][1];
        return p;
    }

    /** Between-repetition variance; with one repetition, the binomial variance of its share. */
    private static double variance(double[] p, long[][] reps) {
        if (p.length < 2) return reps[0][1] == 0 ? 0 : p[0] * (1 - p[0]) / reps[0][1];
        double m = mean(p);
        double s = 0;
        for (double x : p) s += (x - m) * (x - m);
        double between = s / (p.length - 1);
        // never below what sampling alone explains (a few repetitions can agree by chance)
        double binomial = 0;
        for (int i = 0; i < p.length; i++) binomial += reps[i][1] == 0 ? 0 : p[i] * (1 - p[i]) / reps[i][1];
        return Math.max(between, binomial / p.length);
    }

    static double welchDf(double vb, int nb, double vc, int nc) {
        if (nb < 2 || nc < 2) return Double.POSITIVE_INFINITY; // binomial variance: the normal quantile
        double num = (vb + vc) * (vb + vc);
        double den = vb * vb / (nb - 1) + vc * vc / (nc - 1);
        return den == 0 ? Double.POSITIVE_INFINITY : num / den;
    }

    /** Two-sided 95 % quantile of Student's t; fractional Welch degrees of freedom are kept, not rounded down. */
    public static double tQuantile975(double df) {
        if (Double.isInfinite(df) || df > 1e6) return 1.959964;
        return new org.apache.commons.math3.distribution.TDistribution(Math.max(df, 1.0))
                .inverseCumulativeProbability(0.975);
    }

    static double mean(double[] v) {
        double s = 0;
        for (double x : v) s += x;
        return s / v.length;
    }

    static double geomean(double[] v) {
        double s = 0;
        for (double x : v) s += Math.log(x);
        return Math.exp(s / v.length);
    }
}
