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

    /** The default gating metrics of the series (CPU per call and shares of both JVMs, round trips), the first runs. */
    private static Map<String, List<HistoryStore.Point>> gating(Map<String, List<HistoryStore.Point>> all, int runs) {
        Map<String, List<HistoryStore.Point>> out = new java.util.TreeMap<>();
        all.forEach((m, points) -> {
            if ((m.startsWith("cpu/") && m.split("/")[2].equals("all"))
                    || m.startsWith("rtt/")
                    || (m.startsWith("share/") && m.split("/")[2].equals("all")))
                out.put(m, points.subList(0, Math.min(runs, points.size())));
        });
        return out;
    }

    private static Map<String, List<HistoryStore.Point>> shares(Map<String, List<HistoryStore.Point>> all, int runs) {
        Map<String, List<HistoryStore.Point>> out = new java.util.TreeMap<>();
        all.forEach((m, points) -> {
            if (m.startsWith("share/")) out.put(m, points.subList(0, Math.min(runs, points.size())));
        });
        return out;
    }

    @Test
    void theMachinesStepsDoNotFailTheCheckTheInjectedWorkDoes() throws Exception {
        Map<String, List<HistoryStore.Point>> all = RealSeries.points(RealSeries.QUICK_30);
        List<ChangePointCheck.Found> found = new ChangePointCheck(DEFAULTS, 5, ChangePointCheck.DEFAULT_CONFIRM_RUNS)
                .check(gating(all, 30), shares(all, 30));
        // ws-literal's CPU per call where the other builds stopped (run 27): the load's step, found at the same run
        List<ChangePointCheck.Found> ws = found.stream()
                .filter(f -> f.metric().startsWith("cpu/ws-literal/"))
                .toList();
        assertEquals(10, ws.size(), "ws-literal's change points: " + ws);
        for (ChangePointCheck.Found f :
                ws.stream().filter(f -> f.position() == 26).toList())
            assertEquals("load 25.7 -> 12.9", f.machine(), f.metric());
        // and its one-run rise at run 30, on a machine with no idle CPU in any run: the machine's too
        ChangePointCheck.Found last =
                ws.stream().filter(f -> f.position() == 29).findFirst().orElseThrow();
        assertEquals("cpu/ws-literal/all/short", last.metric());
        assertTrue(last.regression() && last.newest(), "a rise of " + last.changePercent() + " %");
        assertEquals("busy CPU 100 % -> 100 % (median), saturated", last.machine());
        // the injected loop still fails the check, through the share of the category that carries it, and nothing else
        assertEquals(
                List.of("share/rmi/all/application at 19"),
                found.stream()
                        .filter(ChangePointCheck.Found::gates)
                        .map(f -> f.metric() + " at " + f.position())
                        .toList());
        assertTrue(ChangePointCheck.failed(found));
    }

    @Test
    void theRunsBeforeTheInjectionAreAnAaHistoryWithoutAFailure() throws Exception {
        Map<String, List<HistoryStore.Point>> all = RealSeries.points(RealSeries.QUICK_30);
        List<HistoryStore.Entry> runs = all.get("cpu/rmi/all/int").subList(0, INJECTED_FROM).stream()
                .map(HistoryStore.Point::run)
                .toList();
        FalseAlarms aa = FalseAlarms.of(
                new ChangePointCheck(DEFAULTS, 5, ChangePointCheck.DEFAULT_CONFIRM_RUNS),
                runs,
                gating(all, INJECTED_FROM),
                HostScaling.Mode.MEDIAN,
                shares(all, INJECTED_FROM),
                6);
        assertEquals(19, aa.runs());
        assertEquals(40, aa.metrics(), "9 + 9 CPU per call, 10 + 10 round trips, 2 application shares");
        assertEquals(1, aa.changed().k(), "one metric with a change point: " + aa);
        assertEquals(1, aa.machine(), "the machine's: " + aa);
        assertEquals(0, aa.failing().k());
        assertEquals(14, aa.jobsFailed().n(), "a check after each of runs 6 to 18, and on all 19");
        assertEquals(0, aa.jobsFailed().k(), "no job would have failed: " + aa);
        assertEquals(List.of(), aa.failedJobs());
    }
}
