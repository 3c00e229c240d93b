package io.wirecost.attribution;

import java.util.Arrays;

/**
 * The labels every per-category metric carries, the agent's live ones and a run's alike: the category's name and its
 * group ({@code middleware} or {@code jvm}), after the labels that say whose figure it is (run, scenario, role). One
 * place, so a dashboard's query matches both.
 */
public final class CategoryLabels {

    private CategoryLabels() {}

    /** The label names: {@code first}, then {@code category} and {@code group}. */
    public static String[] names(String... first) {
        return append(first, "category", "group");
    }

    /** {@code c}'s label values, in the order of {@link #names}. */
    public static String[] values(Category c, String... first) {
        return append(first, c.name(), c.isMiddleware() ? "middleware" : "jvm");
    }

    private static String[] append(String[] first, String category, String group) {
        String[] out = Arrays.copyOf(first, first.length + 2);
        out[first.length] = category;
        out[first.length + 1] = group;
        return out;
    }
}
