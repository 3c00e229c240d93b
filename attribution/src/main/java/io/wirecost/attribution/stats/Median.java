package io.wirecost.attribution.stats;

import java.util.Arrays;

/**
 * The one median of wirecost's modules: of an even count it is the mean of the two middle values. It lives in the
 * engine's module because every other module depends on that one.
 *
 * <pre>{@code
 * Median.of(new double[] {3, 1, 2});   // 2.0, the input left as it was
 * Median.ofSorted(new double[] {1, 2, 3, 4}); // 2.5
 * Median.of(new double[0]);             // NaN
 * }</pre>
 */
public final class Median {

    private Median() {}

    /** The median of {@code values} in any order, which are not changed; NaN for none. */
    public static double of(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return ofSorted(sorted);
    }

    /** The median of values already sorted ascending (not checked); NaN for none. */
    public static double ofSorted(double[] sorted) {
        int n = sorted.length;
        if (n == 0) return Double.NaN;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /**
     * The median of {@code values} in any order, which are not changed; of an even count the two middle values'
     * mean rounded toward zero, as long division does. A long has no NaN, so none is an error.
     *
     * @throws IllegalArgumentException for no values
     */
    public static long of(long[] values) {
        if (values.length == 0) throw new IllegalArgumentException("the median of no values");
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
