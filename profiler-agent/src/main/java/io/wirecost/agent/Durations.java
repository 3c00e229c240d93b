package io.wirecost.agent;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The agent's durations ({@code 10ms}, {@code 500us}, {@code 1000000} in nanoseconds, {@code 2s}, {@code 3m}), as
 * every option family spells them: {@code interval}, {@code from} and {@code to}, {@code metrics.period} and
 * {@code metrics.window}, {@code otlp.interval}, {@code attach.stop-after}. One grammar and one message, whichever
 * option the value came from, which the message names.
 */
final class Durations {

    /** A duration's suffixes and their nanoseconds, tried in this order: {@code ms} before {@code s} and {@code m}. */
    private static final List<Map.Entry<String, Long>> UNITS = List.of(
            Map.entry("ms", 1_000_000L),
            Map.entry("us", 1_000L),
            Map.entry("ns", 1L),
            Map.entry("s", 1_000_000_000L),
            Map.entry("m", 60_000_000_000L));

    private Durations() {}

    /** {@code text} in nanoseconds, above zero; else an error naming {@code key}. */
    static long parse(String key, String text) {
        String t = text.toLowerCase(Locale.ROOT).trim();
        long unit = 1;
        for (Map.Entry<String, Long> u : UNITS) {
            if (t.endsWith(u.getKey())) {
                unit = u.getValue();
                t = t.substring(0, t.length() - u.getKey().length());
                break;
            }
        }
        try {
            long v = Math.multiplyExact(Long.parseLong(t), unit);
            if (v <= 0) throw new NumberFormatException();
            return v;
        } catch (NumberFormatException | ArithmeticException e) {
            throw new IllegalArgumentException(key + " must be a positive duration like 10ms, got '" + text + "'");
        }
    }
}
