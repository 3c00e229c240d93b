package io.wirecost.cli.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PairedRatioTest {

    @Test
    void constantRatiosGiveThatRatioWithAZeroWidthInterval() {
        PairedRatio r = PairedRatio.of(new double[] {1, 2, 4}, new double[] {2, 4, 8});
        assertEquals(0.5, r.ratio(), 1e-12);
        assertEquals(0.5, r.low(), 1e-12);
        assertEquals(0.5, r.high(), 1e-12);
    }

    @Test
    void theGeometricMeanOfTheRoundsRatiosWithAnIntervalAroundIt() {
        PairedRatio r = PairedRatio.of(new double[] {1, 4}, new double[] {2, 2}); // ratios 0.5 and 2
        assertEquals(1.0, r.ratio(), 1e-12);
        // t(0.975, 1) = 12.706; sd of logs ln 2 * sqrt 2, standard error ln 2
        assertEquals(Math.exp(-12.7062 * Math.log(2)), r.low(), 1e-4);
        assertTrue(r.high() > 2);
    }

    @Test
    void aGoalIsMetOnlyByTheIntervalsUpperEnd() {
        assertEquals("MET", new PairedRatio(0.4, 0.3, 0.5, 5).goal(0.5));
        assertEquals("not shown (point estimate meets it)", new PairedRatio(0.4, 0.3, 0.6, 5).goal(0.5));
        assertEquals("NOT met", new PairedRatio(0.6, 0.5, 0.7, 5).goal(0.5));
    }
}
