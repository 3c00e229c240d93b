package io.wirecost.report;

import io.wirecost.runner.Repetitions;
import io.wirecost.runner.RttStatistics;
import io.wirecost.runner.ScenarioResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The factors section of report.html: each scenario's round trips against rmi, the papers' reference, then today's
 * factors of round trips and CPU per call beside the papers'.
 */
final class FactorSection {

    private FactorSection() {}

    static void html(StringBuilder sb, List<ScenarioResult> results) {
        sb.append("<section id=\"factors\"><h2>Factors</h2>");
        Optional<ScenarioResult> rmi = results.stream()
                .filter(r -> r.scenario().equals("rmi") && !r.rtt().isEmpty())
                .findFirst();
        if (rmi.isEmpty()) {
            sb.append("<p>This run has no rmi scenario, the papers' reference: no factors against RMI.</p>");
        } else {
            List<Svg.Bar> bars = new ArrayList<>();
            List<String> series = new ArrayList<>();
            for (ScenarioResult r : results) {
                if (r.rtt().isEmpty()) continue;
                series.add(r.scenario());
                for (String op : List.of("primitives-geomean", "string")) {
                    Optional<RttStatistics> a = r.rtt(op);
                    Optional<RttStatistics> b = rmi.get().rtt(op);
                    if (a.isPresent() && b.isPresent()) {
                        bars.add(new Svg.Bar(
                                op,
                                r.scenario(),
                                a.get().meanMicros() / b.get().meanMicros(),
                                Svg.color(HtmlReport.indexOf(results, r.scenario()))));
                    }
                }
            }
            sb.append("<h3>Round trip against rmi (1 = as fast as RMI)</h3>")
                    .append(Svg.groupedBars(
                            "factor against rmi", List.of("primitives-geomean", "string"), series, bars, "× rmi"));
        }
        Table paper = FactorTables.factors(results);
        if (!paper.rows().isEmpty()) {
            List<Svg.Bar> bars = new ArrayList<>();
            List<String> groups = new ArrayList<>();
            List<String> series = List.of("round trips", "CPU per call", "paper");
            for (Factor f : Factor.of(results, Repetitions.rtt(results), Repetitions.cpu(results))) {
                String g = f.ratio() + " " + (f.operation().equals("string") ? "string" : "prim.");
                if (!groups.contains(g)) groups.add(g);
                f.rtt()
                        .ifPresent(e ->
                                bars.add(new Svg.Bar(g, series.get(0), e.value(), Svg.color(0), e.low(), e.high())));
                f.cpu()
                        .ifPresent(e ->
                                bars.add(new Svg.Bar(g, series.get(1), e.value(), Svg.color(2), e.low(), e.high())));
                bars.add(new Svg.Bar(g, series.get(2), f.paperFactor(), Svg.color(1)));
            }
            sb.append("<h3>Today against the papers (error bars: 95 % interval)</h3>")
                    .append(Svg.legend(series, List.of(Svg.color(0), Svg.color(2), Svg.color(1))))
                    .append(Svg.groupedBars("factors today and in the papers", groups, series, bars, "factor"))
                    .append(Html.table(paper));
        }
        sb.append("</section>");
    }
}
