package io.wirecost.cli;

import java.util.Locale;

/** Parses {@code 10ms}, {@code 500us}, {@code 2s} or bare nanoseconds, as the agent's options do. */
final class Durations {

    private Durations() {
    }

    static long parseNanos(String option, String text) {
        return parse(option, text, false);
    }

    /** Like {@link #parseNanos} but zero is allowed: an offset, not an interval. */
    static long parseOffsetNanos(String option, String text) {
        return parse(option, text, true);
    }

    private static long parse(String option, String text, boolean zeroAllowed) {
        String t = text.toLowerCase(Locale.ROOT).trim();
        long unit = 1;
        for (String[] u : new String[][]{{"ms", "1000000"}, {"us", "1000"}, {"ns", "1"}, {"s", "1000000000"}}) {
            if (t.endsWith(u[0])) {
                unit = Long.parseLong(u[1]);
                t = t.substring(0, t.length() - u[0].length());
                break;
            }
        }
        try {
            long v = Math.multiplyExact(Long.parseLong(t), unit);
            if (v > 0 || zeroAllowed && v == 0) return v;
        } catch (NumberFormatException | ArithmeticException e) {
            // fall through to the one-line error
        }
        throw new UsageException(option + " must be a positive duration like 1ms or 500us, got '" + text + "'");
    }
}
