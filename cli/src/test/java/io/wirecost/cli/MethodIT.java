package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --method paper} keeps the papers' counts exactly; the default adaptive method sizes them and says
 * so in results.json. tcp: fast enough that both methods take seconds.
 */
class MethodIT {

    @TempDir
    Path tmp;

    private JsonNode run(String... extra) throws Exception {
        Path out = tmp.resolve("run-" + extra.length);
        String[] args = new String[] {
            "run", "--scenarios", "tcp", "--profiler", "none", "--size-calls", "0", "--out", out.toString()
        };
        String[] all = java.util.Arrays.copyOf(args, args.length + extra.length);
        System.arraycopy(extra, 0, all, args.length, extra.length);
        assertEquals(0, Main.execute(all), "exit status");
        JsonNode results =
                new ObjectMapper().readTree(out.resolve("results.json").toFile());
        JsonNode s = results.get("scenarios").get(0);
        assertEquals("ok", s.get("status").asText(), s.get("error").asText());
        assertHostSpeed(s.get("facts"), results.get("run"));
        return s;
    }

    @Test
    void paperKeepsFiveThousandWarmUpCallsAndTwelveBatchesOfAThousandWithMinAndMaxDropped() throws Exception {
        JsonNode s = run("--method", "paper");
        JsonNode counts = s.get("facts").get("counts");
        assertEquals("paper", counts.get("method").asText());
        assertEquals(5_000, counts.get("warmupCalls").asInt());
        assertEquals(1_000, counts.get("invocations").asInt());
        assertEquals(12, counts.get("reps").asInt());
        for (JsonNode r : s.get("rtt")) {
            if (r.get("operation").asText().equals("instantiation")
                    || r.get("operation").asText().equals("primitives-geomean")) continue;
            assertEquals(12_000, r.get("invocations").asInt(), r.toString());
            assertEquals(10, r.get("kept_measurements_micros").size(), "min and max dropped: " + r);
        }
        assertDrift(s.get("facts"), 1_000);
        assertNoClassLoadedInTheTimedPass(s.get("facts"));
    }

    /**
     * The host's speed (one core's AES-GCM in the runner, MB/s) probed before and after the timed pass, and the run's
     * median beside the run's facts: what history add stores as the machine's speed.
     */
    private static void assertHostSpeed(JsonNode facts, JsonNode run) {
        JsonNode speed = facts.get("host_speed_mbps");
        assertTrue(speed != null, "facts.host_speed_mbps: " + facts);
        for (String probe : new String[] {"before", "after", "run_reference"})
            assertTrue(speed.get(probe).asDouble() > 0, probe + ": " + speed);
        assertTrue(speed.get("attempts").asInt() >= 1, speed.toString());
        assertTrue(run.get("hostSpeedMbps").asDouble() > 0, "run.hostSpeedMbps: " + run);
    }

    /**
     * The probe runs the timed pass's own commands, so neither JVM loads a class while it is timed: a class loaded
     * then can throw away the warm-up's compiled code (ws-literal's client made 54 compiled methods of its call path not
     * entrant at the first timed batch before the probe did this).
     */
    private static void assertNoClassLoadedInTheTimedPass(JsonNode facts) {
        JsonNode loaded = facts.get("timed_pass_classes_loaded");
        assertTrue(loaded != null, "facts.timed_pass_classes_loaded: " + facts);
        assertEquals(0, loaded.get("server").asLong(), loaded.toString());
        assertEquals(0, loaded.get("client").asLong(), loaded.toString());
    }

    /**
     * After the timed pass its first type is measured again (5 batches of the pass's size), CPU per call of both
     * JVMs, and the ratio to the timed figure kept with its interval: what flags a JIT still at work.
     */
    private static void assertDrift(JsonNode facts, int invocations) {
        JsonNode drift = facts.get("drift");
        assertTrue(drift != null, "facts.drift: " + facts);
        assertEquals("int", drift.get("operation").asText(), drift.toString());
        assertEquals(5, drift.get("batches").asInt(), drift.toString());
        assertEquals(invocations, drift.get("invocations").asInt(), drift.toString());
        double timed = drift.get("cpu_micros_per_call_timed").asDouble();
        double again = drift.get("cpu_micros_per_call_again").asDouble();
        assertTrue(timed > 0 && again > 0, drift.toString());
        assertEquals(again / timed, drift.get("ratio").asDouble(), 1e-9, drift.toString());
        double low = drift.get("ci_low").asDouble();
        double high = drift.get("ci_high").asDouble();
        assertTrue(low < again / timed && again / timed < high, drift.toString());
    }

    @Test
    void adaptiveRecordsItsMethodWarmUpAndWhetherItSettled() throws Exception {
        JsonNode facts = run().get("facts");
        JsonNode counts = facts.get("counts");
        assertEquals("adaptive", counts.get("method").asText());
        assertTrue(counts.get("settled").isBoolean(), counts.toString());
        // a warm-up in chunks: every chunk's pace is kept, and the settle rule needs two windows of four
        int chunks = counts.get("warmupPacesMicros").size();
        assertTrue(counts.get("settled").asBoolean() ? chunks >= 8 : chunks >= 1, counts.toString());
        assertTrue(counts.get("warmupCalls").asInt() > 0, counts.toString());
        // tcp's cold probe is far under 20 ms a call: half-second chunks
        assertEquals(500, counts.get("warmupChunkMillis").asLong(), counts.toString());
        // tcp's calls take microseconds: batches sized by time get the papers' 1,000 and 12 of them
        assertEquals(1_000, counts.get("invocations").asInt(), counts.toString());
        assertEquals(12, counts.get("reps").asInt(), counts.toString());
        // with the JIT on the other CPU (two CPUs or more), a settled warm-up also found it quiet: at most 5 % of
        // the last 4 s (eight half-second chunks), one reading per chunk from the eighth on
        JsonNode jit = facts.get("warmup_compiler");
        if (jit != null && counts.get("settled").asBoolean()) {
            JsonNode shares = jit.get("compile_percents");
            assertEquals(chunks - 7, shares.size(), jit.toString());
            assertTrue(shares.get(shares.size() - 1).asDouble() <= 5, jit.toString());
        }
        assertDrift(facts, 1_000);
        assertNoClassLoadedInTheTimedPass(facts);
        // tcp reaches HotSpot's JIT thresholds in seconds: the method leaves them as they are
        assertScaling(1.0, facts);
    }

    /** CompileThresholdScaling each JVM of the scenario really compiled with, as it read it itself. */
    private static void assertScaling(double expected, JsonNode facts) {
        for (String role : new String[] {"server", "client"}) {
            assertEquals(
                    expected,
                    facts.get(role).get("compileThresholdScaling").asDouble(),
                    1e-9,
                    role + ": " + facts.get(role));
        }
    }

    @Test
    void eachJvmSaysWhichJitThresholdsItRan() throws Exception {
        assertScaling(0.5, run("--jvm-opt=-XX:CompileThresholdScaling=0.5").get("facts"));
    }
}
