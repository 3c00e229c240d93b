package io.wirecost.runner;

import java.util.Arrays;
import java.util.List;

/**
 * Round-trip statistics by the papers' method: of {@code reps} measurements the minimum and maximum
 * are dropped, and the mean, variance and coefficient of variation of the remaining per-invocation
 * times are reported (seed 002, section 3).
 *
 * @param operation    data type ({@code int} ... {@code string}), {@code primitives-geomean} or {@code instantiation}
 * @param meanMicros   mean time per invocation, microseconds
 * @param stddevMicros standard deviation of the per-measurement means, microseconds (NaN for the geomean)
 * @param cvPercent    coefficient of variation, percent (NaN for the geomean)
 * @param invocations  calls behind the figure, extremes included
 * @param keptMicros   the per-invocation time of each measurement kept (extremes dropped), for diffs;
 *                     empty for the geomean
 * @param interval     the mean with its 95 % interval: Student t over the kept measurements, the delta
 *                     method for the geomean
 */
public record RttStatistics(
        String operation,
        double meanMicros,
        double stddevMicros,
        double cvPercent,
        long invocations,
        List<Double> keptMicros,
        Estimate interval) {

    public RttStatistics {
        if (!(meanMicros > 0))
            throw new IllegalArgumentException(operation + ": mean must be positive, got " + meanMicros);
        keptMicros = List.copyOf(keptMicros);
    }

    /** The interval from the kept measurements (none without them). */
    public RttStatistics(
            String operation,
            double meanMicros,
            double stddevMicros,
            double cvPercent,
            long invocations,
            List<Double> keptMicros) {
        this(
                operation,
                meanMicros,
                stddevMicros,
                cvPercent,
                invocations,
                keptMicros,
                keptMicros.size() >= 2
                        ? Estimate.mean(keptMicros)
                        : new Estimate(meanMicros, Double.NaN, Double.NaN, 0));
    }

    /** From raw nanoseconds per measurement, each of {@code perMeasurement} invocations. */
    public static RttStatistics of(String operation, long[] nanos, int perMeasurement) {
        double[] kept = KeptMeasurements.perCallMicros(operation, nanos, perMeasurement);
        double mean = Arrays.stream(kept).average().orElseThrow();
        double var = Arrays.stream(kept).map(x -> (x - mean) * (x - mean)).sum() / (kept.length - 1);
        double sd = Math.sqrt(var);
        return new RttStatistics(
                operation,
                mean,
                sd,
                100 * sd / mean,
                (long) nanos.length * perMeasurement,
                Arrays.stream(kept).boxed().toList());
    }

    /** Seed 002 summarises the primitives by their geometric mean. */
    public static RttStatistics geometricMean(String operation, List<RttStatistics> parts) {
        Estimate g = Estimate.geometricMean(
                parts.stream().map(RttStatistics::interval).toList());
        long n = parts.stream().mapToLong(RttStatistics::invocations).sum();
        return new RttStatistics(operation, g.value(), Double.NaN, Double.NaN, n, List.of(), g);
    }
}
