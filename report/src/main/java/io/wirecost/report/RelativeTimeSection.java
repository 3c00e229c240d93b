package io.wirecost.report;

import io.wirecost.attribution.Attribution;
import io.wirecost.attribution.Category;
import io.wirecost.attribution.CategoryShare;
import io.wirecost.attribution.RuleSet;
import io.wirecost.attribution.SampleMode;
import io.wirecost.diff.HtmlText;
import io.wirecost.runner.ScenarioResult;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** report.html's relative time by category: per role, a stacked bar per scenario beside the paper's, and the table. */
final class RelativeTimeSection {

    private static final List<String> ROLES = List.of("all", "client", "server");

    private RelativeTimeSection() {}

    /** Today's shares as one stacked bar per scenario, the paper's Table 3 column beneath it. */
    static void html(StringBuilder sb, List<ScenarioResult> results, RuleSet rules, SampleMode mode) {
        boolean paper = PaperFigures.anyColumn(results);
        sb.append("<section id=\"relative-time\"><h2>Relative time by category</h2>")
                .append("<p>Percent of middleware " + mode.samplesWord() + " samples"
                        + (paper
                                ? "; the paper's bars are seed 000 Table 3 (JDK 1.4.2), "
                                        + "grey where its table lists nothing or prints &lt;0.10"
                                : "")
                        + ".</p><div class=\"roles\">");
        for (String role : ROLES) {
            sb.append("<button type=\"button\" data-role=\"")
                    .append(role)
                    .append("\"")
                    .append(role.equals("all") ? " class=\"on\"" : "")
                    .append(">")
                    .append(role)
                    .append("</button>");
        }
        sb.append("</div>");
        List<Category> categories =
                rules.categories().stream().filter(Category::isMiddleware).toList();
        for (String role : ROLES) {
            sb.append("<div class=\"role\" data-role=\"")
                    .append(role)
                    .append("\"")
                    .append(role.equals("all") ? "" : " hidden")
                    .append(">");
            List<String> labels = new ArrayList<>();
            List<String> colors = new ArrayList<>();
            for (Category c : categories) {
                if (!shown(c, results, role)) continue;
                labels.add(c.title());
                colors.add(Svg.color(rules.categories().indexOf(c)));
            }
            sb.append(Svg.legend(labels, colors));
            boolean any = false;
            for (ScenarioResult r : results) {
                if (!r.shares().containsKey(role)) continue;
                any = true;
                Attribution a = r.shares().get(role).attribution();
                List<Svg.Segment> today = new ArrayList<>();
                for (CategoryShare s : a.middleware()) {
                    today.add(new Svg.Segment(
                            s.category().title(),
                            s.percent(),
                            Svg.color(rules.categories().indexOf(s.category()))));
                }
                sb.append("<div class=\"pair\">")
                        .append(Svg.stackedBar(r.scenario() + " (today)", today, 100, " %", "no middleware samples"));
                if (!r.paperColumn().isEmpty())
                    sb.append(Svg.stackedBar(
                            "paper " + r.paperColumn(),
                            paper(r, rules),
                            100,
                            " %",
                            "not in the paper's table, or below its printing threshold"));
                sb.append(String.format(
                        java.util.Locale.ROOT,
                        "<p class=\"note\">%d middleware samples; JVM-internal time %.1f %% of all samples</p>",
                        a.middlewareSamples(),
                        a.jvmPercent()));
                for (String n : ContentionNotes.of(r.shares().get(role).recordings()))
                    sb.append("<p class=\"note\">").append(HtmlText.escape(n)).append("</p>");
                sb.append("</div>");
            }
            if (any) sb.append(Html.table(RelativeTimeTable.relativeTime(results, rules, role, mode)));
            else sb.append("<p>No attributed samples for this role (profiler off, or every scenario failed).</p>");
            sb.append("</div>");
        }
        sb.append("</section>");
    }

    private static boolean shown(Category c, List<ScenarioResult> results, String role) {
        for (ScenarioResult r : results) {
            if (r.shares().containsKey(role)
                    && r.shares()
                                    .get(role)
                                    .attribution()
                                    .share(c.name())
                                    .map(CategoryShare::samples)
                                    .orElse(0L)
                            > 0) return true;
            if (!r.paperColumn().isEmpty()
                    && number(PaperFigures.percent(c, r.paperColumn())).orElse(0.0) > 0) return true;
        }
        return false;
    }

    private static List<Svg.Segment> paper(ScenarioResult r, RuleSet rules) {
        List<Svg.Segment> out = new ArrayList<>();
        Set<String> rows = new LinkedHashSet<>();
        for (Category c : rules.categories()) {
            // several categories may stand for one paper row: its figure counts once
            if (!c.isMiddleware() || c.paperRow().isEmpty() || !rows.add(c.paperRow())) continue;
            number(PaperFigures.percent(c, r.paperColumn()))
                    .ifPresent(v -> out.add(new Svg.Segment(
                            c.paperRow(), v, Svg.color(rules.categories().indexOf(c)))));
        }
        return out;
    }

    private static Optional<Double> number(String s) {
        try {
            return Optional.of(Double.parseDouble(s));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
