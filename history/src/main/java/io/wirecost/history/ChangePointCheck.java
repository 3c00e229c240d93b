package io.wirecost.history;

import io.wirecost.history.HistoryStore.Point;
import io.wirecost.history.RunReader.MeanInterval;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * {@code history check}'s analysis: E-divisive change points in each gating metric's series, each with the means
 * before and after (between the neighbouring change points) and their intervals, and the share lines of the same
 * scenario (categories, artifacts, allocation and lock) that moved at the same run, and whether the machine changed
 * there too ({@link MachineChange}). A metric's newest change point fails the check when it is a regression, the
 * machine held steady across it, enough runs after it each bear it out, and its p-value holds over all the metrics
 * checked.
 */
public final class ChangePointCheck {

    /**
     * A share (unit %) is a regression only when it also rose by this many percentage points, the floor {@code diff}
     * gates shares on: a category at 0.02 % doubling is not where a call's cost went, and a socket category's share
     * moves by a point or two with the host's speed, as the A/A histories in docs/RESULTS.md show.
     */
    static final double SHARE_REGRESSION_POINTS = io.wirecost.diff.RunDiff.Thresholds.DEFAULT_SHARE_POINTS;

    /**
     * Runs after a newest change point that must each bear it out before it fails the check, by default. Three, not
     * two: a host's slow state lasts two runs often enough to fail a CI job on the A/A histories in docs/RESULTS.md,
     * and a lasting step fails one run later.
     */
    public static final int DEFAULT_CONFIRM_RUNS = 3;

    /**
     * The share of the runs after a newest change point that must each bear it out, by default: most of them. On the
     * A/A histories in docs/RESULTS.md the host's slow states raised a figure for tens of runs at a time while only a
     * third or so of those runs stood out of its usual spread; a change of the code moves every run after it. The
     * price: a step under about twice a figure's run-to-run spread seldom fails (docs/history.md).
     */
    public static final double DEFAULT_CONFIRM_SHARE = 0.5;

