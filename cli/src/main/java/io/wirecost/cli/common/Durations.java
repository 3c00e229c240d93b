package io.wirecost.cli.common;

import io.wirecost.runner.UsageException;
import java.util.Locale;

/**
 * The one duration syntax of every option: a whole number with a unit, {@code 500us}, {@code 500ms},
 * {@code 40s}, {@code 2m}, {@code 1h} (also {@code ns}); a bare number is nanoseconds, as the agent's
 * {@code interval=} takes it.
 */
public final class Durations {

    /** What a duration option accepts, for its one-line error. */
    public static final String ACCEPTS = "a duration like 500ms, 40s, 2m or 1h";

    /** Longest suffix first: "ms" must be tried before "m" and "s". */
    private static final String[] UNITS = {"ns", "us", "ms", "s", "m", "h"};

    private static final long[] NANOS = {1L, 1_000L, 1_000_000L, 1_000_000_000L, 60_000_000_000L, 3_600_000_000_000L};

    private Durations() {}

    public static long parseNanos(String option, String text) {
        return parse(option, text, false);
    }

    /** Like {@link #parseNanos} but zero is allowed: an offset, not an interval. */
    public static long parseOffsetNanos(String option, String text) {
        return parse(option, text, true);
    }

    private static long parse(String option, String text, boolean zeroAllowed) {
        String t = text.toLowerCase(Locale.ROOT).trim();
        long unit = 1;
        for (int i = 0; i < UNITS.length; i++) {
            if (t.endsWith(UNITS[i])) {
                unit = NANOS[i];
                t = t.substring(0, t.length() - UNITS[i].length());
                break;
            }
        }
        try {
            long v = Math.multiplyExact(Long.parseLong(t), unit);
            if (v > 0 || zeroAllowed && v == 0) return v;
        } catch (NumberFormatException | ArithmeticException e) {
            // fall through to the one-line error
        }
        throw new UsageException(
                option + " must be " + (zeroAllowed ? "zero or " : "") + ACCEPTS + ", got '" + text + "'");
    }
}
