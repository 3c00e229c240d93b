package io.wirecost.report;

import java.util.Locale;

/**
 * Numbers with a fixed count of decimals as the reports print them: the digits, point and sign of
 * {@code String.format(Locale.ROOT, "%.2f", v)}. They are formatted for {@link Locale#US}, which writes exactly the
 * same for a pattern without the grouping flag: {@link java.util.Formatter} takes its zero digit and decimal point
 * for Locale.US without looking them up, where any other locale loads the JDK's locale data on first use, a fixed
 * cost at every start of a short command that prints a number ({@code wirecost attribute}'s table and CSV).
 */
public final class Decimals {

    private Decimals() {}

    /** {@code v} with {@code decimals} digits after the point, rounded half up as {@code %.Nf} rounds. */
    public static String fixed(double v, int decimals) {
        return String.format(Locale.US, "%." + decimals + "f", v);
    }
}
