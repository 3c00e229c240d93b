package io.wirecost.runner.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The crossover's and the ratio's bootstrap intervals, and a point's median interval, on data of known truth. */
class CrossoverBootstrapTest {

    /**
     * Objects take 5n ms and the document 3 + 0.5n ms at their medians (n̂ = 3 / 4.5, the ratio at 5 files 5.5 / 25),
     * each transaction with normal noise of {@code sdMillis}, {@code reps} transactions per point.
     */
    static LatencyResult noisy(Random random, double sdMillis, int reps) {
        List<BatchPoint> points = new ArrayList<>();
        for (int n : List.of(1, 2, 3, 5, 10)) {
            points.add(point(random, "rmi-objects", n, 5.0 * n, sdMillis, reps));
            points.add(point(random, "ws-document", n, 3 + 0.5 * n, sdMillis, reps));
        }
        return new LatencyResult(0, false, List.of(), List.of(), reps, points, "");
    }

    private static BatchPoint point(Random random, String variant, int n, double millis, double sd, int reps) {
        long[] nanos = new long[reps];
        for (int i = 0; i < reps; i++) nanos[i] = Math.round((millis + sd * random.nextGaussian()) * 1e6);
        return new BatchPoint(0, variant, n, nanos, variant.equals("rmi-objects") ? 5.0 * n : 1);
    }

    @Test
    void theIntervalsHoldTheEstimatesAndTheirWidthFollowsTheNoise() {
        ModelFit quiet =
                ModelFit.of(noisy(new Random(1), 0.05, 20), "ws-document").orElseThrow();
        ModelFit loud =
                ModelFit.of(noisy(new Random(1), 0.5, 20), "ws-document").orElseThrow();
        for (ModelFit m : List.of(quiet, loud)) {
            assertTrue(m.crossoverCiLow() <= m.crossover() && m.crossover() <= m.crossoverCiHigh(), m.toString());
            double r = m.ratioAt5().getAsDouble();
            assertTrue(m.ratioAt5CiLow() <= r && r <= m.ratioAt5CiHigh(), m.toString());
        }
        double quietWidth = quiet.crossoverCiHigh() - quiet.crossoverCiLow();
        double loudWidth = loud.crossoverCiHigh() - loud.crossoverCiLow();
        assertTrue(quietWidth > 0 && loudWidth > 4 * quietWidth, quietWidth + " then " + loudWidth);
    }

    /** Over many sweeps of known truth, the intervals hold the true n̂ and ratio about 95 % of the time. */
    @Test
    void theIntervalsCoverTheTruthAboutNineteenTimesInTwenty() {
        Random random = new Random(42);
        int sweeps = 200;
        int crossoverCovered = 0;
        int ratioCovered = 0;
        for (int i = 0; i < sweeps; i++) {
            ModelFit m = ModelFit.of(noisy(random, 0.5, 20), "ws-document").orElseThrow();
            if (m.crossoverCiLow() <= 3 / 4.5 && 3 / 4.5 <= m.crossoverCiHigh()) crossoverCovered++;
            if (m.ratioAt5CiLow() <= 5.5 / 25 && 5.5 / 25 <= m.ratioAt5CiHigh()) ratioCovered++;
        }
        // a percentile bootstrap of medians of 20 is a little narrow or wide, not far off: 95 % of 200 is 190 ± 6
        assertTrue(crossoverCovered >= 176 && crossoverCovered <= 200, "n̂ covered " + crossoverCovered + " of 200");
        assertTrue(ratioCovered >= 176 && ratioCovered <= 200, "ratio covered " + ratioCovered + " of 200");
    }

    @Test
    void linesThatMayNotCrossGiveAnInfiniteUpperEnd() {
        // objects 1 ms a file, the document as much above 2 ms: parallel lines that never cross, measured with noise,
        // so whichever way the fitted slopes happen to differ, many resampled lines differ the other way
        Random random = new Random(7);
        List<BatchPoint> points = new ArrayList<>();
        for (int n : List.of(1, 2, 3)) {
            points.add(point(random, "rmi-objects", n, 1.0 * n, 0.3, 20));
            points.add(point(random, "ws-document", n, 2 + 1.0 * n, 0.3, 20));
        }
        ModelFit m = ModelFit.of(new LatencyResult(0, false, List.of(), List.of(), 20, points, ""), "ws-document")
                .orElseThrow();
        assertTrue(Double.isInfinite(m.crossoverCiHigh()), m.toString());
        assertTrue(Double.isNaN(m.ratioAt5CiLow()), "5 files were not measured: no ratio, no interval");
    }

