package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * CPU per call is the measure that noise barely moves: with two busy-looping processes competing for
 * the (CI: two) cores, it still orders tcp < rmi < rmi-ssl and rmi < ws-literal < ws-security, where round trips
 * may not. The load is generated and bounded by the test: each loop runs under {@code timeout}, so
 * it ends even if this JVM dies, and is destroyed when the test ends.
 *
 * <p>Two runs under the same load: tcp, rmi and rmi-ssl with {@code --repeat 3}, since they are 12 to 15 % apart
 * and a fresh JVM pair's CPU per call moves by about 5 % from one repetition to the next on a shared VM
 * (docs/ci-gate.md), which one repetition's interval, from its own batches, does not cover; and rmi-ssl,
 * ws-literal and ws-security once, several times apart.
 */
class CpuPerCallUnderLoadIT {

    /** The close ones, measured in 3 repetitions (fresh JVM pairs). */
    private static final List<String> CLOSE = List.of("tcp", "rmi", "rmi-ssl");
    /** The far ones, once; rmi-ssl again, for the run's one set of keys shared with ws-security. */
    private static final List<String> FAR = List.of("rmi-ssl", "ws-literal", "ws-security");

    private static final int CLOSE_REPETITIONS = 3;

    @TempDir
    static Path tmp;

    static final List<Process> load = new ArrayList<>();
    static int exitClose;
    static int exitFar;
    /** scenario -> {mean, ci_low, ci_high} of the primitives' geomean, role all, from each run's cpu.csv */
    static final Map<String, double[]> close = new HashMap<>();

    static final Map<String, double[]> far = new HashMap<>();

    static long loadTicks;
    /** The busy loops end by themselves after this long, whatever happens to this JVM. */
    private static final int LOAD_LIMIT_SECONDS = 1200;

    @BeforeAll
    static void runUnderLoad() throws Exception {
        for (int i = 0; i < 2; i++) {
            load.add(
                    new ProcessBuilder("timeout", String.valueOf(LOAD_LIMIT_SECONDS), "sh", "-c", "while :; do :; done")
                            .redirectErrorStream(true)
                            .start());
        }
        try {
            exitClose = run(CLOSE, CLOSE_REPETITIONS, tmp.resolve("close"));
            exitFar = run(FAR, 1, tmp.resolve("far"));
            for (Process p : load) loadTicks += cpuTicks(p);
        } finally {
            stopLoad();
        }
        read(tmp.resolve("close"), close);
        read(tmp.resolve("far"), far);
    }

    private static int run(List<String> scenarios, int repetitions, Path out) {
        return Main.execute(
                "run",
                "--quick",
                "--size-calls",
                "0",
                "--profiler",
                "none",
                "--repeat",
                String.valueOf(repetitions),
                "--scenarios",
                String.join(",", scenarios),
                "--out",
                out.toString());
    }

