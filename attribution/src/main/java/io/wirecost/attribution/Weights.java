package io.wirecost.attribution;

/**
 * A category count's sums, as {@link Attribution#of} turns them into shares: per category the summed
 * weight ({@code samples}), the number of events and the sum of their weights' squares, and the same over
 * all events (in inclusive mode an event is in several categories but once in the totals).
 */
record Weights(long[] samples, long[] events, double[] squares, long total, long totalEvents, double totalSquares) {

    /** Every event weighed 1 (CPU samples): shares are binomial proportions of samples. */
    boolean unit() {
        return totalEvents == total && totalSquares == total;
    }
}
