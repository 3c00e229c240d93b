package io.wirecost.report;

import io.wirecost.attribution.CategoryShare;
import io.wirecost.runner.RoleAttribution;
import io.wirecost.runner.ScenarioResult;
import java.util.List;
import java.util.Locale;

/**
 * {@code shares.csv}, long form: {@code scenario,role,category,percent,samples,paper_percent,ci_low,ci_high}.
 * Middleware categories only (they sum to 100 per scenario and role); paper_percent is the paper's
 * figure as printed ({@code <0.10} included), empty where the paper has none; the share's 95 % interval last,
 * appended so that readers of the first six columns keep working.
 */
public final class SharesCsv {

    public static final String HEADER = "scenario,role,category,percent,samples,paper_percent,ci_low,ci_high";

    private SharesCsv() {}

    public static String render(List<ScenarioResult> results) {
        Csv csv = new Csv(HEADER);
        for (ScenarioResult r : results) {
            for (RoleAttribution role : r.shares().values()) {
                for (CategoryShare s : role.attribution().middleware()) {
                    csv.row(
                            r.scenario(),
                            role.role(),
                            s.category().name(),
                            String.format(Locale.ROOT, "%.2f", s.percent()),
                            s.samples(),
                            PaperFigures.percent(s.category(), r.paperColumn()),
                            AttributionReport.percentOrEmpty(s.ciLow()),
                            AttributionReport.percentOrEmpty(s.ciHigh()));
                }
            }
        }
        return csv.toString();
    }
}
