package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wirecost.report.Table;
import io.wirecost.runner.model.ModelFit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** K ratios from known sweeps: a scenario whose latency fell as CL x NI grew has no ratio, not a negative one. */
class ModelRatiosTest {

    /** Nine points of L = c + k x CL x NI, with a little deterministic scatter. */
    private static ModelFit fit(double c, double k) {
        List<ModelFit.Point> points = new ArrayList<>();
        int i = 0;
        for (int clients : new int[] {1, 2, 4})
            for (int ints : new int[] {10, 100, 1000}) {
                double scatter = 1 + 0.01 * ((i++ % 3) - 1);
                points.add(new ModelFit.Point(clients, ints, (c + k * clients * ints) * scatter));
            }
        return ModelFit.of(points);
    }

    @Test
    void aScenarioWhoseKIsNotPositiveHasNoRatio() {
        Map<String, ModelFit> fits = new LinkedHashMap<>();
        fits.put("tcp", fit(50, 0.02));
        fits.put("rmi", fit(3000, -0.05));
        fits.put("ws-literal", fit(400, 0.1));
        assertTrue(fits.get("rmi").k() < 0, fits.get("rmi").toString());

        Map<String, Double> ratios = ModelRatios.of(fits);
        assertEquals(1.0, ratios.get("tcp"), 1e-12);
        assertNull(ratios.get("rmi"), ratios.toString());
        assertEquals(fits.get("ws-literal").k() / fits.get("tcp").k(), ratios.get("ws-literal"), 1e-9);

        Table t = ModelRatios.table(fits);
        String md = t.markdown();
        assertTrue(md.contains("| rmi / tcp | none: K <= 0, latency did not grow with CL x NI |"), md);
        // seed 003's SOAP+HTTP/Binary+TCP stands on ws-literal / rmi: no ratio of a K that is not positive either
        assertTrue(md.contains("| ws-literal / rmi | none: K <= 0"), md);
        assertTrue(md.contains("| tcp / tcp | 1.00 (reference) |"), md);
    }
}
