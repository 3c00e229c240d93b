package io.wirecost.history;

import io.wirecost.attribution.stats.Median;
import io.wirecost.history.HistoryStore.Point;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * Figures per call at one speed of the host: each run's CPU per call and round trips multiplied by its host reference
 * over the median reference of the runs measured like it (same host, CPU model and JDK) in the series given, for
 * each series where that makes it steadier from run to run.
 *
 * <p>Why: a virtual machine's host in a slower state makes the same work take longer, in every JVM at once, while the
 * machine's load, steal and busy CPU stay as they were. The runner's probe (one core's AES-GCM, {@link
 * RunFacts#hostSpeedMbps()}) falls with it, run by run; so the figures per call follow the probe, and an A/A history
 * that spans a slow state has a step in them. {@link MachineChange} excuses a metric's step only where the probe has a
 * material step of its own at the same run, which a host flipping between states within runs does not give. Scaled,
 * the run-to-run movement the probe saw is taken out before the search, whatever its shape. The code under test does
 * not move the probe (it runs in the runner's JVM, between passes, on no code of the scenarios'), so a code change
 * keeps its step.
 *
 * <p>Proportional (the same work at k times the speed takes 1/k of the time), and per series either scaled or not: an
 * exponent fitted to each series would absorb a code change that lands beside a change of the host's state. Figures in
 * percent (shares) are ratios within one run, which a uniform slowdown does not move, and are left as they are; so
 * are runs without a reference (stored before the probe, attach and profile runs). The median is over the runs of
 * each group separately, so a JDK or CPU change whose probe level differs is not taken for a change of speed. A step
 * of the probe is still what {@link MachineChange} reads.
 */
public final class HostScaling {

    /** How {@code history check} reads figures per call. */
    public enum Mode {
        /** Scaled to the median host reference of the runs measured like each run. */
        MEDIAN,
        /** As measured. */
        NONE
    }

    /**
     * The series with figures per call scaled where that made them steadier ({@code metricsScaled}); {@code
     * runsScaled} of the series' runs had a reference, {@code runsAsMeasured} did not; {@code referenceMbps}: the
     * median reference of the newest run's group (NaN where the newest run has none), the speed the figures are at.
     */
    public record Scaled(
            Map<String, List<Point>> series,
            Set<String> metricsScaled,
            int runsScaled,
            int runsAsMeasured,
            double referenceMbps) {

        /** How many of the series are of figures per call, the ones that could be scaled. */
        public long perCallMetrics() {
            return series.values().stream()
                    .filter(p -> !p.isEmpty() && scales(p.get(0).figure().unit()))
                    .count();
        }
    }

    /** The unit of figures per call (CPU per call, round trips), the ones a slower host raises. */
    static final String PER_CALL_UNIT = "us";

    private HostScaling() {}

    /** Whether figures of {@code unit} are scaled by {@link Mode#MEDIAN}. */
    public static boolean scales(String unit) {
        return PER_CALL_UNIT.equals(unit);
    }

    /** {@code series} as {@code mode} reads it. */
    public static Scaled apply(Map<String, List<Point>> series, Mode mode) {
        Map<Long, HistoryStore.Entry> runs = new LinkedHashMap<>();
        series.values()
                .forEach(points -> points.forEach(p -> runs.putIfAbsent(p.run().seq(), p.run())));
        Map<String, List<Double>> byGroup = new HashMap<>();
        HistoryStore.Entry newest = null;
        for (HistoryStore.Entry e : runs.values()) {
            if (newest == null || e.seq() > newest.seq()) newest = e;
            if (hasReference(e))
                byGroup.computeIfAbsent(group(e), g -> new ArrayList<>())
                        .add(e.facts().hostSpeedMbps());
        }
        Map<String, Double> reference = new HashMap<>();
        byGroup.forEach((g, v) -> reference.put(
                g,
                Median.ofSorted(
                        v.stream().mapToDouble(Double::doubleValue).sorted().toArray())));
        int scaled = (int) runs.values().stream()
                .filter(e -> reference.containsKey(group(e)) && hasReference(e))
                .count();
        double newestReference = newest == null ? Double.NaN : reference.getOrDefault(group(newest), Double.NaN);
        if (mode == Mode.NONE) return new Scaled(series, Set.of(), 0, runs.size(), newestReference);
        Map<String, List<Point>> out = new LinkedHashMap<>();
        Set<String> scaledMetrics = new TreeSet<>();
        series.forEach((metric, points) -> {
            if (points.isEmpty() || !scales(points.get(0).figure().unit())) {
                out.put(metric, points);
                return;
            }
            List<Point> atMedian = points.stream()
                    .map(p -> scaled(p, factor(p.run(), reference)))
                    .toList();
            boolean steadier = successiveSquares(atMedian) < successiveSquares(points);
            out.put(metric, steadier ? atMedian : points);
            if (steadier) scaledMetrics.add(metric);
        });
        return new Scaled(out, scaledMetrics, scaled, runs.size() - scaled, newestReference);
    }

    /**
     * The sum of squared differences between successive runs' log figures (von Neumann's mean square successive
     * difference, unnormalised): the run-to-run movement, which a step of the code adds one term to and the host's
     * flips one per flip. A metric is read at the median speed only where that makes it steadier: a call whose cost
     * follows the host less than the probe does (rmi's, whose cost is mostly the kernel's loopback) would otherwise
     * be given the probe's swings, and its steps hidden under them.
     */
    private static double successiveSquares(List<Point> points) {
        double sum = 0;
        for (int i = 1; i < points.size(); i++) {
            double d = Math.log(points.get(i).figure().value())
                    - Math.log(points.get(i - 1).figure().value());
            if (Double.isFinite(d)) sum += d * d;
        }
        return sum;
    }

    /** The run's reference over its group's median; 1 where it has none. */
    private static double factor(HistoryStore.Entry e, Map<String, Double> reference) {
        Double median = reference.get(group(e));
        return hasReference(e) && median != null ? e.facts().hostSpeedMbps() / median : 1;
    }

    private static boolean hasReference(HistoryStore.Entry e) {
        double mbps = e.facts().hostSpeedMbps();
        return Double.isFinite(mbps) && mbps > 0;
    }

    private static Point scaled(Point p, double factor) {
        Figure f = p.figure();
        return new Point(
                p.run(),
                new Figure(
                        f.metric(), f.value() * factor, f.ciLow() * factor, f.ciHigh() * factor, f.unit(), f.noisy()));
    }

    /** Runs measured like each other: whose probe levels are comparable. */
    private static String group(HistoryStore.Entry e) {
        RunFacts f = e.facts();
        return Objects.toString(f.host())
                + '\n'
                + Objects.toString(f.cpuModel())
                + '\n'
                + Objects.toString(f.javaVersion());
    }
}
