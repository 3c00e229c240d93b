package io.wirecost.cli.diff;

import java.util.Arrays;
import java.util.Random;
import java.util.function.Function;

/**
 * The statistics behind the diff's verdicts. Time ratios get a percentile bootstrap interval (no
 * normality assumed; seeded, so a diff is reproducible); share differences a Welch interval whose
 * variance is the spread between repetitions (sampling error and run-to-run variance together), or
 * the binomial variance when a side has a single repetition.
 */
public final class Stats {

    private static final int RESAMPLES = 4000;

    /** An estimate with its 95 % interval. */
    public record Interval(double estimate, double low, double high) {
        public boolean excludes(double value) {
            return value < low || value > high;
        }
    }

    private Stats() {
    }

    /** mean(candidate) / mean(baseline) with a bootstrap 95 % interval: for many samples per side. */
    public static Interval ratio(double[] baseline, double[] candidate) {
        return bootstrap(baseline, candidate, Stats::mean, Stats::mean, (a, b) -> b / a);
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
        double half = tQuantile975(welchDf(vb, lb.length, vc, lc.length)) * Math.sqrt(vb + vc);
        return new Interval(Math.exp(d), Math.exp(d - half), Math.exp(d + half));
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
     * A statistic of each side's samples compared by {@code compare(baselineStat, candidateStat)},
     * resampling each side with replacement.
     */
    static Interval bootstrap(double[] base, double[] cand, Function<double[], Double> statA, Function<double[], Double> statB,
                              java.util.function.BinaryOperator<Double> compare) {
        double est = compare.apply(statA.apply(base), statB.apply(cand));
        Random rnd = new Random(42);
        double[] draws = new double[RESAMPLES];
        double[] a = new double[base.length];
        double[] b = new double[cand.length];
        for (int i = 0; i < RESAMPLES; i++) {
            for (int j = 0; j < a.length; j++) a[j] = base[rnd.nextInt(base.length)];
            for (int j = 0; j < b.length; j++) b[j] = cand[rnd.nextInt(cand.length)];
            draws[i] = compare.apply(statA.apply(a), statB.apply(b));
        }
        Arrays.sort(draws);
        return new Interval(est, draws[(int) (0.025 * RESAMPLES)], draws[(int) (0.975 * RESAMPLES) - 1]);
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
        return new Interval(d, d - 100 * t * se, d + 100 * t * se);
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

    private static double welchDf(double vb, int nb, double vc, int nc) {
        if (nb < 2 || nc < 2) return Double.POSITIVE_INFINITY;   // binomial variance: the normal quantile
        double num = (vb + vc) * (vb + vc);
        double den = vb * vb / (nb - 1) + vc * vc / (nc - 1);
        return den == 0 ? Double.POSITIVE_INFINITY : num / den;
    }

    /** Two-sided 95 % quantile of Student's t (table for small df, normal beyond 30). */
    static double tQuantile975(double df) {
        double[] table = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
                2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};
        if (Double.isInfinite(df) || df > 30) return 1.960;
        int d = Math.max(1, (int) Math.floor(df));
        return table[d - 1];
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
