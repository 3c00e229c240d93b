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
    void needsTwoPoints() {
        assertThrows(IllegalArgumentException.class, () -> ModelFit.of(List.of(new ModelFit.Point(1, 1, 1))));
    }
}
