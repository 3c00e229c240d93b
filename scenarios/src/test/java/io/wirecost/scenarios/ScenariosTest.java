package io.wirecost.scenarios;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScenariosTest {

    @Test
    void papersAreTheNineTransportsOfTheStudyAndTodayTheFourNoPaperMeasured() {
        assertEquals(
                List.of(
                        "tcp",
                        "rmi",
                        "rmi-ssl",
                        "ws-literal",
                        "ws-encoded",
                        "ws-security",
                        "http-to-port",
                        "http-to-servlet",
                        "corba"),
                ScenarioGroups.group("papers").orElseThrow());
        assertEquals(
                List.of("grpc", "grpc-tls", "rest-json", "rest-json-h2"),
                ScenarioGroups.group("today").orElseThrow());
        List<String> both = new ArrayList<>(ScenarioGroups.group("papers").orElseThrow());
        both.addAll(ScenarioGroups.group("today").orElseThrow());
        assertEquals(Scenarios.names(), both, "papers and today together are all, in table order");
        assertEquals(Scenarios.names(), ScenarioGroups.resolve(List.of("all")));
    }

    @Test
    void namesAndGroupsExpandInTheOrderGivenEachScenarioOnce() {
        assertEquals(
                List.of("grpc", "rmi", "grpc-tls", "rest-json", "rest-json-h2"),
                ScenarioGroups.resolve(List.of("grpc", "rmi", "today", "rmi")));
    }

    @Test
    void anUnknownWordIsNamedWithTheGroupsOnOffer() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> ScenarioGroups.resolve(List.of("rmi", "paper", "tcp")));
        assertTrue(e.getMessage().startsWith("unknown scenario 'paper' (known: tcp, rmi,"), e.getMessage());
        assertTrue(e.getMessage().endsWith("; or all, papers, today)"), e.getMessage());
    }
}
