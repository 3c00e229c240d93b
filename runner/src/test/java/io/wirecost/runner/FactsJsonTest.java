package io.wirecost.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
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
        assertEquals("{\"server\":0,\"client\":2}", JSON.writeValueAsString(new TimedPass.ClassesLoaded(0, 2)));
    }
}
