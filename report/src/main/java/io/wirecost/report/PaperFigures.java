package io.wirecost.report;

import io.wirecost.attribution.Category;
import io.wirecost.report.paper.PaperTable;

/** The paper's Table 3 figure for a category in a scenario's column, or "" when the paper has none. */
final class PaperFigures {

    private static final PaperTable TABLE3 = PaperTable.table3();

    private PaperFigures() {}

    static String percent(Category category, String paperColumn) {
        return TABLE3.value(category.paperRow(), paperColumn).orElse("");
    }
}
