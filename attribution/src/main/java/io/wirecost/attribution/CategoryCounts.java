package io.wirecost.attribution;

import java.util.List;

/**
 * Samples per category, in the order of a rule set's categories, plus the number of samples seen
 * (in inclusive mode a sample adds to several categories). Mutable while consuming; partial counts
 * (per chunk, recording, process) merge deterministically, and {@link #toAttribution} freezes them.
 */
public final class CategoryCounts {

    private final List<Category> categories;
    private final long[] samples;
    private long total;

    public CategoryCounts(List<Category> categories) {
        this.categories = List.copyOf(categories);
        this.samples = new long[categories.size()];
    }

    /** Self mode: the sample belongs to one category. */
    public void add(int categoryIndex, long weight) {
        samples[categoryIndex] += weight;
        total += weight;
    }

    /** Inclusive mode: the sample counts for each of these (distinct) categories. */
    public void addAll(int[] categoryIndexes, long weight) {
        for (int c : categoryIndexes) samples[c] += weight;
        total += weight;
    }

    public CategoryCounts merge(CategoryCounts other) {
        if (!other.categories.equals(categories)) throw new IllegalArgumentException("different rule sets");
        for (int i = 0; i < samples.length; i++) samples[i] += other.samples[i];
        total += other.total;
        return this;
    }

    public long samples(int categoryIndex) {
        return samples[categoryIndex];
    }

    public long total() {
        return total;
    }

    public List<Category> categories() {
        return categories;
    }

    public Attribution toAttribution(String events) {
        return toAttribution(events, AttributionMode.SELF);
    }

    public Attribution toAttribution(String events, AttributionMode mode) {
        return Attribution.of(categories, samples, total, events, mode);
    }
}
