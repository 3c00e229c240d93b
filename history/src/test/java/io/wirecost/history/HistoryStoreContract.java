package io.wirecost.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What every history database must do, run against the embedded file (HistoryStoreTest) and a real PostgreSQL
 * server (PostgresHistoryStoreIT).
 */
abstract class HistoryStoreContract {

    /** A real quick rmi run's results.json and cpu.csv. */
    static final Path FIXTURE = Path.of("src/test/resources/runs/rmi-quick");

    /** The --db of a new, empty database. */
    abstract String freshDb() throws Exception;

    static RunReader.StoredRun synthetic(String key, Instant started, double cpuMicros) {
        return synthetic(key, started, cpuMicros, Double.NaN);
    }

    /** With the host's speed probed beside it (NaN: not probed). */
    static RunReader.StoredRun synthetic(String key, Instant started, double cpuMicros, double hostSpeedMbps) {
        RunFacts f = new RunFacts(
                key,
                key,
                "run",
                "/runs/" + key,
                started,
                "vm",
                "",
                "17",
                "quick",
                Double.NaN,
                Double.NaN,
                Double.NaN,
                "{}",
                hostSpeedMbps);
        return new RunReader.StoredRun(
                f,
                List.of(
                        new Figure("cpu/rmi/all/int", cpuMicros, cpuMicros - 0.5, cpuMicros + 0.5, "us"),
                        new Figure("share/rmi/server/socket-write", 30, Double.NaN, Double.NaN, "%")));
    }

    /**
     * CI jobs running side by side store into one history: each writer waits its turn rather than failing, and every
     * run is stored once.
     */
    @Test
    void runsAddedAtOnceBySeparateWritersAreAllStored() throws Exception {
        String db = freshDb();
        try (HistoryStore store = HistoryStore.open(db, true)) {
            store.add(synthetic("first", Instant.EPOCH, 10), null, null, null);
        }
        int writers = 6;
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(writers);
        java.util.concurrent.CountDownLatch start = new java.util.concurrent.CountDownLatch(1);
        List<java.util.concurrent.Future<?>> adds = new java.util.ArrayList<>();
        for (int i = 0; i < writers; i++) {
            String key = "writer-" + i;
            int n = i;
            adds.add(pool.submit(() -> {
                start.await();
                try (HistoryStore store = HistoryStore.open(db, true)) {
                    store.add(synthetic(key, Instant.EPOCH.plusSeconds(n + 1), 10 + n), null, null, null);
                }
                return null;
            }));
        }
        start.countDown();
        try {
            for (java.util.concurrent.Future<?> add : adds) add.get(2, java.util.concurrent.TimeUnit.MINUTES);
        } finally {
            pool.shutdownNow();
        }
        try (HistoryStore store = HistoryStore.open(db, false)) {
            assertEquals(writers + 1, store.runs().size());
        }
    }

    @Test
    void aRealRunIsStoredWithEveryFigureAndItsFacts() throws Exception {
        RunReader.StoredRun run = RunReader.read(FIXTURE);
        String db = freshDb();
        try (HistoryStore store = HistoryStore.open(db, true)) {
            assertEquals(1, store.add(run, "0123456789abcdef", "main", null));
            List<HistoryStore.Entry> runs = store.runs();
            assertEquals(1, runs.size());
            HistoryStore.Entry e = runs.get(0);
            assertEquals("0123456789abcdef", e.commit());
            assertEquals("main", e.branch());
            assertEquals("run", e.facts().kind());
            assertEquals("quick", e.facts().method());
            assertEquals(Instant.parse("2026-12-01T21:08:07.200Z"), e.measured(), "the run's start, to the ms");
            assertTrue(e.facts().javaVersion().startsWith("17."), e.facts().javaVersion());
            assertEquals(1.66, e.facts().loadAverage(), 1e-9);
            assertTrue(Double.isNaN(e.facts().hostSpeedMbps()), "a run from before the host's speed was probed");
            List<Figure> stored = store.figures(e.facts().key());
            assertEquals(run.figures().size(), stored.size());
            Map<String, Figure> byName = new java.util.HashMap<>();
            stored.forEach(f -> byName.put(f.metric(), f));
            // cpu.csv's line rmi,int,all,18.563,17.742,19.384
            Figure cpu = byName.get("cpu/rmi/all/int");
            assertEquals(18.563, cpu.value(), 1e-9);
            assertEquals(17.742, cpu.ciLow(), 1e-9);
            assertEquals(19.384, cpu.ciHigh(), 1e-9);
            assertEquals("us", cpu.unit());
            for (String m : List.of(
                    "rtt/rmi/int",
                    "share/rmi/client/socket-write",
                    "size/rmi/int/request",
                    "wait/rmi",
                    "jmc/rmi/client/CompareCpu"))
                assertTrue(byName.containsKey(m), m + " missing from " + byName.keySet());
            assertTrue(byName.get("share/rmi/client/socket-write").hasInterval());
            // the run flagged its int round trip too noisy (its batches' CV 26 %), not its short one (7 %); byte,
            // string and instantiation too (24, 32 and 76 %)
            assertTrue(byName.get("rtt/rmi/int").noisy());
            assertTrue(!byName.get("rtt/rmi/short").noisy());
            assertTrue(!cpu.noisy());
            Map<String, List<HistoryStore.Point>> rtt = store.series(m -> m.startsWith("rtt/rmi/"), RunSelection.EVERY);
            assertTrue(rtt.get("rtt/rmi/int").get(0).figure().noisy(), "the flag as the series read it");
            assertTrue(!ChangePointCheck.withoutNoisy(rtt).containsKey("rtt/rmi/int"), "left out of the check");
            assertEquals(4, ChangePointCheck.leftOut(rtt));
        }
    }

