package io.wirecost.report.metrics;

import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.wirecost.attribution.CategoryLabels;
import io.wirecost.attribution.CategoryShare;
import io.wirecost.report.paper.PaperTable;
import io.wirecost.runner.RoleAttribution;
import io.wirecost.runner.ScenarioResult;
import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * Each scenario's shares by category as the run measured them, with their intervals and samples, beside the papers'
 * Table 3 where the scenario has a paper column:
 *
 * <pre>
 * wirecost_scenario_share_ratio{category="rmi-transport",group="middleware",role="all",run="...",scenario="rmi"} 0.2341
 * </pre>
 */
final class ShareFamilies {

    private static final PaperTable TABLE3 = PaperTable.table3();

    private ShareFamilies() {}

    static void register(PrometheusRegistry registry, Consumer<BiConsumer<String, ScenarioResult>> results) {
        GaugeWithCallback.builder()
                .name("wirecost_scenario_share_ratio")
                .help("Share of each category in the measured phase: middleware categories of middleware samples "
                        + "(they sum to 1 per scenario and role), jvm categories of all samples")
                .labelNames(CategoryLabels.names("run", "scenario", "role"))
                .callback(cb ->
                        forEachShare(results, (run, r, role, s) -> cb.call(s.percent() / 100, labels(run, r, role, s))))
                .register(registry);
        // the share's 95 % interval as two gauges beside it, as for CPU per call: a dashboard draws the band or
        // flags a share whose interval reaches a threshold, without recomputing it from the samples
        for (String bound : List.of("_ci_low", "_ci_high")) {
            GaugeWithCallback.builder()
                    .name("wirecost_scenario_share_ratio" + bound)
                    .help("95 % interval bound of wirecost_scenario_share_ratio (Wilson score over samples; for "
                            + "weighted shares the ratio estimator's normal interval)")
                    .labelNames(CategoryLabels.names("run", "scenario", "role"))
                    .callback(cb -> forEachShare(results, (run, r, role, s) -> {
                        double v = RunMetrics.bound(bound, s.ciLow(), s.ciHigh());
                        if (!Double.isNaN(v)) cb.call(v / 100, labels(run, r, role, s));
                    }))
                    .register(registry);
        }
        GaugeWithCallback.builder()
                .name("wirecost_scenario_cpu_samples")
                .help("CPU samples behind each share (a share from n samples has a standard error of sqrt(p(1-p)/n))")
                .labelNames(CategoryLabels.names("run", "scenario", "role"))
                .callback(cb ->
                        forEachShare(results, (run, r, role, s) -> cb.call(s.samples(), labels(run, r, role, s))))
                .register(registry);
        GaugeWithCallback.builder()
                .name("wirecost_paper_share_ratio")
                .help("Seed 000 Table 3 (JDK 1.4.2) for the scenarios of this run that have a paper column; "
                        + "figures printed as '<0.10' are left out")
                .labelNames("run", "scenario", "category", "paper_column", "paper_row")
                .callback(cb -> forEachShare(results, (run, r, role, s) -> {
                    if (!role.role().equals("all")
                            || r.paperColumn().isEmpty()
                            || !s.category().isMiddleware()) return;
                    TABLE3.value(s.category().paperRow(), r.paperColumn())
                            .flatMap(ShareFamilies::ratio)
                            .ifPresent(p -> cb.call(
                                    p,
                                    run,
                                    r.scenario(),
                                    s.category().name(),
                                    r.paperColumn(),
                                    s.category().paperRow()));
                }))
                .register(registry);
    }

    private interface ShareVisitor {
        void visit(String run, ScenarioResult r, RoleAttribution role, CategoryShare share);
    }

    private static void forEachShare(Consumer<BiConsumer<String, ScenarioResult>> results, ShareVisitor v) {
        results.accept((run, r) -> {
            for (RoleAttribution role : r.shares().values()) {
                for (CategoryShare s : role.attribution().middleware()) v.visit(run, r, role, s);
                for (CategoryShare s : role.attribution().jvm()) v.visit(run, r, role, s);
            }
        });
    }

    /** A share's labels: whose figure it is (run, scenario, role), then its category's, as the agent labels them. */
    private static String[] labels(String run, ScenarioResult r, RoleAttribution role, CategoryShare s) {
        return CategoryLabels.values(s.category(), run, r.scenario(), role.role());
    }

    /** "23.41" as 0.2341 exactly as printed (decimal arithmetic: no 0.23409999...); "<0.10" is not a number. */
    private static Optional<Double> ratio(String printed) {
        try {
            return Optional.of(new BigDecimal(printed).movePointLeft(2).doubleValue());
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