    /** A figure's mean over a piece of its history and the 95 % t interval of that mean (over runs). */
    public record Segment(double mean, double low, double high, int runs) {
        static Segment of(double[] v, int from, int to) {
            MeanInterval m = MeanInterval.of(Arrays.copyOfRange(v, from, to));
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
     * at the same run ({@code "load 25.5 -> 13.0"}), empty when it held steady; {@code confirming}: the runs after it
     * that each bear it out; {@code confirmed}: enough of them to fail the check; {@code significant}: its
     * p-value within the check's family-wise bound, the detector's largest p over the number of metrics checked;
     * {@code cleared}: how a re-measure did not bear it out ({@link Cleared}), empty when none covers it.
     */
    public record Found(
            String metric,
            String unit,
            int position,
            HistoryStore.Entry run,
            HistoryStore.Entry runBefore,
            Segment before,
            Segment after,
            double changePercent,
            double pValue,
            boolean regression,
            boolean newest,
            List<MovedLine> moved,
            String machine,
            int confirming,
            boolean confirmed,
            boolean significant,
            String cleared) {

        /** {@code code} where the machine held steady across the change, {@code machine} where it did not. */
        public String attributedTo() {
            return machine.isEmpty() ? "code" : "machine";
        }

        /** Whether this change point fails the check: CI's exit 1. */
        public boolean gates() {
            return newest && regression && confirmed && significant && machine.isEmpty() && cleared.isEmpty();
        }

        /** The same change point, cleared by a re-measure described in {@code words}. */
        Found cleared(String words) {
            return new Found(
                    metric,
                    unit,
                    position,
                    run,
                    runBefore,
                    before,
                    after,
                    changePercent,
                    pValue,
                    regression,
                    newest,
                    moved,
                    machine,
                    confirming,
                    confirmed,
                    significant,
                    words);
        }
    }

    private final EDivisive detector;
    private final double thresholdPercent;
    private final int confirmRuns;
    private final double confirmShare;
    private final MachineChange machine;

    /** With the default share of the runs after a change point that must bear it out, most of them. */
    public ChangePointCheck(EDivisive detector, double thresholdPercent, int confirmRuns) {
        this(detector, thresholdPercent, confirmRuns, DEFAULT_CONFIRM_SHARE);
    }

    /**
     * {@code thresholdPercent}: a rise beyond this is a regression; {@code confirmRuns}: runs after a newest change
     * point that must each bear it out before it fails the check (one run after a step cannot tell a disturbed run
     * from a lasting change); {@code confirmShare}: the share of all the runs after it that must bear it out too.
     */
    public ChangePointCheck(EDivisive detector, double thresholdPercent, int confirmRuns, double confirmShare) {
        this.detector = detector;
        this.thresholdPercent = thresholdPercent;
        this.confirmRuns = confirmRuns;
        this.confirmShare = confirmShare;
        this.machine = new MachineChange(detector);
    }

    /** The runs after a change point that must each bear it out, of {@code runsAfter}, before it fails the check. */
    public int confirmingNeeded(int runsAfter) {
        return Math.max(confirmRuns, (int) Math.ceil(confirmShare * runsAfter - 1e-9));
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
                boolean regression = beyond(unit, before.mean(), after.mean());
                int confirming = confirming(unit, v, from, at, to);
                out.add(new Found(
                        metric,
                        unit,
                        at,
                        points.get(at).run(),
                        points.get(at - 1).run(),
                        before,
                        after,
                        change,
                        cps.get(k).pValue(),
                        regression,
                        k == cps.size() - 1,
                        MovedLines.find(metric, points, from, at, to, shares),
                        machine.explain(points, from, at, to, !unit.equals("%")).orElse(""),
                        confirming,
                        confirming >= confirmingNeeded(after.runs()),
                        cps.get(k).pValue() <= familyWise,
                        ""));
            }
        });
        return out;
    }

    /**
     * The change points with the regressions a re-measure cleared marked ({@link Cleared}): they are reported, and do
     * not fail the check.
     */
    public static List<Found> cleared(List<Found> found, Cleared.Covering covering) {
        return found.stream()
                .map(f -> f.regression()
                        ? covering.of(f.metric(), f.run().seq())
                                .map(c -> f.cleared(c.words()))
                                .orElse(f)
                        : f)
                .toList();
    }

    /** Whether {@code value} is a regression beyond the threshold over {@code base}: the rule for a mean and a run. */
    private boolean beyond(String unit, double base, double value) {
        double change = base == 0 ? 0 : (value / base - 1) * 100;
        return change > thresholdPercent && (!unit.equals("%") || value - base >= SHARE_REGRESSION_POINTS);
    }

    /**
     * How many runs after the change point each bear it out; {@code confirmRuns} of them confirm it. A run bears it
     * out when it lies beyond the threshold against the mean before the change, on the side it moved, and outside
     * where the runs before it put a next run (a 95 % t prediction interval over them). Counting the runs after it
     * instead let one disturbed run "confirm" a regression with ordinary runs after it, their mean pulled up by the
     * one; and in a series that wanders by a fifth from run to run, ordinary runs pass a 5 % threshold. On the A/A
     * histories in docs/RESULTS.md such spikes were most of the CI jobs that failed.
     */
    private int confirming(String unit, double[] v, int from, int at, int to) {
        double[] before = Arrays.copyOfRange(v, from, at);
        double base = Arrays.stream(before).average().orElse(0);
        double reach = predictionHalfWidth(before);
        boolean up = Arrays.stream(v, at, to).average().orElse(base) >= base;
        return (int) Arrays.stream(v, at, to)
                .filter(x -> up ? beyond(unit, base, x) && x > base + reach : beyond(unit, x, base) && x < base - reach)
                .count();
    }

    /** {@code t(k-1) * s * sqrt(1 + 1/k)} over k runs: where a next run falls; 0 under two runs (no spread known). */
    static double predictionHalfWidth(double[] runs) {
        int k = runs.length;
        if (k < 2) return 0;
        double mean = Arrays.stream(runs).average().orElse(0);
        double ss = Arrays.stream(runs).map(x -> (x - mean) * (x - mean)).sum();
        return new TDistribution(k - 1).inverseCumulativeProbability(0.975)
                * Math.sqrt(ss / (k - 1))
                * Math.sqrt(1 + 1.0 / k);
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
