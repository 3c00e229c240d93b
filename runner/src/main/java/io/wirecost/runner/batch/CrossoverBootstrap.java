package io.wirecost.runner.batch;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * 95 % intervals for seed 004's crossover n̂ and for the document / objects ratio at 5 files: a percentile
 * bootstrap that resamples each measured point's transactions (with replacement, as many as were measured), takes
 * their medians again and refits both lines. n̂ is the document line's intercept over the difference of two fitted
 * slopes, so a textbook interval (the delta method) fails exactly where n̂ moves most, when the slopes are close;
 * resampled lines that stop crossing give an infinite end instead, which the tables print as "never". Hand-written
 * because none of the project's libraries (commons-math among them) has a bootstrap; seeded, so the same batch run
 * gives the same table. The latency L is not resampled: neither n̂ nor the ratio depends on it.
 */
final class CrossoverBootstrap {

    static final int RESAMPLES = 2_000;
    private static final long SEED = 20050401L;

    /** Both intervals' ends; NaN where the figure itself is unknown. */
    record Intervals(double crossoverLow, double crossoverHigh, double ratioAt5Low, double ratioAt5High) {}

    private CrossoverBootstrap() {}

    static Intervals of(LatencyResult r, String documentVariant) {
        SplittableRandom random = new SplittableRandom(SEED);
        double[] crossovers = new double[RESAMPLES];
        double[] ratios = new double[RESAMPLES];
        int fits = 0;
        int ratioCount = 0;
        for (int i = 0; i < RESAMPLES; i++) {
            var f = ModelFit.fitted(resample(r, documentVariant, random), documentVariant, false);
            if (f.isEmpty()) continue;
            crossovers[fits++] = f.get().crossover();
            if (f.get().ratioAt5().isPresent())
                ratios[ratioCount++] = f.get().ratioAt5().getAsDouble();
        }
        double[] c = percentiles(Arrays.copyOf(crossovers, fits));
        double[] q = percentiles(Arrays.copyOf(ratios, ratioCount));
        return new Intervals(c[0], c[1], q[0], q[1]);
    }

    /** The 2.5th and 97.5th percentiles (infinite values sort last); NaN for no values. */
    static double[] percentiles(double[] values) {
        if (values.length == 0) return new double[] {Double.NaN, Double.NaN};
        Arrays.sort(values);
        int n = values.length;
        int low = (int) Math.floor(0.025 * (n - 1));
        int high = (int) Math.ceil(0.975 * (n - 1));
        return new double[] {values[low], values[high]};
    }

    private static LatencyResult resample(LatencyResult r, String documentVariant, SplittableRandom random) {
        List<BatchPoint> points = new ArrayList<>();
        for (BatchPoint p : r.points()) {
            if (!p.variant().equals(ModelFit.OBJECTS) && !p.variant().equals(documentVariant)) continue;
            long[] from = p.nanos();
            long[] drawn = new long[from.length];
            for (int j = 0; j < drawn.length; j++) drawn[j] = from[random.nextInt(from.length)];
            points.add(new BatchPoint(p.delayNanos(), p.variant(), p.files(), drawn, p.callsPerTransaction()));
        }
        return new LatencyResult(
                r.delayNanos(), r.proxied(), r.directPingsNanos(), r.pathPingsNanos(), r.reps(), points, r.error());
    }
}
