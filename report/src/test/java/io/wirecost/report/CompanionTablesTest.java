package io.wirecost.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wirecost.attribution.CategoryCounts;
import io.wirecost.attribution.RuleParser;
import io.wirecost.attribution.RuleSet;
import io.wirecost.runner.RoleAttribution;
import io.wirecost.runner.ScenarioResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The allocation and lock-time tables for known weights, and their absence from CPU-only runs. */
class CompanionTablesTest {

    private static final RuleSet RULES = RuleParser.parse("""
            category serialization-out group=middleware title="Serialization"
            category socket-write group=middleware title="Socket write"
            category gc group=jvm
            fallback socket-write
            """, "test.rules");

    private static RoleAttribution weighted(String kind, long serialization, long socket, long gc) {
        CategoryCounts c = new CategoryCounts(RULES.categories());
        c.add(0, serialization);
        c.add(1, socket);
        c.add(2, gc);
        return new RoleAttribution(kind, c.toAttribution(kind + " test"), List.of());
    }

    private static ScenarioResult result(String name, Map<String, RoleAttribution> companions) {
        return TestRuns.scenario(name, Map.of(), companions);
    }

    @Test
    void allocationTableHasBytesAndSharesPerScenario() {
        ScenarioResult rmi = result("rmi", Map.of("alloc", weighted("alloc", 3_000_000, 1_000_000, 1_000_000)));
        ScenarioResult tcp = result("tcp", Map.of("alloc", weighted("alloc", 0, 500, 0)));
        Table t = CompanionTables.table(List.of(rmi, tcp), RULES, "alloc");
        assertEquals(List.of("category", "rmi bytes", "rmi %", "tcp bytes", "tcp %"), t.header());
        assertEquals(
                List.of("Serialization", "3000000", "75.00", "0", "0.00"),
                t.rows().get(0));
        assertEquals(
                List.of("Socket write", "1000000", "25.00", "500", "100.00"),
                t.rows().get(1));
        assertEquals(
                List.of("middleware bytes", "4000000", "100.00", "500", "100.00"),
                t.rows().get(2));
        assertEquals(
                List.of("JVM-internal, % of all bytes", "", "20.00", "", "0.00"),
                t.rows().get(3));
        assertTrue(t.title().startsWith("Allocation by category"), t.title());
    }

    @Test
    void lockTableCountsNanosecondsAndSaysWhenNothingBlocked() {
        ScenarioResult rmi = result("rmi", Map.of("lock", weighted("lock", 0, 0, 0)));
        Table t = CompanionTables.table(List.of(rmi), RULES, "lock");
        assertEquals(List.of("category", "rmi ns", "rmi %"), t.header());
        // no category row when nothing blocked, and no pretend 100 % of nothing
        assertEquals(List.of("middleware ns", "0", "-"), t.rows().get(0));
        assertTrue(t.title().startsWith("Lock time by category"), t.title());
    }

    @Test
    void cpuOnlyRunsHaveNoCompanionTables() {
        ScenarioResult cpuOnly = result("rmi", Map.of());
        assertFalse(CompanionTables.present(List.of(cpuOnly), "alloc"));
        assertFalse(CompanionTables.present(List.of(cpuOnly), "lock"));
        assertTrue(CompanionTables.present(List.of(result("rmi", Map.of("lock", weighted("lock", 1, 0, 0)))), "lock"));
    }
}
