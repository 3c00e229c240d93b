package io.wirecost.scenarios;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts of what one side of a scenario did (requests forwarded, connections refused, ...), added from any thread as
 * it happens and reported in results.json's facts. The enum {@code E} names what is counted: a constant's name in
 * camel case is its fact's name ({@code JRMP_REFUSED} is {@code jrmpRefused}), so renaming a constant renames a fact
 * readers may know.
 *
 * <pre>
 * Tally&lt;Forwarded&gt; stats = new Tally&lt;&gt;(Forwarded.class);
 * stats.add(Forwarded.FORBIDDEN);
 * facts.putAll(stats.facts("servlet.")); // servlet.forwarded=0, servlet.forbidden=1, ...
 * </pre>
 */
public final class Tally<E extends Enum<E>> {

    private final E[] kinds;
    private final LongAdder[] counts;

    public Tally(Class<E> kinds) {
        this.kinds = kinds.getEnumConstants();
        this.counts = new LongAdder[this.kinds.length];
        for (int i = 0; i < counts.length; i++) counts[i] = new LongAdder();
    }

    public void add(E kind) {
        counts[kind.ordinal()].increment();
    }

    public long count(E kind) {
        return counts[kind.ordinal()].sum();
    }

    /** Every count, in the enum's order, keyed by {@code prefix} and the fact's name. */
    public Map<String, String> facts(String prefix) {
        Map<String, String> m = new LinkedHashMap<>();
        for (E kind : kinds) m.put(prefix + factName(kind), String.valueOf(count(kind)));
        return m;
    }

    static String factName(Enum<?> kind) {
        StringBuilder name = new StringBuilder();
        for (String word : kind.name().toLowerCase(Locale.ROOT).split("_")) {
            name.append(name.length() == 0 ? word : Character.toUpperCase(word.charAt(0)) + word.substring(1));
        }
        return name.toString();
    }
}
