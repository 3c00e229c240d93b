package io.wirecost.agent;

import io.wirecost.attribution.Attribution;
import io.wirecost.attribution.Category;
import io.wirecost.attribution.CategoryCounts;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * Samples per category since the agent started, and over a sliding window of recent segments. The
 * reader thread adds one segment's counts at a time; scrapes read. A segment counts in the window while
 * it ended less than a window ago, so the window spans whole segments.
 */
final class LiveCounts {

    private record Segment(long endNanos, long[] samples) {}

    private final List<Category> categories;
    private final long windowNs;
    private final LongSupplier clock;
    private final long[] total;
    private final Deque<Segment> window = new ArrayDeque<>();

    LiveCounts(List<Category> categories, long windowNs, LongSupplier clock) {
        this.categories = List.copyOf(categories);
        this.windowNs = windowNs;
        this.clock = clock;
        this.total = new long[categories.size()];
    }

    List<Category> categories() {
        return categories;
    }

    synchronized void add(CategoryCounts segment) {
        long[] s = new long[categories.size()];
        for (int i = 0; i < s.length; i++) {
            s[i] = segment.samples(i);
            total[i] += s[i];
        }
        window.addLast(new Segment(clock.getAsLong(), s));
        evict();
    }

    synchronized long total(int categoryIndex) {
        return total[categoryIndex];
    }

    /** Shares over the window, computed as the CLI computes them (middleware sums to 100 %). */
    synchronized Attribution window() {
        evict();
        CategoryCounts sum = new CategoryCounts(categories);
        for (Segment seg : window) {
            for (int i = 0; i < seg.samples.length; i++) sum.add(i, seg.samples[i]);
        }
        return sum.toAttribution("live window");
    }

    private void evict() {
        long now = clock.getAsLong();
        while (!window.isEmpty() && now - window.peekFirst().endNanos >= windowNs) window.removeFirst();
    }
}
