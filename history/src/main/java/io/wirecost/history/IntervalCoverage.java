package io.wirecost.history;

import io.wirecost.attribution.stats.Median;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Whether the intervals a run prints cover where the next run lands: over a stored history of the same figure, each
 * run's interval is checked against the median of all the other runs (leave one out), as a user would check it by
 * running again. Two intervals per run:
 *
 * <ul>
 * <li><b>own</b>: the interval the run printed, from its own batches or repetitions. It knows nothing of what
 *     changes between runs (the JVMs' JIT and memory layout, the machine's load), so it covers the other runs only
 *     as far as those move less than its batches do.</li>
 * <li><b>next run</b>: the run's value with the spread of the runs <em>before</em> it (a t prediction interval on
 *     the logarithms, {@code t(k-1) * s * sqrt(1 + 1/k)} over k earlier runs), widened to the run's own interval
 *     where that is wider. Only earlier runs count, as a user has only those when the run ends; the first
 *     {@value #MIN_EARLIER} runs get none.</li>
 * </ul>
 *
 * The 95 % intervals cover at least 95 % when runs are alike; a much lower share says the runs moved more than the
 * intervals allow, and the between-run spread says by how much.
 */
public final class IntervalCoverage {

    /** Earlier runs a next-run interval needs: two degrees of freedom for the t quantile. */
    public static final int MIN_EARLIER = 3;

    /** For one kind of interval: how many runs it covered, how many were checked, its median half-width. */
    public record Kind(int covered, int checked, double medianHalfWidthPercent) {
        public double coveredPercent() {
            return checked == 0 ? Double.NaN : 100.0 * covered / checked;
        }
    }

    /**
     * @param betweenRunSpreadPercent the standard deviation of the runs' logarithms, in percent of the value
     */
    public record Metric(
            String metric, int runs, double medianValue, double betweenRunSpreadPercent, Kind own, Kind nextRun) {}

    /** Every metric with at least two runs, and the two kinds pooled over them. */
    public record Summary(List<Metric> metrics, Kind own, Kind nextRun) {}

    private IntervalCoverage() {}

    public static Summary of(Map<String, List<HistoryStore.Point>> series) {
        List<Metric> metrics = new ArrayList<>();
        Pool own = new Pool();
        Pool next = new Pool();
        series.forEach((name, points) -> {
            double[] v = points.stream().mapToDouble(p -> p.figure().value()).toArray();
            if (v.length < 2 || Arrays.stream(v).anyMatch(x -> !(x > 0))) return;
            Pool o = new Pool();
            Pool n = new Pool();
            for (int i = 0; i < v.length; i++) {
                double others = Median.of(without(v, i));
                Figure f = points.get(i).figure();
                if (f.hasInterval())
                    o.add(f.ciLow() <= others && others <= f.ciHigh(), halfWidth(f.ciLow(), f.ciHigh(), v[i]));
                if (i >= MIN_EARLIER) {
                    double half = predictionHalfWidthLog(Arrays.copyOf(v, i));
                    double lo = v[i] * Math.exp(-half);
                    double hi = v[i] * Math.exp(half);
                    if (f.hasInterval()) {
                        lo = Math.min(lo, f.ciLow());
                        hi = Math.max(hi, f.ciHigh());
                    }
                    n.add(lo <= others && others <= hi, halfWidth(lo, hi, v[i]));
                }
            }
            own.addAll(o);
            next.addAll(n);
            metrics.add(new Metric(name, v.length, Median.of(v), 100 * sdOfLogs(v), o.kind(), n.kind()));
        });
        return new Summary(List.copyOf(metrics), own.kind(), next.kind());
    }

    /** {@code t(k-1) * s * sqrt(1 + 1/k)} on the logarithms of k earlier values: where the next one falls. */
    static double predictionHalfWidthLog(double[] earlier) {
        return ChangePointCheck.predictionHalfWidth(
                Arrays.stream(earlier).map(Math::log).toArray());
    }

    private static double sdOfLogs(double[] v) {
        if (v.length < 2) return Double.NaN;
        double mean = 0;
        for (double x : v) mean += Math.log(x) / v.length;
        double ss = 0;
        for (double x : v) ss += (Math.log(x) - mean) * (Math.log(x) - mean);
        return Math.sqrt(ss / (v.length - 1));
    }

    private static double halfWidth(double lo, double hi, double value) {
        return (hi - lo) / 2 / value * 100;
    }

    private static double[] without(double[] v, int i) {
        double[] out = new double[v.length - 1];
        for (int j = 0, k = 0; j < v.length; j++) if (j != i) out[k++] = v[j];
        return out;
    }

    private static final class Pool {
        int covered;
        final List<Double> halfWidths = new ArrayList<>();

        void add(boolean hit, double halfWidthPercent) {
            if (hit) covered++;
            halfWidths.add(halfWidthPercent);
        }

        void addAll(Pool p) {
            covered += p.covered;
            halfWidths.addAll(p.halfWidths);
        }

        Kind kind() {
            return new Kind(
                    covered,
                    halfWidths.size(),
                    Median.of(
                            halfWidths.stream().mapToDouble(Double::doubleValue).toArray()));
        }
    }
}
