package io.wirecost.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class EstimateTest {

    @Test
    void meanHasTheStudentTInterval() {
        // mean 10, sample sd 1 (values 9, 10, 11), n = 3: half-width t(0.975, 2) * 1 / sqrt(3) = 4.303 / 1.732
        Estimate e = Estimate.mean(new double[] {9, 10, 11});
        assertEquals(10, e.value(), 1e-12);
        assertEquals(4.3027 / Math.sqrt(3), e.high() - 10, 1e-3);
        assertEquals(2, e.df());
        assertTrue(e.contains(10) && !e.contains(13));
    }

    @Test
    void singleSampleHasNoInterval() {
        Estimate e = Estimate.mean(new double[] {5});
        assertFalse(e.known());
        assertFalse(e.contains(5), "an unknown interval supports no claim");
    }

    @Test
    void ratioAndGeometricMeanCarryTheRelativeErrors() {
        Estimate a = Estimate.mean(new double[] {19, 20, 21, 20, 19, 21});
        Estimate b = Estimate.mean(new double[] {10, 10.5, 9.5, 10, 10.5, 9.5});
        Estimate r = a.ratio(b);
        assertEquals(2.0, r.value(), 1e-12);
        assertTrue(r.low() < 2 && r.high() > 2 && r.low() > 1.8, r.toString());
        // both have the same relative error: the ratio's relative half-width is sqrt(2) times one of them
        assertEquals(Math.sqrt(2) * a.relativeHalfWidth(), Math.log(r.high() / r.low()) / 2, 2e-3);
        Estimate g = Estimate.geometricMean(List.of(a, b));
        assertEquals(Math.sqrt(200), g.value(), 1e-9);
        assertTrue(g.low() < g.value() && g.high() > g.value());
    }

    @Test
    void cpuStatisticsDropTheExtremes() {
        long[] nanos = {1_000_000, 9_000_000, 2_000_000, 2_000_000, 2_000_000}; // 100 calls each
        CpuStatistics c = CpuStatistics.of("int", "all", nanos, 100);
        assertEquals(20.0, c.meanMicros(), 1e-9, "min (10 µs) and max (90 µs) dropped");
        assertEquals(500, c.invocations());
        assertEquals(3, c.keptMicros().size());
    }
}
