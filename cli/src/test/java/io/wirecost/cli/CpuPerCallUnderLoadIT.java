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
 * the (CI: two) cores, it still orders tcp < rmi < rmi-ssl and rmi < ws-literal < ws-security with intervals
 * apart, where round trips may not. The load is generated and bounded by the test: each loop runs under {@code timeout}, so
 * it ends even if this JVM dies, and is destroyed when the test ends.
 */
class CpuPerCallUnderLoadIT {

    private static final List<String> SCENARIOS = List.of("tcp", "rmi", "rmi-ssl", "ws-literal", "ws-security");

    @TempDir
    static Path tmp;

    static final List<Process> load = new ArrayList<>();
    static int exit;
    /** scenario -> {mean, ci_low, ci_high} of the primitives' geomean, role all, from cpu.csv */
    static final Map<String, double[]> cpu = new HashMap<>();

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
        Path out = tmp.resolve("run");
        try {
            exit = Main.execute(
                    "run",
                    "--quick",
                    "--size-calls",
                    "0",
                    "--profiler",
                    "none",
                    "--scenarios",
                    String.join(",", SCENARIOS),
                    "--out",
                    out.toString());
            for (Process p : load) loadTicks += cpuTicks(p);
        } finally {
            stopLoad();
        }
        List<String> lines = Files.readAllLines(out.resolve("cpu.csv"));
        assertEquals("scenario,operation,role,cpu_micros_per_call,ci_low,ci_high,invocations", lines.get(0));
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",", -1);
            if (f[1].equals("primitives-geomean") && f[2].equals("all")) {
                cpu.put(f[0], new double[] {Double.parseDouble(f[3]), Double.parseDouble(f[4]), Double.parseDouble(f[5])
                });
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
                .readTree(tmp.resolve("run").resolve("results.json").toFile());
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
    void theLoadReallyRanAndEveryScenarioHasCpuFigures() {
        assertEquals(0, exit, "exit status");
        assertTrue(
                loadTicks > 100, "the two busy loops used " + loadTicks + " clock ticks of CPU: no load was generated");
        assertEquals(SCENARIOS.size(), cpu.size(), "cpu.csv: " + cpu.keySet());
        for (Map.Entry<String, double[]> e : cpu.entrySet()) {
            double[] v = e.getValue();
            assertTrue(v[1] > 0 && v[1] <= v[0] && v[0] <= v[2], e.getKey() + ": " + java.util.Arrays.toString(v));
        }
    }

    /**
     * The papers' orders in CPU per call, under the two busy loops: tcp < rmi < rmi-ssl and rmi < ws-literal
     * < ws-security, each pair with intervals apart. tcp and rmi are the closest (about 12 % apart warmed up:
     * 15.4 [14.7, 16.1] vs 17.2 [17.0, 17.4] µs at load 4, docs/RESULTS.md). Until batches were sized by time
     * and the harness's own work at each batch boundary was left out, --quick's batches of 100 calls added
     * 10 to 30 µs a call to every scenario alike and tcp, rmi and rmi-ssl came out in any order.
     */
    @Test
    void cpuPerCallKeepsThePapersOrdersUnderLoad() {
        List<String> order = List.of("tcp", "rmi", "rmi-ssl");
        for (int i = 0; i + 1 < order.size(); i++) {
            String a = order.get(i), b = order.get(i + 1);
            assertTrue(cpu.get(a)[2] < cpu.get(b)[1], a + " < " + b + ", intervals apart: " + describe(a, b));
        }
        assertTrue(
                cpu.get("rmi")[2] < cpu.get("ws-literal")[1],
                "rmi < ws-literal, intervals apart: " + describe("rmi", "ws-literal"));
        assertTrue(
                cpu.get("ws-literal")[2] < cpu.get("ws-security")[1],
                "ws-literal < ws-security, intervals apart: " + describe("ws-literal", "ws-security"));
    }

    private static String describe(String a, String b) {
        return String.format(
                java.util.Locale.ROOT,
                "%s %.1f [%.1f, %.1f] µs, %s %.1f [%.1f, %.1f] µs",
                a,
                cpu.get(a)[0],
                cpu.get(a)[1],
                cpu.get(a)[2],
                b,
                cpu.get(b)[0],
                cpu.get(b)[1],
                cpu.get(b)[2]);
    }
}
