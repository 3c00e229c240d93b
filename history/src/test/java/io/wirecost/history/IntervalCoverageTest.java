package io.wirecost.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Interval coverage on series whose between-run spread is known. */
class IntervalCoverageTest {

    private static List<HistoryStore.Point> series(double[] values, double ownHalfWidth) {
        List<HistoryStore.Point> out = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            RunFacts facts = new RunFacts(
                    "k" + i,
                    "run-" + i,
                    "run",
                    "/runs/" + i,
                    Instant.EPOCH,
                    "vm",
                    "",
                    "17",
                    "adaptive",
                    0,
                    0,
                    0,
                    "{}",
                    Double.NaN);
            HistoryStore.Entry e = new HistoryStore.Entry(i + 1, Instant.EPOCH.plusSeconds(i), null, null, facts, 1);
            double v = values[i];
            out.add(new HistoryStore.Point(e, new Figure("m", v, v * (1 - ownHalfWidth), v * (1 + ownHalfWidth), "x")));
        }
        return out;
    }

    /** Ten runs spread by about 3 % between them, each printing a ±0.5 % interval from its own batches. */
    private static final double[] SPREAD_3 = new double[10];

    static {
        for (int i = 0; i < SPREAD_3.length; i++) SPREAD_3[i] = 2.0 * Math.exp(0.03 * Math.sin(i * 2.3));
    }

    @Test
    void ownIntervalsNarrowerThanTheSpreadMissTheOtherRunsWhileNextRunIntervalsCoverThem() {
        Map<String, List<HistoryStore.Point>> m = new LinkedHashMap<>();
        m.put("factor/a:b/int/cpu", series(SPREAD_3, 0.005));
        IntervalCoverage.Summary s = IntervalCoverage.of(m);
        IntervalCoverage.Metric r = s.metrics().get(0);
        assertEquals(10, r.runs());
        assertEquals(10, r.own().checked());
        assertTrue(r.own().covered() <= 4, "±0.5 % against a 3 % spread: " + r.own());
        assertEquals(0.5, r.own().medianHalfWidthPercent(), 1e-9);
        assertEquals(10 - IntervalCoverage.MIN_EARLIER, r.nextRun().checked());
        assertEquals(r.nextRun().checked(), r.nextRun().covered(), "next-run intervals: " + r.nextRun());
        assertTrue(
                r.nextRun().medianHalfWidthPercent() > 3 && r.nextRun().medianHalfWidthPercent() < 15,
                "a few times the spread: " + r.nextRun());
        assertEquals(2.1, r.betweenRunSpreadPercent(), 0.6);
        assertEquals(s.own(), r.own(), "one metric: pooled = its own");
    }

    @Test
    void predictionHalfWidthIsTheTIntervalForOneMoreRun() {
        double[] earlier = {1, Math.exp(0.1), Math.exp(-0.1)};
        // s = 0.1 on the logarithms, t(2, 0.975) = 4.3027, sqrt(1 + 1/3)
        assertEquals(4.302653 * 0.1 * Math.sqrt(4.0 / 3), IntervalCoverage.predictionHalfWidthLog(earlier), 1e-5);
    }

    @Test
    void aSeriesWithAZeroOrASingleRunIsLeftOut() {
        Map<String, List<HistoryStore.Point>> m = new LinkedHashMap<>();
        m.put("share/rmi/client/json", series(new double[] {0.0, 0.1, 0.2, 0.1}, 0.5));
        m.put("factor/a:b/int/rtt", series(new double[] {1.2}, 0.1));
        IntervalCoverage.Summary s = IntervalCoverage.of(m);
        assertTrue(s.metrics().isEmpty(), s.toString());
        assertEquals(0, s.own().checked());
        assertTrue(Double.isNaN(s.nextRun().medianHalfWidthPercent()));
    }
}
