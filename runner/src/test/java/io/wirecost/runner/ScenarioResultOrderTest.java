package io.wirecost.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A result keeps its maps in the order they were given (client, server, all; roles as measured), so results.json,
 * shares.csv and the tables list them alike on every run. Map.copyOf's order changes from one JVM to the next: with
 * twelve keys it keeps their given order by chance about once in 479 million.
 */
class ScenarioResultOrderTest {

    @Test
    void mapsKeepTheOrderTheyWereGiven() {
        Map<String, String> given = new LinkedHashMap<>();
        for (String k : List.of("z", "client", "a", "server", "m", "all", "q", "b", "y", "c", "x", "d"))
            given.put(k, k + ".jfr");
        ScenarioResult r = new ScenarioResult(
                "rmi", 1, "RMI", "ok", "", 1.0, 0, List.of(), List.of(), Map.of(), null, given, given, List.of(), "",
                List.of(), Map.of());
        assertEquals(List.copyOf(given.keySet()), List.copyOf(r.profilers().keySet()));
        assertEquals(List.copyOf(given.keySet()), List.copyOf(r.recordings().keySet()));
    }
}
