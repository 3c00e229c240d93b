package io.wirecost.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The detector at Otava's defaults on a real 30-run history with a known change ({@link RealSeries#QUICK_30}): where
 * it finds the injected work, and what the machine's drift does to the figures per call. A change of the detector
 * that moves either shows here first.
 */
class RealHistoryTest {

    private static final EDivisive DEFAULTS = new EDivisive(EDivisive.DEFAULT_WINDOW, EDivisive.DEFAULT_MAX_P, 0);
    private static final int INJECTED_FROM = 19;

    private static List<Integer> at(Map<String, double[]> series, String metric) {
        double[] s = series.get(metric);
        assertEquals(30, s.length, metric + ": a value per run");
        return DEFAULTS.changePoints(s).stream()
                .map(EDivisive.ChangePoint::index)
                .toList();
    }

    @Test
    void theInjectedLoopIsFoundAtItsRunInTheCategoryThatCarriesIt() throws Exception {
        Map<String, double[]> series = RealSeries.read(RealSeries.QUICK_30);
        // the busy loop is the server's own code, so it lands in "application"; nothing else in the history moves it
        assertEquals(List.of(INJECTED_FROM), at(series, "share/rmi/server/application"));
        assertEquals(List.of(INJECTED_FROM), at(series, "share/rmi/all/application"));
        // the option went to both scenarios of the run: ws-literal's server carries the same 2 us, a small part of
        // its far dearer call, and that is found at the same run too
        assertEquals(List.of(INJECTED_FROM), at(series, "share/ws-literal/server/application"));
        // the clients, where nothing was injected, have none
        assertEquals(List.of(), at(series, "share/rmi/client/application"));
        assertEquals(List.of(), at(series, "share/ws-literal/client/application"));
    }

    @Test
    void theLoadMovedTheFiguresPerCallMoreThanTheInjectionDid() throws Exception {
        Map<String, double[]> series = RealSeries.read(RealSeries.QUICK_30);
        // rmi's CPU per call: the injected 2 us (about a tenth of a quiet call) is not found, the load's swings
        // between runs being several times larger ...
        assertEquals(List.of(), at(series, "cpu/rmi/all/primitives-geomean"));
        // ... and ws-literal's, where the injection is a fiftieth of a call, changes where the other builds stopped
        // (load 25 -> 10), by far more than that
        List<Integer> ws = at(series, "cpu/ws-literal/all/primitives-geomean");
        assertEquals(1, ws.size(), "one change point: " + ws);
        assertTrue(ws.get(0) >= 24 && ws.get(0) <= 27, "where the load fell: " + ws);
    }
}
