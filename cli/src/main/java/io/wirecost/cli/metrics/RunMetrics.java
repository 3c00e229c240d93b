package io.wirecost.cli.metrics;

import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.core.metrics.SummaryWithCallback;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.InfoSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.Quantiles;
import io.wirecost.attribution.CategoryShare;
import io.wirecost.attribution.PaperTable;
import io.wirecost.cli.run.RoleAttribution;
import io.wirecost.cli.run.RttStatistics;
import io.wirecost.cli.run.RunMetadata;
import io.wirecost.cli.run.ScenarioResult;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;

/**
 * A run's figures as Prometheus metric families, computed at scrape time from the results so far.
 * The same families feed the runner's endpoint, the Pushgateway and {@code metrics.prom}.
 *
 * <pre>
 * wirecost_rtt_seconds_count{operation="int",role="client",run="20250101-120000",scenario="rmi"} 1200
 * wirecost_rtt_seconds_sum{operation="int",role="client",run="20250101-120000",scenario="rmi"} 0.0412
 * wirecost_scenario_share_ratio{category="rmi-transport",group="middleware",role="all",run="...",scenario="rmi"} 0.2341
 * </pre>
 *
 * Round trips are summaries without quantiles: count is the invocations measured, sum is the papers'
 * mean (min and max measurements dropped) times that count, so {@code sum / count} is the mean the
 * tables print. A scenario's shares cover its measured phase; the agent's live gauge
 * ({@code wirecost_category_share_ratio}) covers a sliding window, hence the different names.
 */
public final class RunMetrics {

    /** The per-type operations; primitives-geomean and instantiation have families of their own. */
    private static final Set<String> DERIVED = Set.of("primitives-geomean", "instantiation");
    private static final PaperTable TABLE3 = PaperTable.table3();

    private record Snapshot(RunMetadata meta, List<ScenarioResult> results) {
    }

    private volatile Snapshot snapshot;

    public RunMetrics(RunMetadata meta) {
        this.snapshot = new Snapshot(meta, List.of());
    }

    /** After each scenario: scrapes from now on see these results. */
    public void update(RunMetadata meta, List<ScenarioResult> results) {
        snapshot = new Snapshot(meta, List.copyOf(results));
    }

