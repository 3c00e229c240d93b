package io.wirecost.attribution;

import java.util.List;

/**
 * Samples per category, in the order of a rule set's categories. Mutable while consuming; partial
 * counts (per recording, per process) merge deterministically, and {@link #toAttribution} freezes them.
 */
public final class CategoryCounts {

    private final List<Category> categories;
    private final long[] samples;

    public CategoryCounts(List<Category> categories) {
        this.categories = List.copyOf(categories);
        this.samples = new long[categories.size()];
    }

    public void add(int categoryIndex, long weight) {
        samples[categoryIndex] += weight;
    }

    public CategoryCounts merge(CategoryCounts other) {
        if (!other.categories.equals(categories)) throw new IllegalArgumentException("different rule sets");
        for (int i = 0; i < samples.length; i++) samples[i] += other.samples[i];
        return this;
    }

    public long samples(int categoryIndex) {
        return samples[categoryIndex];
    }

    public Attribution toAttribution(String events) {
        return Attribution.of(categories, samples, events);
    }
}
