package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bench gate on one pair: three separate runs of rmi (3 repetitions each, no profiler, 1,000 warm-up calls a type),
 * an A/A diff and a diff against 300 µs of injected server CPU per call, several times rmi's own cost,
 * so the injected side must be detected; the A/A side's outcome is what the benchmark measures
 * (false alarms are allowed at the level's rate), so it is only checked to be a verdict (0 or 1).
 */
class GateBenchIT {

    @TempDir
    Path dir;

    @Test
    void onePairDetectsALargeInjectedRegression() throws Exception {
        CliProcess.Outcome o = gate();
        assertEquals(0, o.exit(), o.err());
        assertTrue(o.stdout().contains("false alarms (A/A diffs that exit 1): "), o.stdout());
        JsonNode gate = new ObjectMapper().readTree(dir.resolve("gate.json").toFile());
        assertEquals(
                1, gate.get("detections").get("hits").asInt(), "the injected regression was detected: " + o.stdout());
        assertEquals(1, gate.get("detections").get("n").asInt());
        int aa = gate.get("comparisons").get(0).get("exit").asInt();
        assertTrue(aa == 0 || aa == 1, "A/A diff gave a verdict, exit " + aa);
        assertTrue(o.stdout().contains("detections (injected diffs that exit 1): 1/1 = 100 %"), o.stdout());
        // one pair in one proves little, and the one-sided bound says so: at least 5 % (0.05^1)
        assertTrue(o.stdout().contains("; at least 5.0 % (one-sided 95 %)"), o.stdout());
        assertEquals(0.05, gate.get("detections_at_least_one_sided_95").asDouble(), 1e-9);
        assertEquals(1, gate.get("pairs_done").asInt(), "gate.json written with the pair done");
    }

    /**
     * A bench stopped by SIGTERM (a CI job's timeout, `kill`) stops the run it started, and that run its scenario
     * JVMs: before, the run went on measuring for minutes after the bench had exited.
     */
    @Test
    void aStoppedBenchLeavesNothingRunning() throws Exception {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                "io.wirecost.cli.Main",
                "bench",
                "gate",
                "--pairs",
                "1",
                "--repeat",
                "20", // minutes of work, so a run that finishes on its own cannot pass for one that was stopped
                "--quick",
                "--profiler",
                "none",
                "--inject-cpu-us",
                "300",
                "--out",
                dir.resolve("bench").toString()));
        Process bench = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("bench.log").toFile())
                .start();
        List<ProcessHandle> started = new ArrayList<>();
        try {
            ProcessHandle run = null;
            for (long end = System.nanoTime() + 90_000_000_000L; run == null && System.nanoTime() < end; ) {
                // the bench's child is a `run`; once it has its server and client JVMs, it is measuring
                run = bench.children()
                        .filter(c -> c.children().count() >= 2)
                        .findFirst()
                        .orElse(null);
                if (run == null) Thread.sleep(200);
            }
            assertTrue(run != null, "the bench started a run with its JVMs within 90 s");
            started.add(run);
            started.addAll(run.descendants().toList());
            bench.destroy(); // SIGTERM
            assertTrue(bench.waitFor(90, TimeUnit.SECONDS), "the bench stopped within 90 s of SIGTERM");
            for (ProcessHandle h : started) {
                for (long end = System.nanoTime() + 15_000_000_000L; h.isAlive() && System.nanoTime() < end; )
                    Thread.sleep(100);
                assertFalse(
                        h.isAlive(),
                        "still running 15 s after the bench stopped: pid " + h.pid() + ", main class and arguments: "
                                + h.info()
                                        .arguments()
                                        .map(a -> String.join(" ", a))
                                        .orElse("")
                                        .replaceAll(".* (io\\.wirecost\\.)", "$1"));
            }
        } finally {
            bench.descendants().forEach(ProcessHandle::destroyForcibly);
            started.forEach(ProcessHandle::destroyForcibly); // orphans, when the bench did not stop them
            bench.destroyForcibly();
        }
    }

    /** One pair: rmi, 3 repetitions a run, no profiler, a warm-up of 1,000 calls per type, 300 µs of server CPU injected. */
    private CliProcess.Outcome gate(String... more) throws Exception {
        List<String> args = new ArrayList<>(List.of("bench", "gate"));
        args.addAll(List.of(more));
        args.addAll(List.of(
                "--pairs",
                "1",
                "--repeat",
                "3",
                "--quick",
                "--warmup",
                "1000", // the least that times rmi's calls after its warm-up, so that its CPU per call gates
                "--profiler",
                "none",
                "--inject-cpu-us",
                "300",
                "--out",
                dir.toString()));
        return CliProcess.run(args.toArray(String[]::new));
    }

    private static JsonNode serverFacts(Path run) throws java.io.IOException {
        return new ObjectMapper()
                .readTree(run.resolve("results.json").toFile())
                .get("scenarios")
                .get(0)
                .get("facts")
                .get("server");
    }

    /**
     * --interleave: two runs, each a baseline and a candidate alternating, as the README's CI workflow runs them;
     * the A/A candidate injects nothing, and each diff compares the two sides of its own run.
     */
    @Test
    void interleavedPairsCompareTheSidesOfOneRun() throws Exception {
        CliProcess.Outcome o = gate("--interleave");
        assertEquals(0, o.exit(), o.err());
        assertTrue(o.stdout().contains("--interleave (baseline and candidate in one run)"), o.stdout());
        assertTrue(o.stdout().contains("; 2 runs in "), "two runs a pair, not three: " + o.stdout());
        JsonNode gate = new ObjectMapper().readTree(dir.resolve("gate.json").toFile());
        assertEquals(1, gate.get("detections").get("hits").asInt(), "detected: " + o.stdout());
        int aa = gate.get("comparisons").get(0).get("exit").asInt();
        assertTrue(aa == 0 || aa == 1, "A/A diff gave a verdict, exit " + aa);
        for (String run : new String[] {"p1-aa", "p1-injected"}) {
            for (String side : new String[] {"baseline", "candidate"}) {
                JsonNode results = new ObjectMapper()
                        .readTree(dir.resolve(run)
                                .resolve(side)
                                .resolve("results.json")
                                .toFile());
                assertEquals(3, results.get("scenarios").size(), run + "/" + side + ": three repetitions");
            }
        }
        // the A/A candidate's code path is the baseline's: inject.cpu-us=0 injects nothing (InjectedWork.NOTHING)
        assertTrue(
                !serverFacts(dir.resolve("p1-aa/candidate")).has("injected"), "nothing injected in the A/A candidate");
        assertEquals(
                300,
                serverFacts(dir.resolve("p1-injected/candidate"))
                        .path("injected")
                        .path("inject.cpu-us")
                        .asDouble(),
                1e-9);
        assertTrue(!serverFacts(dir.resolve("p1-injected/baseline")).has("injected"), "nothing injected in a baseline");
    }
}
