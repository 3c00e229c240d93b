package io.wirecost.runner.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wirecost.runner.LineFit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Seed 004's model on points that follow it exactly, and on points that do not. */
class ModelFitTest {

    /** L = 1 ms added per round trip, T = 0.5, D = 3.5, W = 2: objects take 5n ms, the document 3 + 0.5n. */
    static LatencyResult exact() {
        List<BatchPoint> points = new ArrayList<>();
        for (int n : List.of(1, 2, 3, 5, 10)) {
            points.add(point("rmi-objects", n, 5.0 * n, 5 * n));
            points.add(point("ws-document", n, 3 + 0.5 * n, 1));
        }
        return new LatencyResult(500_000, true, List.of(100_000L), List.of(1_100_000L), 3, points, "");
    }

    static BatchPoint point(String variant, int n, double millis, double calls) {
        long t = Math.round(millis * 1e6);
        return new BatchPoint(500_000, variant, n, new long[] {t + 50_000, t, t - 50_000}, calls);
    }

    @Test
    void recoversTheModelsParametersAndTheCrossover() {
        ModelFit m = ModelFit.of(exact(), "ws-document").orElseThrow();
        assertEquals(1.0, m.latencyMillis(), 1e-9);
        assertEquals(0.5, m.transmitMillis(), 1e-6);
        assertEquals(2.0, m.documentOverheadMillis(), 1e-6);
        assertEquals(3.5, m.objectOverheadMillis(), 1e-6);
        assertEquals(5.0, m.roundTripsPerFile(), 1e-9);
        assertEquals(5.0 - 5 * 1.0 - 0.5, m.objectOverheadNetMillis(), 1e-6);
        // (L + W) / (L + D) = 3 / 4.5
        assertEquals(3.0 / 4.5, m.crossover(), 1e-6);
        assertEquals(1.0, m.objects().r2(), 1e-9);
        assertEquals(1.0, m.document().r2(), 1e-9);
        assertEquals(1, m.observedCrossover().getAsInt(), "the document line is below from n = 1");
        assertEquals((3 + 2.5) / 25.0, m.ratioAt5().getAsDouble(), 1e-6);
    }

    @Test
    void theObservedCrossoverIsWhereTheDocumentStaysFaster() {
        List<BatchPoint> points = new ArrayList<>();
        for (int n : List.of(1, 2, 3, 4)) {
            points.add(point("rmi-objects", n, 1.0 * n, 5 * n));
            points.add(point("ws-document", n, 2.5, 1)); // slower at 1 and 2, equal-ish never, faster from 3 on
        }
        ModelFit m = ModelFit.of(new LatencyResult(0, false, List.of(), List.of(), 3, points, ""), "ws-document")
                .orElseThrow();
        assertEquals(3, m.observedCrossover().getAsInt());
        assertEquals(2.5, m.crossover(), 1e-6);
    }

    @Test
    void aDocumentLineThatNeverFallsBelowHasNoCrossover() {
        List<BatchPoint> points = new ArrayList<>();
        for (int n : List.of(1, 2)) {
            points.add(point("rmi-objects", n, 1.0 * n, 5 * n));
            points.add(point("ws-document", n, 5 + 2.0 * n, 1));
        }
        ModelFit m = ModelFit.of(new LatencyResult(0, false, List.of(), List.of(), 3, points, ""), "ws-document")
                .orElseThrow();
        assertTrue(Double.isInfinite(m.crossover()));
        assertFalse(m.observedCrossover().isPresent());
    }

    @Test
    void noFitBeforeTwoBatchSizesAreMeasured() {
        List<BatchPoint> points = List.of(point("rmi-objects", 1, 5, 5), point("ws-document", 1, 3, 1));
        assertFalse(ModelFit.of(new LatencyResult(0, false, List.of(), List.of(), 3, points, ""), "ws-document")
                .isPresent());
    }

    @Test
    void theMedianIgnoresOneSlowTransaction() {
        BatchPoint p = new BatchPoint(0, "ws-document", 1, new long[] {1_000_000, 90_000_000, 2_000_000}, 1);
        assertEquals(2.0, p.medianMillis(), 1e-9);
        assertEquals(31.0, p.meanMillis(), 1e-9);
    }

    @Test
    void aLineThroughTheOriginCanFitWorseThanTheMean() {
        LineFit f = LineFit.throughOrigin(List.of(new double[] {1, 10}, new double[] {2, 9}, new double[] {3, 8}));
        assertTrue(f.r2() < 0, "R² " + f.r2());
    }
}
