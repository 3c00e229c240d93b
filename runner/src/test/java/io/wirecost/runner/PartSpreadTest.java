package io.wirecost.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The move between a scenario's two parts widens its intervals, the geometric mean's as much as each type's. */
class PartSpreadTest {

    @Test
    void aMoveAddsInQuadratureOnALogScale() {
        Estimate e = new Estimate(100, Math.exp(-0.03) * 100, Math.exp(0.03) * 100, 9);
        Estimate w = PartSpread.widen(e, 0.04);
        assertEquals(100, w.value());
        assertEquals(9, w.df());
        double half = Math.sqrt(0.03 * 0.03 + Math.pow(Math.log(1.04), 2));
        assertEquals(100 * Math.exp(half), w.high(), 1e-9);
        assertEquals(100 * Math.exp(-half), w.low(), 1e-9);
        assertSame(e, PartSpread.widen(e, 0), "no move, no change");
    }

    @Test
    void theMoveIsSymmetricOnALogScale() {
        assertEquals(0.25, PartSpread.move(100, 125), 1e-12);
        assertEquals(0.25, PartSpread.move(125, 100), 1e-12);
        assertEquals(0, PartSpread.move(Double.NaN, 100));
    }

    @Test
    void theGeometricMeanIsWidenedAsItStandsNotThroughItsParts() {
        // seven types of ±2 %: the geomean's own interval is about ±0.8 %; a 10 % move shared by all types must
        // leave it at least ±10 %, not 10 / sqrt(7)
        List<CpuStatistics> parts = new java.util.ArrayList<>();
        for (String op : List.of("int", "short", "long", "float", "double", "boolean", "byte"))
            parts.add(CpuStatistics.of(op, "all", new long[] {980, 1000, 1020, 990, 1010, 1000, 985, 1015}, 1));
        List<CpuStatistics> withGeomean = new java.util.ArrayList<>(parts);
        withGeomean.addAll(
                CpuPass.geomeans(parts, List.of("int", "short", "long", "float", "double", "boolean", "byte")));
        List<CpuStatistics> widened = PartSpread.cpu(withGeomean, 0.10);
        CpuStatistics g = widened.get(widened.size() - 1);
        assertEquals("primitives-geomean", g.operation());
        assertTrue(
                g.perCallMicros().relativeHalfWidth() >= 0.095,
                "geomean ±" + g.perCallMicros().relativeHalfWidth());
        assertEquals(withGeomean.get(0).keptMicros(), widened.get(0).keptMicros(), "the batches stay as measured");
    }
}
