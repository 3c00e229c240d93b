package io.wirecost.runner;

import java.util.Arrays;

/**
 * The papers' method (seed 002, section 3), shared by round trips and CPU per call: each measurement times
 * {@code perMeasurement} calls; the slowest and the fastest measurement are dropped and the rest kept.
 */
final class KeptMeasurements {

    private KeptMeasurements() {}

    /** Microseconds per call of each measurement kept, ascending; at least 3 measurements. */
    static double[] perCallMicros(String operation, long[] nanos, int perMeasurement) {
        if (nanos.length < 3) throw new IllegalArgumentException(operation + ": need at least 3 measurements");
        double[] perCall = inOrder(nanos, perMeasurement);
        Arrays.sort(perCall);
        return Arrays.copyOfRange(perCall, 1, perCall.length - 1); // drop min and max
    }

    /** Microseconds per call of every measurement, in the order taken, extremes included. */
    static double[] inOrder(long[] nanos, int perMeasurement) {
        return Arrays.stream(nanos)
                .mapToDouble(n -> n / 1000.0 / perMeasurement)
                .toArray();
    }
}
