package io.wirecost.attribution;

import java.util.List;

/**
 * Samples per category, in the order of a rule set's categories, plus the number of samples seen
 * (in inclusive mode a sample adds to several categories). Mutable while consuming; partial counts
 * (per chunk, recording, process) merge deterministically, and {@link #toAttribution} freezes them.
 *
 * <p>Where events carry weights (bytes allocated, nanoseconds blocked), "samples" are summed weights, and
 * the counts also keep each category's number of events and the sum of its weights' squares: an
 * interval over weights needs them (see {@link CategoryShare}). A sample of weight 1 adds 1 to all three.
 */
public final class CategoryCounts {

    private final List<Category> categories;
    private final long[] samples;
    private final long[] events;
    private final double[] squares;
    private long total;
    private long totalEvents;
    private double totalSquares;

    public CategoryCounts(List<Category> categories) {
        this.categories = List.copyOf(categories);
        this.samples = new long[categories.size()];
        this.events = new long[categories.size()];
        this.squares = new double[categories.size()];
    }

    /** Self mode: {@code weight} samples of weight 1 in one category. */
    public void add(int categoryIndex, long weight) {
        add(categoryIndex, weight, weight, weight);
    }

    /** Self mode: {@code events} events in one category, their weights summing to {@code weight}. */
    public void add(int categoryIndex, long weight, long events, double weightSquares) {
        addTo(categoryIndex, weight, events, weightSquares);
        addToTotals(weight, events, weightSquares);
    }

    /** Inclusive mode: {@code weight} samples of weight 1 counting for each of these (distinct) categories. */
    public void addAll(int[] categoryIndexes, long weight) {
        addAll(categoryIndexes, weight, weight, weight);
    }

    /** Inclusive mode: events counting for each of these (distinct) categories. */
    public void addAll(int[] categoryIndexes, long weight, long events, double weightSquares) {
        for (int c : categoryIndexes) addTo(c, weight, events, weightSquares);
        addToTotals(weight, events, weightSquares);
    }

    private void addTo(int categoryIndex, long weight, long events, double weightSquares) {
        samples[categoryIndex] += weight;
        this.events[categoryIndex] += events;
        squares[categoryIndex] += weightSquares;
    }

    /** Once per sample, whatever the number of categories it counts for. */
    private void addToTotals(long weight, long events, double weightSquares) {
        total += weight;
        totalEvents += events;
        totalSquares += weightSquares;
    }

    public CategoryCounts merge(CategoryCounts other) {
        if (!other.categories.equals(categories)) throw new IllegalArgumentException("different rule sets");
        for (int i = 0; i < samples.length; i++) {
            samples[i] += other.samples[i];
            events[i] += other.events[i];
            squares[i] += other.squares[i];
        }
        total += other.total;
        totalEvents += other.totalEvents;
        totalSquares += other.totalSquares;
        return this;
    }

    /** Events counted in a category: its samples where each weighs 1, fewer where they carry bytes or time. */
    public long events(int categoryIndex) {
        return events[categoryIndex];
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
        return Attribution.of(
                categories, new Weights(samples, this.events, squares, total, totalEvents, totalSquares), events, mode);
    }
}
