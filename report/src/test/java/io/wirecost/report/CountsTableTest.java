package io.wirecost.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wirecost.runner.Counts;
import io.wirecost.runner.RunMethod;
import io.wirecost.runner.RunSettings;
import io.wirecost.runner.ScenarioFacts;
import io.wirecost.runner.ScenarioResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The header says the method and the counts each scenario used, not the settings' defaults. */
class CountsTableTest {

    private static ScenarioResult withFacts(String name, ScenarioFacts facts) {
        return new ScenarioResult(
                name, 1, "", "ok", "", 10, 1000, List.of(), List.of(), Map.of(), facts, Map.of(), Map.of(), List.of(),
                "", List.of(), Map.of());
    }

    @Test
    void eachScenarioWithTheCountsItUsed() {
        ScenarioResult rmi = withFacts(
                "rmi",
                ScenarioFacts.builder()
                        .counts(new Counts(41_220, 1000, 50, 12, RunMethod.ADAPTIVE, true, List.of(20.0), 500L))
                        .profiledPass(14, 1000)
                        .build());
        // failed before its profiled pass
        ScenarioResult wss = withFacts(
                "ws-security",
                ScenarioFacts.builder()
                        .counts(new Counts(7_310, 20, 5, 40, RunMethod.ADAPTIVE, false, List.of(), null))
                        .build());
        Table t = CountsTable.table(List.of(rmi, wss));
        assertEquals(
                List.of("rmi", "adaptive", "41220", "yes", "12 x 1000", "14 x 1000", "50"),
                t.rows().get(0));
        assertEquals(
                List.of("ws-security", "adaptive", "7310", "no (bound)", "40 x 20", "-", "5"),
                t.rows().get(1));
    }

    @Test
    void theMethodInWordsWithTheCountsItFixes() {
        RunSettings adaptive = RunSettings.full(64).withMethod(RunMethod.ADAPTIVE);
        assertTrue(CountsTable.method(adaptive).startsWith("adaptive: warm-up until the pace"));
        assertTrue(!CountsTable.method(adaptive).contains("5000"), "the adaptive method's header names no fixed count");
        assertEquals(
                "paper: warm-up 5000 calls per type, 12 x 1000 calls per type, min and max dropped",
                CountsTable.method(RunSettings.full(64)));
    }
}
