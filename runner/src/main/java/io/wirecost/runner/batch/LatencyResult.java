package io.wirecost.runner.batch;

import io.wirecost.attribution.stats.Median;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Everything measured at one latency setting.
 *
 * @param proxied          false when the delay is 0: the client connected directly (seed 004's localhost)
 * @param directPingsNanos echo round trips without the proxy, taken before the sweep and after every point
 * @param pathPingsNanos   echo round trips on the path the client used (the same as direct when not proxied)
 * @param error            empty, or why this latency could not be measured completely
 */
public record LatencyResult(
        long delayNanos,
        boolean proxied,
        List<Long> directPingsNanos,
        List<Long> pathPingsNanos,
        int reps,
        List<BatchPoint> points,
        String error) {

    public LatencyResult {
        directPingsNanos = List.copyOf(directPingsNanos);
        pathPingsNanos = List.copyOf(pathPingsNanos);
        points = List.copyOf(points);
    }

    public static LatencyResult empty(long delayNanos, int reps) {
        return new LatencyResult(delayNanos, delayNanos > 0, List.of(), List.of(), reps, List.of(), "");
    }

    public boolean ok() {
        return error.isEmpty();
    }

    /** Median of every direct ping: spread over the sweep, so a busy moment of the machine does not decide it. */
    public long directRttNanos() {
        return median(directPingsNanos);
    }

    public long pathRttNanos() {
        return median(pathPingsNanos);
    }

    /** The model's L: latency added to one round trip, as measured (0 for direct connections). */
    public double addedRttMillis() {
        return proxied ? (pathRttNanos() - directRttNanos()) / 1e6 : 0;
    }

    public double delayMillis() {
        return delayNanos / 1e6;
    }

    public Optional<BatchPoint> point(String variant, int files) {
        return points.stream()
                .filter(p -> p.variant().equals(variant) && p.files() == files)
                .findFirst();
    }

    public List<BatchPoint> points(String variant) {
        return points.stream().filter(p -> p.variant().equals(variant)).toList();
    }

    public LatencyResult with(BatchPoint p) {
        List<BatchPoint> more = new ArrayList<>(points);
        more.add(p);
        return new LatencyResult(delayNanos, proxied, directPingsNanos, pathPingsNanos, reps, more, error);
    }

    public LatencyResult withPings(boolean isProxied, List<Long> direct, List<Long> path) {
        List<Long> d = new ArrayList<>(directPingsNanos);
        d.addAll(direct);
        List<Long> p = new ArrayList<>(pathPingsNanos);
        p.addAll(path);
        return new LatencyResult(delayNanos, isProxied, d, p, reps, points, error);
    }

    public LatencyResult failed(String why) {
        return new LatencyResult(delayNanos, proxied, directPingsNanos, pathPingsNanos, reps, points, why);
    }

    /** 0 for no pings: a result that failed before its first. */
    private static long median(List<Long> values) {
        return values.isEmpty()
                ? 0
                : Median.of(values.stream().mapToLong(Long::longValue).toArray());
    }
}
