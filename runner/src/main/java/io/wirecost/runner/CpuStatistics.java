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
 */
public record CpuStatistics(
        String operation, String role, Estimate perCallMicros, long invocations, List<Double> keptMicros) {

    public CpuStatistics {
        keptMicros = List.copyOf(keptMicros);
    }

    /** From CPU nanoseconds per measurement of {@code perMeasurement} calls; at least 3 measurements. */
    public static CpuStatistics of(String operation, String role, long[] cpuNanos, int perMeasurement) {
        double[] kept = KeptMeasurements.perCallMicros(operation, cpuNanos, perMeasurement);
        return new CpuStatistics(
                operation,
                role,
                Estimate.mean(kept),
                (long) cpuNanos.length * perMeasurement,
                Arrays.stream(kept).boxed().toList());
    }

    public double meanMicros() {
        return perCallMicros.value();
    }
}
