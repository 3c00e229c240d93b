package io.wirecost.report;

import io.wirecost.attribution.AnalysisJson;
import io.wirecost.attribution.RuleFinding;
import io.wirecost.diff.HtmlText;
import io.wirecost.runner.ScenarioResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** JMC's results per scenario and role: a section of report.html and a field of results.json. */
final class JmcSection {

    private JmcSection() {}

    /** {@code jmc_analysis} of a scenario in results.json: role to JMC's report or its error. */
    static Map<String, Object> json(ScenarioResult r, JmcFindings jmc) {
        Map<String, Object> m = new LinkedHashMap<>();
        jmc.of(r)
                .forEach((role, o) ->
                        m.put(role, o.report() != null ? AnalysisJson.of(o.report()) : Map.of("error", o.error())));
        return m;
    }

    static void html(StringBuilder sb, List<ScenarioResult> results, JmcFindings jmc) {
        sb.append("<section id=\"jmc\"><h2>JDK Mission Control's automated analysis</h2>")
                .append(
                        "<p class=\"note\">Rules that flagged something (INFO or WARNING, score 0 to 100) in each process's recording; "
                                + "the full list is in results.json and from <code>wirecost analyze</code>.</p>");
        for (ScenarioResult r : results) {
            jmc.of(r).forEach((role, o) -> {
                String title = r.scenario() + " " + role;
                if (o.report() == null) {
                    sb.append("<p>")
                            .append(HtmlText.escape(title))
                            .append(": ")
                            .append(HtmlText.escape(o.error()))
                            .append("</p>");
                    return;
                }
                List<List<String>> rows = new ArrayList<>();
                long ok = 0;
                long na = 0;
                for (RuleFinding f : o.report().findings()) {
                    if (f.severity().flags()) {
                        rows.add(List.of(
                                f.severity().name(),
                                f.score() < 0 ? "-" : String.format(java.util.Locale.ROOT, "%.1f", f.score()),
                                f.ruleId(),
                                f.summary()));
                    } else if (f.severity() == RuleFinding.Severity.OK) {
                        ok++;
                    } else {
                        na++;
                    }
                }
                sb.append(Html.table(new Table(
                        title,
                        List.of("severity", "score", "rule", "summary"),
                        rows,
                        List.of(ok + " rules found nothing, " + na + " did not apply (events not recorded)"))));
            });
        }
        sb.append("</section>");
    }
}
