package io.wirecost.diff;

import java.util.Arrays;
import java.util.Random;
import java.util.function.BinaryOperator;
import java.util.function.Function;

/**
 * The percentile bootstrap behind {@link Stats#ratio}: resampling with a fixed seed, so that a diff is
 * reproducible. It assumes no distribution and shares nothing with the t intervals that make up the rest of
 * {@link Stats}, so its resampling loop stands on its own.
 */
final class Bootstrap {

    private static final int RESAMPLES = 4000;

    private Bootstrap() {}

    /**
     * A statistic of each side's samples compared by {@code compare(baselineStat, candidateStat)},
     * resampling each side with replacement.
     */
    static Stats.Interval interval(
            double[] base,
            double[] cand,
            Function<double[], Double> statA,
            Function<double[], Double> statB,
            BinaryOperator<Double> compare) {
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
        return new Stats.Interval(est, draws[(int) (0.025 * RESAMPLES)], draws[(int) (0.975 * RESAMPLES) - 1]);
    }
}
