package io.wirecost.report;

import io.wirecost.attribution.Category;
import io.wirecost.report.paper.PaperTable;
import io.wirecost.runner.ScenarioResult;

/** The paper's Table 3 figure for a category in a scenario's column, or "" when the paper has none. */
final class PaperFigures {

    private static final PaperTable TABLE3 = PaperTable.table3();

    private PaperFigures() {}

    static String percent(Category category, String paperColumn) {
        return TABLE3.value(category.paperRow(), paperColumn).orElse("");
    }

    /**
     * Whether any of these scenarios has a column in Table 3: where none has (today's transports, a program under
     * {@code profile} or {@code attach}), the paper is not named beside their shares.
     */
    static boolean anyColumn(java.util.Collection<ScenarioResult> results) {
        return results.stream().anyMatch(r -> !r.paperColumn().isEmpty());
    }
}
