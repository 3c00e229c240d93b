package io.wirecost.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The typed facts a scenario writes to results.json keep the names and order the maps before them had. */
class FactsJsonTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void countsWriteTheMethodByItsLabel() throws Exception {
        assertEquals(
                "{\"warmupCalls\":480,\"invocations\":27,\"sizeCalls\":50,\"reps\":40,\"method\":\"adaptive\","
                        + "\"settled\":true,\"warmupPacesMicros\":[9500.0],\"warmupChunkMillis\":1000}",
                JSON.writeValueAsString(
                        new Counts(480, 27, 50, 40, RunMethod.ADAPTIVE, true, List.of(9500.0), 1_000L)));
        assertEquals(RunMethod.QUICK, RunMethod.of("quick"));
    }

    @Test
    void theWarmupCompilerLeavesOutWhatItDidNotMeasure() throws Exception {
        WarmupCompiler quick = new WarmupCompiler(1, 9, 42.5, List.of(80.0, 42.5), null, null).until("timed pass");
        assertEquals(
                "{\"cpu\":1,\"chunks\":9,\"compile_percent_last_chunks\":42.5,\"compile_percents\":[80.0,42.5],"
                        + "\"until\":\"timed pass\"}",
                JSON.writeValueAsString(quick.until("end")));
        assertEquals(
                "{\"cpu\":1,\"chunks\":9,\"compile_percent_last_chunks\":42.5,\"compile_percents\":[80.0,42.5],"
                        + "\"pinned_chunks\":3}",
                JSON.writeValueAsString(
                        new WarmupCompiler(1, 9, 42.5, List.of(80.0, 42.5), null, null).pinnedChunks(3)));
    }

    @Test
    void classesLoadedByRole() throws Exception {
        assertEquals("{\"server\":0,\"client\":2}", JSON.writeValueAsString(new ClassesLoaded(0, 2)));
    }

    /** The facts in the order the passes find them, by results.json's names; what no pass found is left out. */
    @Test
    void scenarioFactsKeepTheirNamesAndOrderAndLeaveOutWhatWasNotFound() throws Exception {
        ScenarioFacts facts = ScenarioFacts.builder()
                .keys(new ScenarioFacts.Keys("/tmp/k", false))
                .endpoint(Map.of("url", "http://h/"))
                .counts(new Counts(480, 27, 50, 40, RunMethod.ADAPTIVE, true, List.of(), null))
                .timedPass(new ClassesLoaded(0, 2), new Noise(0.5, 90.0, 1.0, 1.5, null).withRunqueueWait(3.0), null)
                .profiledPass(4, 1000)
                .jvms(Map.of("pid", 1), Map.of("pid", 2))
                .build();
        assertEquals(
                "{\"keys\":{\"dir\":\"/tmp/k\",\"kept\":false},\"endpoint\":{\"url\":\"http://h/\"},"
                        + "\"counts\":{\"warmupCalls\":480,\"invocations\":27,\"sizeCalls\":50,\"reps\":40,"
                        + "\"method\":\"adaptive\",\"settled\":true,\"warmupPacesMicros\":[],\"warmupChunkMillis\":null},"
                        + "\"timed_pass_classes_loaded\":{\"server\":0,\"client\":2},"
                        + "\"noise\":{\"steal_percent\":0.5,\"busy_percent\":90.0,\"load_1m_start\":1.0,"
                        + "\"load_1m_end\":1.5,\"runqueue_wait_micros_per_call\":3.0},"
                        + "\"profiled_batches\":4,\"profiled_invocations\":1000,"
                        + "\"client\":{\"pid\":1},\"server\":{\"pid\":2}}",
                JSON.writeValueAsString(facts));
        assertEquals("{}", JSON.writeValueAsString(ScenarioFacts.NONE));
        assertEquals("{}", JSON.writeValueAsString(Noise.UNKNOWN));
    }

    /** attach and profile: the JVM's own facts, flat, as those commands wrote them before the facts were typed. */
    @Test
    void anAttachedJvmsFactsStayFlat() throws Exception {
        Map<String, Object> jvm = new LinkedHashMap<>();
        jvm.put("pid", 4242);
        jvm.put("java.version", "17.0.15");
        assertEquals("{\"pid\":4242,\"java.version\":\"17.0.15\"}", JSON.writeValueAsString(ScenarioFacts.ofJvm(jvm)));
    }
}