    /** {@code metrics.prom}: the families in Prometheus' text exposition format. */
    public static String text(RunMetadata meta, List<ScenarioResult> results) {
        RunMetrics m = new RunMetrics(meta);
        m.update(meta, results);
        PrometheusRegistry registry = new PrometheusRegistry();
        m.register(registry);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            PrometheusTextFormatWriter.create().write(out, registry.scrape());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    public void register(PrometheusRegistry registry) {
        Labels run = Labels.of("run", snapshot.meta().id());

        registry.register(() -> {
            RunMetadata m = snapshot.meta();
            return InfoSnapshot.builder().name("wirecost_run")
                    .help("What the run was: host, JDK of the scenario JVMs, profiler, counts")
                    .dataPoint(InfoSnapshot.InfoDataPointSnapshot.builder().labels(run.merge(Labels.of(
                            "host", m.host(), "java_feature_version", String.valueOf(m.javaFeatureVersion()),
                            "profiler", m.profiler().engine(), "event", m.profiler().event(),
                            "interval_seconds", String.valueOf(m.profiler().intervalNs() / 1e9),
                            "quick", String.valueOf(m.settings().quick()), "wirecost_version", m.wirecostVersion()))).build())
                    .build();
        });
        GaugeWithCallback.builder().name("wirecost_run_scenarios_planned").help("Scenarios this run will measure")
                .constLabels(run).callback(cb -> cb.call(snapshot.meta().scenarios().size())).register(registry);
        GaugeWithCallback.builder().name("wirecost_run_scenarios_completed").help("Scenarios finished so far, failed ones included")
                .constLabels(run).callback(cb -> cb.call(snapshot.results().size())).register(registry);
        GaugeWithCallback.builder().name("wirecost_scenario_ok").help("1 when the scenario succeeded, 0 when it failed")
                .labelNames("scenario").constLabels(run)
                .callback(cb -> results().forEach(r -> cb.call(r.ok() ? 1 : 0, r.scenario()))).register(registry);
        GaugeWithCallback.builder().name("wirecost_scenario_duration_seconds").help("Wall time of the scenario, JVM start-up included")
                .labelNames("scenario").constLabels(run)
                .callback(cb -> results().forEach(r -> cb.call(r.seconds(), r.scenario()))).register(registry);
        GaugeWithCallback.builder().name("wirecost_scenario_calls").help("Calls made and checked: warm-up, measured and instantiation")
                .labelNames("scenario").constLabels(run)
                .callback(cb -> results().forEach(r -> cb.call(r.calls(), r.scenario()))).register(registry);

        Labels client = run.add("role", "client");   // round trips are timed in the client
        SummaryWithCallback.builder().name("wirecost_rtt_seconds")
                .help("Round trip per invocation by the papers' method: sum / count is the mean of 10 of 12 measurements")
                .labelNames("scenario", "operation").constLabels(client)
                .callback(cb -> results().forEach(r -> r.rtt().stream().filter(s -> !DERIVED.contains(s.operation()))
                        .forEach(s -> cb.call(s.invocations(), seconds(s.meanMicros()) * s.invocations(), Quantiles.EMPTY,
                                r.scenario(), s.operation()))))
                .register(registry);
        GaugeWithCallback.builder().name("wirecost_rtt_stddev_seconds")
                .help("Standard deviation of the per-invocation means of the kept measurements")
                .labelNames("scenario", "operation").constLabels(client)
                .callback(cb -> results().forEach(r -> r.rtt().stream().filter(s -> !Double.isNaN(s.stddevMicros()))
                        .forEach(s -> cb.call(seconds(s.stddevMicros()), r.scenario(), s.operation()))))
                .register(registry);
        GaugeWithCallback.builder().name("wirecost_rtt_primitives_geomean_seconds")
                .help("Geometric mean of the seven primitive types' round trips (seed 002, 4.1)")
                .labelNames("scenario").constLabels(client)
                .callback(cb -> results().forEach(r -> r.rtt("primitives-geomean")
                        .ifPresent(s -> cb.call(seconds(s.meanMicros()), r.scenario()))))
                .register(registry);
        SummaryWithCallback.builder().name("wirecost_instantiation_seconds")
                .help("A fresh client's lookup or connection set-up and first call: sum / count is the papers' mean")
                .labelNames("scenario").constLabels(client)
                .callback(cb -> results().forEach(r -> r.rtt("instantiation").ifPresent(s ->
                        cb.call(s.invocations(), seconds(s.meanMicros()) * s.invocations(), Quantiles.EMPTY, r.scenario()))))
                .register(registry);

        GaugeWithCallback.builder().name("wirecost_scenario_share_ratio")
                .help("Share of each category in the measured phase: middleware categories of middleware samples "
                        + "(they sum to 1 per scenario and role), jvm categories of all samples")
                .labelNames("scenario", "role", "category", "group").constLabels(run)
                .callback(cb -> forEachShare((r, role, s, group) -> cb.call(s.percent() / 100, r.scenario(), role.role(), s.category().name(), group)))
                .register(registry);
        GaugeWithCallback.builder().name("wirecost_scenario_cpu_samples")
                .help("CPU samples behind each share (a share from n samples has a standard error of sqrt(p(1-p)/n))")
                .labelNames("scenario", "role", "category", "group").constLabels(run)
                .callback(cb -> forEachShare((r, role, s, group) -> cb.call(s.samples(), r.scenario(), role.role(), s.category().name(), group)))
                .register(registry);
        GaugeWithCallback.builder().name("wirecost_paper_share_ratio")
                .help("Seed 000 Table 3 (JDK 1.4.2) for the scenarios of this run that have a paper column; "
                        + "figures printed as '<0.10' are left out")
                .labelNames("scenario", "category", "paper_column", "paper_row").constLabels(run)
                .callback(cb -> forEachShare((r, role, s, group) -> {
                    if (!role.role().equals("all") || r.paperColumn().isEmpty() || !s.category().isMiddleware()) return;
                    TABLE3.value(s.category().paperRow(), r.paperColumn()).flatMap(RunMetrics::ratio).ifPresent(p ->
                            cb.call(p, r.scenario(), s.category().name(), r.paperColumn(), s.category().paperRow()));
                }))
                .register(registry);

        MessageSizes.register(registry, run, this::results);
    }

    private List<ScenarioResult> results() {
        return snapshot.results();
    }

    private interface ShareVisitor {
        void visit(ScenarioResult r, RoleAttribution role, CategoryShare share, String group);
    }

    private void forEachShare(ShareVisitor v) {
        for (ScenarioResult r : results()) {
            for (RoleAttribution role : r.shares().values()) {
                for (CategoryShare s : role.attribution().middleware()) v.visit(r, role, s, "middleware");
                for (CategoryShare s : role.attribution().jvm()) v.visit(r, role, s, "jvm");
            }
        }
    }

    /** "23.41" as 0.2341 exactly as printed (decimal arithmetic: no 0.23409999...); "<0.10" is not a number. */
    private static java.util.Optional<Double> ratio(String printed) {
        try {
            return java.util.Optional.of(new java.math.BigDecimal(printed).movePointLeft(2).doubleValue());
        } catch (NumberFormatException e) {
            return java.util.Optional.empty();
        }
    }

    private static double seconds(double micros) {
        return micros / 1e6;
    }
}
