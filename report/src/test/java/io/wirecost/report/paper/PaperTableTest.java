package io.wirecost.report.paper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wirecost.attribution.Category;
import io.wirecost.attribution.RuleSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The paper's data beside the reports and the engine's built-in rules that name its rows agree. */
class PaperTableTest {

    private static final RuleSet RULES = RuleSet.defaults();

    @Test
    void everyPaperRowNamedByACategoryIsARowOfTable3() {
        Set<String> rows = new HashSet<>(PaperTable.table3().rows());
        List<String> named = RULES.categories().stream()
                .map(Category::paperRow)
                .filter(r -> !r.isEmpty())
                .toList();
        assertFalse(named.isEmpty());
        for (String row : named)
            assertTrue(rows.contains(row), "paper=\"" + row + "\" is not a row of paper-table3.csv");
    }

    @Test
    void everyRowOfTable3IsClaimedByExactlyOneCategory() {
        List<String> rows = PaperTable.table3().rows();
        assertEquals(13, rows.size(), "Table 3 of seed 000 has 13 rows");
        for (String row : rows) {
            List<String> claimants = RULES.categories().stream()
                    .filter(c -> c.paperRow().equals(row))
                    .map(Category::name)
                    .toList();
            assertEquals(1, claimants.size(), "row " + row + " claimed by " + claimants);
        }
    }

    @Test
    void theSeedsFactorsAreReadWithoutCommentsOrHeader() {
        List<String[]> factors = PaperTable.factors();
        assertTrue(factors.size() > 5, "rows: " + factors.size());
        for (String[] f : factors) assertEquals(5, f.length, String.join(",", f));
        assertTrue(
                factors.stream().anyMatch(f -> f[0].equals("003")), "seed 003's factors, which wirecost model prints");
    }
}
