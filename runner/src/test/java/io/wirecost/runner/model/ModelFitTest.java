package io.wirecost.runner.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ModelFitTest {

    private static List<ModelFit.Point> grid(double c, double k) {
        List<ModelFit.Point> ps = new ArrayList<>();
        for (int cl : new int[] {1, 5, 10, 50})
            for (int ni : new int[] {1, 100, 10_000}) ps.add(new ModelFit.Point(cl, ni, c + k * cl * ni));
        return ps;
    }

    @Test
    void recoversTheConstantAndTheSlope() {
        ModelFit f = ModelFit.of(grid(500, 0.02));
        assertEquals(0.02, f.k(), 1e-12);
        assertEquals(500, f.c(), 1e-6);
        assertEquals(1.0, f.r2(), 1e-12);
        // the paper's line through the origin cannot show the constant: its R² is lower, its K larger
        assertTrue(f.r2Origin() < 0.999, "origin R² " + f.r2Origin());
        assertTrue(f.kOrigin() > f.k());
    }

    @Test
    void thePapersModelFitsExactlyWithoutAConstant() {
        ModelFit f = ModelFit.of(grid(0, 0.5));
        assertEquals(0.5, f.kOrigin(), 1e-12);
        assertEquals(1.0, f.r2Origin(), 1e-12);
        assertEquals(0, f.c(), 1e-6);
    }

    @Test
    void kCarriesTheTextbookInterval() {
        // x = 1..4, y = 2.1, 3.9, 6.2, 7.8: slope 1.94, residuals 0.01 -0.13 0.23 -0.11 (sum of squares 0.082),
        // se = sqrt(0.082 / 2 / 5) = 0.09055, t(2) = 4.3027: [1.5504, 2.3296]
        double[] y = {2.1, 3.9, 6.2, 7.8};
        List<ModelFit.Point> ps = new ArrayList<>();
        for (int i = 0; i < y.length; i++) ps.add(new ModelFit.Point(1, i + 1, y[i]));
        ModelFit f = ModelFit.of(ps);
        assertEquals(1.94, f.k(), 1e-12);
        assertEquals(1.5504, f.kCiLow(), 1e-4);
        assertEquals(2.3296, f.kCiHigh(), 1e-4);
        assertEquals(2, f.kEstimate().df());
    }

    @Test
    void theIntervalCoversTheTrueSlopeAboutNineteenTimesInTwenty() {
        // seed 003's grid with normal noise of 5 % of the largest latency, 2,000 fits: a 95 % interval
        // built right covers the true K in 95 % of them (binomial 99 % band for 2,000: 93.8 to 96.2 %)
        java.util.SplittableRandom random = new java.util.SplittableRandom(3);
        int covered = 0, fits = 2_000;
        for (int i = 0; i < fits; i++) {
            List<ModelFit.Point> ps = new ArrayList<>();
            for (ModelFit.Point p : grid(500, 0.02)) {
                double noise = 0.05 * (500 + 0.02 * 50 * 10_000) * gaussian(random);
                ps.add(new ModelFit.Point(p.clients(), p.ints(), p.latencyMicros() + noise));
            }
            ModelFit f = ModelFit.of(ps);
            if (f.kCiLow() <= 0.02 && 0.02 <= f.kCiHigh()) covered++;
        }
        double rate = (double) covered / fits;
        assertTrue(rate > 0.938 && rate < 0.962, "coverage " + rate);
    }

    private static double gaussian(java.util.SplittableRandom r) {
        // Box-Muller: SplittableRandom has no nextGaussian on JDK 17
        return Math.sqrt(-2 * Math.log(1 - r.nextDouble())) * Math.cos(2 * Math.PI * r.nextDouble());
    }

    @Test
    void anExactLineHasNoWidthAndTwoPointsNoInterval() {
        ModelFit exact = ModelFit.of(grid(500, 0.02));
        assertEquals(0.02, exact.kCiLow(), 1e-12);
        assertEquals(0.02, exact.kCiHigh(), 1e-12);
        ModelFit two = ModelFit.of(List.of(new ModelFit.Point(1, 1, 3), new ModelFit.Point(1, 2, 5)));
        assertTrue(Double.isNaN(two.kCiLow()) && !two.kEstimate().known(), two.toString());
    }

    @Test
    void needsTwoPoints() {
        assertThrows(IllegalArgumentException.class, () -> ModelFit.of(List.of(new ModelFit.Point(1, 1, 1))));
    }
}
