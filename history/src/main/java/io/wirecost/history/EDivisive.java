package io.wirecost.history;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * Change points in one series by E-divisive means, as Apache Otava computes them (Fleming et al., "Hunter: Using
 * Change Point Detection to Hunt for Performance Regressions", ICPE 2023; Matteson and James's E-divisive):
 *
 * <ol>
 *   <li>split: windows of {@code window} points, half a window apart; in each, the point that maximises the
 *       energy statistic Q̂ over every split and end is a candidate, kept when Student's t-test between the
 *       pieces either side gives p at most ten times {@code maxPValue} (the "weak" change points), and the window
 *       is divided again until a candidate fails;
 *   <li>merge: the weakest point (the highest p above {@code maxPValue}, else the smallest relative change
 *       not above {@code minMagnitude}) is removed and its neighbours' tests recomputed, until every point left
 *       passes both.
 * </ol>
 *
 * <p>Written here rather than called: no maintained JVM library implements Hunter's E-divisive (Otava is Python).
 * The order of every step follows Otava's {@code analysis.py} and {@code change_point_divisive/}, ties included
 * (the first maximum wins), so the same series at the same settings gives the same change points; a test runs
 * Otava itself on the same series and compares.
 */
public final class EDivisive {

    /** Otava's defaults. */
    public static final int DEFAULT_WINDOW = 50;

    public static final double DEFAULT_MAX_P = 0.001;

    /**
     * A change point: {@code index} is the first point after the change; the t-test's p between the pieces
     * either side, their means and population standard deviations (as Otava's {@code TTestStats}).
     */
    public record ChangePoint(
            int index,
            double qhat,
            double pValue,
            double meanBefore,
            double meanAfter,
            double stdBefore,
            double stdAfter) {

        /** Relative change from before to after, percent. */
        public double changePercent() {
            return meanBefore == 0 ? 0 : (meanAfter / meanBefore - 1) * 100;
        }

        /** The larger of the forward and backward relative changes (Otava's magnitude). */
        public double magnitude() {
            double forward = meanBefore == 0 ? 0 : meanAfter / meanBefore - 1;
            double backward = meanAfter == 0 ? 0 : meanBefore / meanAfter - 1;
            return Math.max(Math.abs(forward), Math.abs(backward));
        }
    }

    private final int window;
    private final double maxPValue;
    private final double minMagnitude;

    public EDivisive(int window, double maxPValue, double minMagnitude) {
        if (window < 2) throw new IllegalArgumentException("window must be at least 2");
        this.window = window;
        this.maxPValue = maxPValue;
        this.minMagnitude = minMagnitude;
    }

    /** The largest p-value of a change point. */
    public double maxPValue() {
        return maxPValue;
    }

    /** The change points of {@code series}, by index. */
    public List<ChangePoint> changePoints(double[] series) {
        double firstPass = maxPValue < 0.05 ? maxPValue * 10 : maxPValue < 0.5 ? maxPValue * 2 : maxPValue;
        return merge(split(series, firstPass), series);
    }

    /** The weak change points: the union of each window's, sorted, with their tests over the whole series. */
    private List<Integer> split(double[] series, double pValue) {
        List<Integer> found = new ArrayList<>();
        int start = 0;
        int step = window / 2;
        while (start < series.length) {
            int end = Math.min(start + window, series.length);
            List<Integer> local = detect(Arrays.copyOfRange(series, start, end), pValue);
            int offset = start;
            int last = local.isEmpty() ? 0 : local.get(local.size() - 1) + offset;
            start = Math.max(last, start + step);
            for (int i : local) if (!found.contains(i + offset)) found.add(i + offset);
        }
        found.sort(Comparator.naturalOrder());
        return found;
    }

    private List<ChangePoint> merge(List<Integer> indices, double[] series) {
        List<Integer> cps = new ArrayList<>(indices);
        List<ChangePoint> stats = new ArrayList<>();
        for (int k = 0; k < cps.size(); k++) stats.add(test(series, cps, k, 0));
        while (!stats.isEmpty()) {
            int weakest = 0;
            for (int k = 1; k < stats.size(); k++)
                if (stats.get(k).pValue() > stats.get(weakest).pValue()) weakest = k;
            if (stats.get(weakest).pValue() < maxPValue) {
                weakest = 0;
                for (int k = 1; k < stats.size(); k++)
                    if (stats.get(k).magnitude() < stats.get(weakest).magnitude()) weakest = k;
                if (stats.get(weakest).magnitude() > minMagnitude) return stats;
            }
            cps.remove(weakest);
            stats.remove(weakest);
            // as Otava: the point that took the removed one's place and the one after it are tested again (the one
            // before keeps its test)
            for (int k = weakest; k <= weakest + 1 && k < stats.size(); k++)
                stats.set(k, test(series, cps, k, stats.get(k).qhat()));
        }
        return stats;
    }

    /** Student's t-test between the pieces either side of change point k (between its neighbours). */
    private static ChangePoint test(double[] series, List<Integer> cps, int k, double qhat) {
        int from = k == 0 ? 0 : cps.get(k - 1);
        int to = k == cps.size() - 1 ? series.length : cps.get(k + 1);
        return tTest(series, from, cps.get(k), to, qhat);
    }

    /** Otava's TTestSignificanceTester: population standard deviations into scipy's ttest_ind_from_stats. */
    static ChangePoint tTest(double[] x, int from, int at, int to, double qhat) {
        int n1 = at - from;
        int n2 = to - at;
        double m1 = mean(x, from, at);
        double m2 = mean(x, at, to);
        double s1 = n1 >= 2 ? std(x, from, at, m1) : 0;
        double s2 = n2 >= 2 ? std(x, at, to, m2) : 0;
        double p = 1;
        if (n1 + n2 > 2) {
            int df = n1 + n2 - 2;
            double pooled = ((n1 - 1) * s1 * s1 + (n2 - 1) * s2 * s2) / df;
            double t = (m1 - m2) / Math.sqrt(pooled * (1.0 / n1 + 1.0 / n2));
            p = Double.isNaN(t) ? Double.NaN : 2 * new TDistribution(null, df).cumulativeProbability(-Math.abs(t));
        }
        return new ChangePoint(at, qhat, p, m1, m2, s1, s2);
    }

    /** Otava's ChangePointDetector on one window: divide while the best candidate passes the test. */
    private static List<Integer> detect(double[] x, double pValue) {
        double[][] prefix = EnergyStatistic.prefixDistances(x);
        List<Integer> cps = new ArrayList<>();
        while (true) {
            int best = -1;
            double bestQ = 0;
            int bestFrom = 0;
            int bestTo = 0;
            for (int k = 0; k <= cps.size(); k++) {
                int from = k == 0 ? 0 : cps.get(k - 1);
                int to = k == cps.size() ? x.length : cps.get(k);
                if (to - from < 2) continue;
                double[] c = EnergyStatistic.candidate(prefix, from, to);
                if (best < 0 || c[1] > bestQ) {
                    best = (int) c[0];
                    bestQ = c[1];
                    bestFrom = from;
                    bestTo = to;
                }
            }
            if (best < 0) return cps;
            ChangePoint cp = tTest(x, bestFrom, best, bestTo, bestQ);
            if (!(cp.pValue() <= pValue)) return cps;
            cps.add(best);
            cps.sort(Comparator.naturalOrder());
        }
    }

    private static double mean(double[] x, int from, int to) {
        double s = 0;
        for (int i = from; i < to; i++) s += x[i];
        return s / (to - from);
    }

    private static double std(double[] x, int from, int to, double mean) {
        double s = 0;
        for (int i = from; i < to; i++) s += (x[i] - mean) * (x[i] - mean);
        return Math.sqrt(s / (to - from));
    }
}
