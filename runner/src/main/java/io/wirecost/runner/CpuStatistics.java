package io.wirecost.runner;

import java.util.Arrays;
import java.util.List;

/**
 * CPU time per call of one role's JVM (or of both, role {@code all}) over the timed pass, by the papers'
 * method applied to CPU instead of wall time: of the measurements, minimum and maximum are dropped and
 * the rest averaged, with a 95 % Student t interval from their spread.
 *
 * @param operation   data type, or {@code primitives-geomean}
 * @param role        {@code client}, {@code server}, {@code proxy} (http-to-port's forward proxy) or {@code all} (the
 *                    processes of the same batches summed)
 * @param perCallMicros CPU microseconds per call with its 95 % interval
 * @param invocations calls behind the figure, extremes included
 * @param keptMicros  CPU microseconds per call of each measurement kept; empty for the geomean
 * @param batchMicros CPU microseconds per call of every measurement in the order taken, extremes included, so that
 *                    the roles of one batch line up (all's batch is the sum of theirs, while all's mean, which drops
 *                    its own extremes, need not be the sum of theirs); empty where there were no batches
 */
public record CpuStatistics(
        String operation,
        String role,
        Estimate perCallMicros,
        long invocations,
        List<Double> keptMicros,
        List<Double> batchMicros) {

    public CpuStatistics {
        keptMicros = List.copyOf(keptMicros);
        batchMicros = List.copyOf(batchMicros);
    }

    /** A figure that was not measured batch by batch. */
    public CpuStatistics(
            String operation, String role, Estimate perCallMicros, long invocations, List<Double> keptMicros) {
        this(operation, role, perCallMicros, invocations, keptMicros, List.of());
    }

    /** From CPU nanoseconds per measurement of {@code perMeasurement} calls; at least 3 measurements. */
    public static CpuStatistics of(String operation, String role, long[] cpuNanos, int perMeasurement) {
        double[] kept = KeptMeasurements.perCallMicros(operation, cpuNanos, perMeasurement);
        return new CpuStatistics(
                operation,
                role,
                Estimate.mean(kept),
                (long) cpuNanos.length * perMeasurement,
                Arrays.stream(kept).boxed().toList(),
                Arrays.stream(KeptMeasurements.inOrder(cpuNanos, perMeasurement))
                        .boxed()
                        .toList());
    }

    public double meanMicros() {
        return perCallMicros.value();
    }
}