    @Test
    void theSameRunGivesTheSameIntervals() {
        LatencyResult r = noisy(new Random(3), 0.5, 20);
        ModelFit a = ModelFit.of(r, "ws-document").orElseThrow();
        ModelFit b = ModelFit.of(r, "ws-document").orElseThrow();
        assertEquals(a.crossoverCiLow(), b.crossoverCiLow());
        assertEquals(a.ratioAt5CiHigh(), b.ratioAt5CiHigh());
    }

    /** A latency whose sweep is over keeps its fits; the one being measured is fitted again at every write. */
    @Test
    void theCacheRefitsOnlyTheLatencyThatChanged() {
        LatencyResult done = noisy(new Random(5), 0.5, 20);
        LatencyResult measuring = noisy(new Random(6), 0.5, 20);
        LatencyFits.Cache cache = new LatencyFits.Cache();
        List<LatencyFits> first = cache.fit(List.of(done, measuring));
        LatencyResult more = measuring.with(new BatchPoint(0, "ws-document", 20, new long[] {13_000_000}, 1));
        List<LatencyFits> second = cache.fit(List.of(done, more));
        org.junit.jupiter.api.Assertions.assertSame(first.get(0), second.get(0), "the finished latency: kept");
        org.junit.jupiter.api.Assertions.assertNotSame(first.get(1), second.get(1), "the growing one: refitted");
        assertEquals(
                LatencyFits.of(more).fits().get(0).crossoverCiHigh(),
                second.get(1).fits().get(0).crossoverCiHigh(),
                "refitted as from scratch");
    }

    @Test
    void aMediansIntervalIsTheExactOrderStatistics() {
        long[] twenty = new long[20];
        for (int i = 0; i < 20; i++) twenty[i] = (20 - i) * 1_000_000L; // 20 ms down to 1 ms
        double[] ci = new BatchPoint(0, "ws-document", 1, twenty, 1).medianCiMillis();
        assertEquals(6.0, ci[0], 1e-9, "the 6th of 20");
        assertEquals(15.0, ci[1], 1e-9, "the 15th of 20");
        double[] six = new BatchPoint(0, "ws-document", 1, new long[] {3, 1, 2, 6, 5, 4}, 1).medianCiMillis();
        assertEquals(1e-6, six[0], 1e-12, "6 transactions: the minimum");
        assertEquals(6e-6, six[1], 1e-12, "and the maximum (96.9 %)");
        assertTrue(
                Double.isNaN(new BatchPoint(0, "ws-document", 1, new long[] {1, 2, 3, 4, 5}, 1).medianCiMillis()[0]));
    }

    /** k is the largest rank whose interval [x(k), x(n+1-k)] still covers the median with at least 95 %. */
    @Test
    void theMediansRankIsTheLargestThatKeepsNinetyFivePercent() {
        for (int n = BatchPoint.FEWEST_FOR_MEDIAN_INTERVAL; n <= 200; n++) {
            int k = BatchPoint.medianRank(n);
            assertTrue(coverage(n, k) >= 0.95, "n " + n + " k " + k);
            assertTrue(k + 1 > n / 2 || coverage(n, k + 1) < 0.95, "n " + n + " k + 1 " + (k + 1));
        }
        assertEquals(0, BatchPoint.medianRank(BatchPoint.FEWEST_FOR_MEDIAN_INTERVAL - 1));
    }

    /** P(x(k) <= median <= x(n+1-k)) = 1 - 2 P(Binomial(n, 1/2) <= k - 1), summed by hand. */
    private static double coverage(int n, int k) {
        double tail = 0;
        for (int j = 0; j < k; j++) tail += binomial(n, j) / Math.pow(2, n);
        return 1 - 2 * tail;
    }

    private static double binomial(int n, int j) {
        double c = 1;
        for (int i = 1; i <= j; i++) c = c * (n - j + i) / i;
        return c;
    }
}
