package io.wirecost.cli.common;

import io.wirecost.runner.UsageException;

/**
 * The range checks of numeric options, each refusal one line in the same words: "--repeat must be at least 1, got
 * 0", "--clients must be 1 to 500, got 600", "--threshold must not be negative, got -1.0".
 */
public final class Bounds {

    private Bounds() {}

    public static void atLeast(String option, long value, long least) {
        if (value < least) throw new UsageException(option + " must be at least " + least + ", got " + value);
    }

    public static void within(String option, long value, long low, long high) {
        if (value < low || value > high)
            throw new UsageException(option + " must be " + low + " to " + high + ", got " + value);
    }

    public static void notNegative(String option, long value) {
        if (value < 0) throw new UsageException(option + " must not be negative, got " + value);
    }

    /** NaN is refused too: no comparison holds for it. */
    public static void notNegative(String option, double value) {
        if (!(value >= 0)) throw new UsageException(option + " must not be negative, got " + value);
    }
}