    private static void read(Path run, Map<String, double[]> into) throws java.io.IOException {
        List<String> lines = Files.readAllLines(run.resolve("cpu.csv"));
        assertEquals("scenario,operation,role,cpu_micros_per_call,ci_low,ci_high,invocations", lines.get(0));
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",", -1);
            if (f[1].equals("primitives-geomean") && f[2].equals("all")) {
                into.put(
                        f[0],
                        new double[] {Double.parseDouble(f[3]), Double.parseDouble(f[4]), Double.parseDouble(f[5])});
            }
        }
    }

    /**
     * utime + stime of the busy loop's shell, in clock ticks, from /proc/PID/stat (fields 14 and 15); a loop
     * that already reached its time limit ran throughout: its limit in ticks (100 per second).
     */
    private static long cpuTicks(Process p) throws Exception {
        java.util.Optional<ProcessHandle> shell = p.children().findFirst();
        if (shell.isEmpty()) return p.isAlive() ? 0 : LOAD_LIMIT_SECONDS * 100L;
        Path statFile = Path.of("/proc", String.valueOf(shell.get().pid()), "stat");
        String stat;
        try {
            stat = Files.readString(statFile);
        } catch (java.nio.file.NoSuchFileException e) {
            return LOAD_LIMIT_SECONDS * 100L; // ended at its limit, after running all along
        }
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(f[11]) + Long.parseLong(f[12]);
    }

    @AfterAll
    static void stopLoad() {
        for (Process p : load) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
    }

    /** rmi-ssl and ws-security use one set of keys generated for the run, gone once the run is over. */
    @Test
    void theRunGeneratesItsKeysOnceAndDeletesThem() throws Exception {
        JsonNode results = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(tmp.resolve("far").resolve("results.json").toFile());
        Map<String, String> dirs = new HashMap<>();
        for (JsonNode s : results.get("scenarios")) {
            JsonNode keys = s.get("facts").get("keys");
            if (keys != null)
                dirs.put(s.get("scenario").asText(), keys.get("dir").asText());
        }
        assertEquals(java.util.Set.of("rmi-ssl", "ws-security"), dirs.keySet(), "scenarios with keys: " + dirs);
        assertEquals(dirs.get("rmi-ssl"), dirs.get("ws-security"), "one set of keys for the run");
        assertTrue(!Files.exists(Path.of(dirs.get("rmi-ssl"))), "the run's keys deleted: " + dirs);
    }

    @Test
    void theLoadReallyRanAndEveryScenarioHasCpuFigures() throws Exception {
        assertEquals(0, exitClose, "exit status of the close scenarios' run");
        assertEquals(0, exitFar, "exit status of the far scenarios' run");
        assertTrue(
                loadTicks > 100, "the two busy loops used " + loadTicks + " clock ticks of CPU: no load was generated");
        assertEquals(java.util.Set.copyOf(CLOSE), close.keySet(), "close/cpu.csv");
        assertEquals(java.util.Set.copyOf(FAR), far.keySet(), "far/cpu.csv");
        for (Map<String, double[]> run : List.of(close, far)) {
            for (Map.Entry<String, double[]> e : run.entrySet()) {
                double[] v = e.getValue();
                assertTrue(v[1] > 0 && v[1] <= v[0] && v[0] <= v[2], e.getKey() + ": " + java.util.Arrays.toString(v));
            }
        }
        JsonNode results = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(tmp.resolve("close").resolve("results.json").toFile());
        assertEquals(CLOSE.size() * CLOSE_REPETITIONS, results.get("scenarios").size(), "every repetition ran");
    }

    /**
     * The papers' orders in CPU per call, under the two busy loops: tcp < rmi < rmi-ssl on the means of 3
     * repetitions, and rmi < ws-literal < ws-security with intervals apart. tcp and rmi are the closest (about 12 %
     * apart warmed up: 15.4 [14.7, 16.1] vs 17.2 [17.0, 17.4] µs at load 4, docs/RESULTS.md). Until batches were
     * sized by time and the harness's own work at each batch boundary was left out, --quick's batches of 100 calls
     * added 10 to 30 µs a call to every scenario alike and tcp, rmi and rmi-ssl came out in any order. With one
     * repetition and intervals apart, a CI run (2026-11-26) failed on rmi 27.0 [26.4, 27.5] against rmi-ssl 24.5
     * [24.3, 24.7] µs: one JVM pair each, whose spread the intervals from their own batches do not include. The
     * intervals of the 3 repetitions, from their spread (t with 2 degrees of freedom), are too wide to be apart
     * for figures 12 % apart, so the close order is asserted on the means.
     */
    @Test
    void cpuPerCallKeepsThePapersOrdersUnderLoad() {
        for (int i = 0; i + 1 < CLOSE.size(); i++) {
            String a = CLOSE.get(i), b = CLOSE.get(i + 1);
            assertTrue(
                    close.get(a)[0] < close.get(b)[0],
                    a + " < " + b + ", means of 3 repetitions: " + describe(close, a, close, b));
        }
        assertTrue(
                close.get("rmi")[2] < far.get("ws-literal")[1],
                "rmi < ws-literal, intervals apart: " + describe(close, "rmi", far, "ws-literal"));
        assertTrue(
                far.get("ws-literal")[2] < far.get("ws-security")[1],
                "ws-literal < ws-security, intervals apart: " + describe(far, "ws-literal", far, "ws-security"));
    }

    private static String describe(Map<String, double[]> ra, String a, Map<String, double[]> rb, String b) {
        return String.format(
                java.util.Locale.ROOT,
                "%s %.1f [%.1f, %.1f] µs, %s %.1f [%.1f, %.1f] µs",
                a,
                ra.get(a)[0],
                ra.get(a)[1],
                ra.get(a)[2],
                b,
                rb.get(b)[0],
                rb.get(b)[1],
                rb.get(b)[2]);
    }
}
