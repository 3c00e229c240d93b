package io.wirecost.cli.batch;

import java.util.List;
import java.util.Optional;

/**
 * Everything measured at one latency setting.
 *
 * @param proxied        false when the delay is 0: the client connected directly (seed 004's localhost)
 * @param directRttNanos median echo round trip without the proxy
 * @param pathRttNanos   median echo round trip on the path the client used
 * @param error          empty, or why this latency could not be measured completely
 */
public record LatencyResult(long delayNanos, boolean proxied, long directRttNanos, long pathRttNanos, int reps,
                            List<BatchPoint> points, String error) {

    public LatencyResult {
        points = List.copyOf(points);
    }

    public boolean ok() {
        return error.isEmpty();
    }

    /** The model's L: latency added to one round trip, as measured (0 for direct connections). */
    public double addedRttMillis() {
        return (pathRttNanos - directRttNanos) / 1e6;
    }

    public double delayMillis() {
        return delayNanos / 1e6;
    }

    public Optional<BatchPoint> point(String variant, int files) {
        return points.stream().filter(p -> p.variant().equals(variant) && p.files() == files).findFirst();
    }

    public List<BatchPoint> points(String variant) {
        return points.stream().filter(p -> p.variant().equals(variant)).toList();
    }

    public LatencyResult with(BatchPoint p) {
        List<BatchPoint> more = new java.util.ArrayList<>(points);
        more.add(p);
        return new LatencyResult(delayNanos, proxied, directRttNanos, pathRttNanos, reps, more, error);
    }

    public LatencyResult failed(String why) {
        return new LatencyResult(delayNanos, proxied, directRttNanos, pathRttNanos, reps, points, why);
    }
}