    @Test
    void theSameRunTwiceIsRefused() throws Exception {
        String db = freshDb();
        try (HistoryStore store = HistoryStore.open(db, true)) {
            store.add(RunReader.read(FIXTURE), null, null, null);
            HistoryException e =
                    assertThrows(HistoryException.class, () -> store.add(RunReader.read(FIXTURE), "other", null, null));
            assertTrue(e.getMessage().contains("already stored as run 1"), e.getMessage());
            assertEquals(1, store.runs().size());
        }
    }

    @Test
    void theHistoryIsInTheOrderRunsMeasuredAndSeriesFollowIt() throws Exception {
        String db = freshDb();
        Instant t0 = Instant.parse("2026-11-01T00:00:00Z");
        try (HistoryStore store = HistoryStore.open(db, true)) {
            store.add(synthetic("b", t0.plusSeconds(3600), 11), null, null, null);
            store.add(synthetic("a", t0, 10), null, null, null);
            store.add(synthetic("c", t0.plusSeconds(7200), 12), "c0ffee", null, null);
        }
        try (HistoryStore store = HistoryStore.open(db, false)) {
            assertEquals(
                    List.of("a", "b", "c"),
                    store.runs().stream().map(e -> e.facts().key()).toList());
            Map<String, List<HistoryStore.Point>> s = store.series(m -> m.startsWith("cpu/"), RunSelection.EVERY);
            assertEquals(List.of("cpu/rmi/all/int"), List.copyOf(s.keySet()));
            assertEquals(
                    List.of(10.0, 11.0, 12.0),
                    s.get("cpu/rmi/all/int").stream()
                            .map(p -> p.figure().value())
                            .toList());
            assertEquals(
                    List.of(11.0, 12.0),
                    store.series(m -> true, RunSelection.since(t0.plusSeconds(3600))).get("cpu/rmi/all/int").stream()
                            .map(p -> p.figure().value())
                            .toList(),
                    "--since keeps the runs measured at or after it");
        }
    }

    /** A run whose start is unknown (a profile file's, an older run's) reads back unknown, not as 1970. */
    @Test
    void anUnknownStartIsReadBackUnknown() throws Exception {
        String db = freshDb();
        Instant t0 = Instant.parse("2026-11-01T00:00:00Z");
        try (HistoryStore store = HistoryStore.open(db, true)) {
            store.add(synthetic("unknown", null, 10), null, null, t0);
            store.add(synthetic("known", t0.plusSeconds(60), 10), null, null, null);
        }
        try (HistoryStore store = HistoryStore.open(db, false)) {
            List<HistoryStore.Entry> runs = store.runs();
            assertEquals(null, runs.get(0).facts().started());
            assertEquals(t0, runs.get(0).measured(), "the time given stands in for the start");
            assertEquals(t0.plusSeconds(60), runs.get(1).facts().started());
        }
    }

    @Test
    void theHostSpeedIsStoredWithTheRunAndReadBack() throws Exception {
        String db = freshDb();
        Instant t0 = Instant.parse("2026-11-01T00:00:00Z");
        try (HistoryStore store = HistoryStore.open(db, true)) {
            store.add(synthetic("fast", t0, 10, 1180.25), null, null, null);
            store.add(synthetic("unprobed", t0.plusSeconds(60), 10), null, null, null);
        }
        try (HistoryStore store = HistoryStore.open(db, false)) {
            List<HistoryStore.Entry> runs = store.runs();
            assertEquals(1180.25, runs.get(0).facts().hostSpeedMbps(), 1e-9);
            assertTrue(Double.isNaN(runs.get(1).facts().hostSpeedMbps()), "not probed: unknown, not 0");
        }
    }

    /**
     * A re-measure's stretch is stored and read back as recorded, and covers a scenario's change points by where their
     * runs stand in the history's order: a run added later with an earlier time falls inside it, another scenario's
     * runs and the runs after it do not.
     */
    @Test
    void clearedStretchesAreStoredAndCoverTheirScenarioInTheHistorysOrder() throws Exception {
        String db = freshDb();
        Instant t0 = Instant.parse("2026-11-01T00:00:00Z");
        try (HistoryStore store = HistoryStore.open(db, true)) {
            for (int i = 1; i <= 5; i++) store.add(synthetic("r" + i, t0.plusSeconds(3600L * i), 10), null, null, null);
            store.clear(List.of(new Cleared("rmi", 2, 4, "c0ffee12", "diff a b found no regression", t0)));
            // measured between runs 2 and 3, added after the stretch was recorded: seq 6
            store.add(synthetic("late", t0.plusSeconds(3600L * 2 + 60), 10), null, null, null);
        }
        try (HistoryStore store = HistoryStore.open(db, false)) {
            List<Cleared> cleared = store.cleared();
            assertEquals(List.of(new Cleared("rmi", 2, 4, "c0ffee12", "diff a b found no regression", t0)), cleared);
            Cleared.Covering covering = new Cleared.Covering(cleared, store.runs());
            assertTrue(covering.of("cpu/rmi/all/int", 2).isPresent());
            assertTrue(covering.of("share/rmi/all/tls", 4).isPresent());
            assertTrue(covering.of("rtt/rmi/int", 6).isPresent(), "in the history's order, between runs 2 and 3");
            assertTrue(covering.of("rtt/rmi/int", 1).isEmpty(), "before the stretch");
            assertTrue(covering.of("rtt/rmi/int", 5).isEmpty(), "after the run it was measured again through");
            assertTrue(covering.of("cpu/ws-literal/all/int", 3).isEmpty(), "another scenario");
            assertEquals(
                    "measured again beside c0ffee12 through run 4, 2026-11-01: diff a b found no regression",
                    cleared.get(0).words());
        }
    }
}
