package io.wirecost.history;

import io.wirecost.history.HistoryStore.Point;
import io.wirecost.history.RunReader.MeanInterval;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code history check}'s analysis: E-divisive change points in each gating metric's series, each with the means
 * before and after (between the neighbouring change points) and their intervals, and the share lines of the same
 * scenario (categories, artifacts, allocation and lock) that moved at the same run, and whether the machine changed
 * there too ({@link MachineChange}). A metric's newest change point fails the check when it is a regression, the
 * machine held steady across it, enough runs after it confirm it, and its p-value holds over all the metrics checked.
 */
public final class ChangePointCheck {

    /**
     * A share (unit %) is a regression only when it also rose by this many percentage points, the floor {@code diff}
     * gates shares on: a category at 0.02 % doubling is not where a call's cost went, and a socket category's share
     * moves by a point or two with the host's speed, as the A/A histories in docs/RESULTS.md show.
     */
    static final double SHARE_REGRESSION_POINTS = io.wirecost.diff.RunDiff.Thresholds.DEFAULT_SHARE_POINTS;

    /** Runs after a newest change point before it fails the check, by default. */
    public static final int DEFAULT_CONFIRM_RUNS = 2;

    /** A figure's mean over a piece of its history and the 95 % t interval of that mean (over runs). */
    public record Segment(double mean, double low, double high, int runs) {
        static Segment of(double[] v, int from, int to) {
            MeanInterval m = MeanInterval.of(java.util.Arrays.copyOfRange(v, from, to));
            return new Segment(m.mean(), m.low(), m.high(), m.n());
        }
    }

    /** A share line that moved with a change point: percent before and after, in the same pieces of history. */
    public record MovedLine(String metric, double before, double after, double pValue) {
        public double changePoints() {
            return after - before;
        }
    }

    /**
     * One change point of one metric. {@code position}: the 0-based index in the series of the first run after the
     * change; {@code newest}: the last change point in this metric's series; {@code machine}: how the machine changed
     * at the same run ({@code "load 25.5 -> 13.0"}), empty when it held steady; {@code confirmed}: enough runs after
     * it to fail the check; {@code significant}: its p-value within the check's family-wise bound, the detector's
     * largest p over the number of metrics checked.
     */
    public record Found(
            String metric,
            String unit,
            int position,
            HistoryStore.Entry run,
            Segment before,
            Segment after,
            double changePercent,
            double pValue,
            boolean regression,
            boolean newest,
            List<MovedLine> moved,
            String machine,
            boolean confirmed,
            boolean significant) {

        /** {@code code} where the machine held steady across the change, {@code machine} where it did not. */
        public String attributedTo() {
            return machine.isEmpty() ? "code" : "machine";
        }

        /** Whether this change point fails the check: CI's exit 1. */
        public boolean gates() {
            return newest && regression && confirmed && significant && machine.isEmpty();
        }
    }

    private final EDivisive detector;
    private final double thresholdPercent;
    private final int confirmRuns;
    private final MachineChange machine;

    /**
     * {@code thresholdPercent}: a rise beyond this is a regression; {@code confirmRuns}: runs after a newest change
     * point before it fails the check (one run after a step cannot tell a disturbed run from a lasting change).
     */
    public ChangePointCheck(EDivisive detector, double thresholdPercent, int confirmRuns) {
        this.detector = detector;
        this.thresholdPercent = thresholdPercent;
        this.confirmRuns = confirmRuns;
        this.machine = new MachineChange(detector);
    }

    /**
     * The change points of every series in {@code gating}, the newest last per metric; {@code shares} are the share
     * series to look for lines that moved with them.
     */
    public List<Found> check(Map<String, List<Point>> gating, Map<String, List<Point>> shares) {
        List<Found> out = new ArrayList<>();
        // Bonferroni over the metrics checked: each metric's detector keeps a change point at p <= max p, so a hundred
        // metrics would fail a check on a flat history about a tenth of the time on p alone
        double familyWise = detector.maxPValue() / Math.max(1, gating.size());
        gating.forEach((metric, points) -> {
            double[] v = points.stream().mapToDouble(p -> p.figure().value()).toArray();
            List<EDivisive.ChangePoint> cps = detector.changePoints(v);
            for (int k = 0; k < cps.size(); k++) {
                int from = k == 0 ? 0 : cps.get(k - 1).index();
                int at = cps.get(k).index();
                int to = k == cps.size() - 1 ? v.length : cps.get(k + 1).index();
                Segment before = Segment.of(v, from, at);
                Segment after = Segment.of(v, at, to);
                double change = before.mean() == 0 ? 0 : (after.mean() / before.mean() - 1) * 100;
                String unit = points.get(0).figure().unit();
                boolean regression = change > thresholdPercent
                        && (!unit.equals("%") || after.mean() - before.mean() >= SHARE_REGRESSION_POINTS);
                out.add(new Found(
                        metric,
                        unit,
                        at,
                        points.get(at).run(),
                        before,
                        after,
                        change,
                        cps.get(k).pValue(),
                        regression,
                        k == cps.size() - 1,
                        MovedLines.find(metric, points, from, at, to, shares),
                        machine.explain(points, from, at, to, !unit.equals("%")).orElse(""),
                        after.runs() >= confirmRuns,
                        cps.get(k).pValue() <= familyWise));
            }
        });
        return out;
    }

    /**
     * The series to check: without the figures their own runs flagged too noisy ({@link Figure#noisy()}), which
     * the run said cannot support a comparison; on an A/A history one such run's outlier was enough to fail a CI job.
     * A change point's position counts in what is kept.
     */
    public static Map<String, List<Point>> withoutNoisy(Map<String, List<Point>> series) {
        Map<String, List<Point>> out = new java.util.TreeMap<>();
        series.forEach((metric, points) -> {
            List<Point> kept = points.stream().filter(p -> !p.figure().noisy()).toList();
            if (!kept.isEmpty()) out.put(metric, kept);
        });
        return out;
    }

    /** How many figures of these series their runs flagged too noisy: what {@link #withoutNoisy} leaves out. */
    public static long leftOut(Map<String, List<Point>> series) {
        return series.values().stream()
                .flatMap(List::stream)
                .filter(p -> p.figure().noisy())
                .count();
    }

    /**
     * True when some metric's newest change point is a confirmed, significant regression beyond the threshold under a
     * steady machine: CI's exit 1.
     */
    public static boolean failed(List<Found> found) {
        return found.stream().anyMatch(Found::gates);
    }
}
