package io.wirecost.report.metrics;

import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.core.metrics.SummaryWithCallback;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.InfoSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.Quantiles;
import io.wirecost.runner.RttStatistics;
import io.wirecost.runner.RunMetadata;
import io.wirecost.runner.ScenarioResult;
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

    /**
     * One configuration's results so far: a run has one, or two with a candidate (baseline and
     * candidate, whose ids {@code DIR/baseline} and {@code DIR/candidate} become the {@code run} label).
     */
    public record Source(RunMetadata meta, List<ScenarioResult> results) {
        public Source {
            results = List.copyOf(results);
        }
    }

    private volatile List<Source> sources = List.of();

    /** After each scenario: scrapes from now on see these results. */
    public void update(List<Source> sources) {
        this.sources = List.copyOf(sources);
    }

    /** {@code metrics.prom}: the families in Prometheus' text exposition format. */
    public static String text(RunMetadata meta, List<ScenarioResult> results) {
        RunMetrics m = new RunMetrics();
        m.update(List.of(new Source(meta, results)));
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
        registry.register(() -> {
            InfoSnapshot.Builder info = InfoSnapshot.builder()
                    .name("wirecost_run")
                    .help("What the run was: host, JDK of the scenario JVMs, profiler, counts");
            for (Source src : sources) {
                RunMetadata m = src.meta();
                info.dataPoint(InfoSnapshot.InfoDataPointSnapshot.builder()
                        .labels(Labels.of(
                                "run",
                                m.id(),
                                "host",
                                m.host(),
                                "java_feature_version",
                                String.valueOf(m.javaFeatureVersion()),
                                "profiler",
                                m.profiler().engine(),
                                "event",
                                m.profiler().event(),
                                "interval_seconds",
                                String.valueOf(m.profiler().intervalNs() / 1e9),
                                "quick",
                                String.valueOf(m.settings().quick()),
                                "wirecost_version",
                                m.wirecostVersion()))
                        .build());
            }
            return info.build();
        });
        GaugeWithCallback.builder()
                .name("wirecost_run_scenarios_planned")
                .help("Scenarios this run will measure")
                .labelNames("run")
                .callback(cb -> sources.forEach(
                        s -> cb.call(s.meta().scenarios().size(), s.meta().id())))
                .register(registry);
        GaugeWithCallback.builder()
                .name("wirecost_run_scenarios_completed")
                .help("Scenarios finished so far, failed ones included")
                .labelNames("run")
                .callback(cb -> sources.forEach(
                        s -> cb.call(s.results().size(), s.meta().id())))
                .register(registry);
        GaugeWithCallback.builder()
                .name("wirecost_scenario_ok")
                .help("1 when the scenario succeeded, 0 when it failed")
                .labelNames("run", "scenario")
                .callback(cb -> forEachResult((run, r) -> cb.call(r.ok() ? 1 : 0, run, r.scenario())))
                .register(registry);
        GaugeWithCallback.builder()
                .name("wirecost_scenario_duration_seconds")
                .help("Wall time of the scenario, JVM start-up included")
                .labelNames("run", "scenario")
                .callback(cb -> forEachResult((run, r) -> cb.call(r.seconds(), run, r.scenario())))
                .register(registry);
        GaugeWithCallback.builder()
                .name("wirecost_scenario_calls")
                .help("Calls made and checked: warm-up, measured and instantiation")
                .labelNames("run", "scenario")
                .callback(cb -> forEachResult((run, r) -> cb.call(r.calls(), run, r.scenario())))
                .register(registry);

        Labels client = Labels.of("role", "client"); // round trips are timed in the client
        SummaryWithCallback.builder()
                .name("wirecost_rtt_seconds")
                .help(
                        "Round trip per invocation by the papers' method: sum / count is the mean of 10 of 12 measurements")
                .labelNames("run", "scenario", "operation")
                .constLabels(client)
                .callback(cb -> forEachResult((run, r) -> r.rtt().stream()
                        .filter(s -> !DERIVED.contains(s.operation()))
                        .forEach(s -> summary(cb, s, run, r.scenario(), s.operation()))))
                .register(registry);
        // the mean's 95 % interval (Student t over the kept measurements), beside the summary: a summary has no
        // place for it, and sum / count alone says nothing of how well the mean is known
        for (String bound : List.of("_ci_low", "_ci_high")) {
            GaugeWithCallback.builder()
                    .name("wirecost_rtt_seconds" + bound)
                    .help("95 % interval bound of the mean of wirecost_rtt_seconds (sum / count)")
                    .labelNames("run", "scenario", "operation")
                    .constLabels(client)
                    .callback(cb -> forEachResult((run, r) -> r.rtt().stream()
                            .filter(s -> !DERIVED.contains(s.operation()))
                            .forEach(s -> intervalBound(cb, bound, s, run, r.scenario(), s.operation()))))
                    .register(registry);
        }
        GaugeWithCallback.builder()
                .name("wirecost_rtt_stddev_seconds")
                .help("Standard deviation of the per-invocation means of the kept measurements")
                .labelNames("run", "scenario", "operation")
                .constLabels(client)
                .callback(cb -> forEachResult((run, r) -> r.rtt().stream()
                        .filter(s -> !Double.isNaN(s.stddevMicros()))
                        .forEach(s -> cb.call(seconds(s.stddevMicros()), run, r.scenario(), s.operation()))))
                .register(registry);
        GaugeWithCallback.builder()
                .name("wirecost_rtt_primitives_geomean_seconds")
                .help("Geometric mean of the seven primitive types' round trips (seed 002, 4.1)")
                .labelNames("run", "scenario")
                .constLabels(client)
                .callback(cb -> forEachResult((run, r) -> r.rtt("primitives-geomean")
                        .ifPresent(s -> cb.call(seconds(s.meanMicros()), run, r.scenario()))))
                .register(registry);
        for (String bound : List.of("_ci_low", "_ci_high")) {
            GaugeWithCallback.builder()
                    .name("wirecost_rtt_primitives_geomean_seconds" + bound)
                    .help("95 % interval bound of wirecost_rtt_primitives_geomean_seconds (the delta method)")
                    .labelNames("run", "scenario")
                    .constLabels(client)
                    .callback(cb -> forEachResult((run, r) ->
                            r.rtt("primitives-geomean").ifPresent(s -> intervalBound(cb, bound, s, run, r.scenario()))))
                    .register(registry);
        }
        SummaryWithCallback.builder()
                .name("wirecost_instantiation_seconds")
                .help("A fresh client's lookup or connection set-up and first call: sum / count is the papers' mean")
                .labelNames("run", "scenario")
                .constLabels(client)
                .callback(cb -> forEachResult(
                        (run, r) -> r.rtt("instantiation").ifPresent(s -> summary(cb, s, run, r.scenario()))))
                .register(registry);

        for (String bound : List.of("", "_ci_low", "_ci_high")) {
            GaugeWithCallback.builder()
                    .name("wirecost_cpu_seconds_per_call" + bound)
                    .help(
                            bound.isEmpty()
                                    ? "CPU time (user + system) per call of the timed pass; role all = client + server, JIT compiler and agent threads excluded"
                                    : "95 % interval bound of wirecost_cpu_seconds_per_call")
                    .labelNames("run", "scenario", "operation", "role")
                    .callback(cb -> forEachSource(src -> io.wirecost.runner.Repetitions.cpu(src.results())
                            .forEach(f -> {
                                double v = bound.isEmpty()
                                        ? f.estimate().value()
                                        : bound.equals("_ci_low")
                                                ? f.estimate().low()
                                                : f.estimate().high();
                                if (!Double.isNaN(v))
                                    cb.call(seconds(v), src.meta().id(), f.scenario(), f.operation(), f.role());
                            })))
                    .register(registry);
        }
        ShareFamilies.register(registry, this::forEachResult);
        MessageSizes.register(registry, this::forEachResult);
    }

    /** A round trip as a summary without quantiles: count the invocations, sum the mean times that count. */
    private static void summary(SummaryWithCallback.Callback cb, RttStatistics s, String... labels) {
        cb.call(s.invocations(), seconds(s.meanMicros()) * s.invocations(), Quantiles.EMPTY, labels);
    }

    /** A round trip's {@code _ci_low} or {@code _ci_high} bound, in seconds; no series where the bound is unknown. */
    private static void intervalBound(GaugeWithCallback.Callback cb, String bound, RttStatistics s, String... labels) {
        double v = bound(bound, s.interval().low(), s.interval().high());
        if (!Double.isNaN(v)) cb.call(seconds(v), labels);
    }

    /** The interval's end a {@code _ci_low} or {@code _ci_high} family reports. */
    static double bound(String suffix, double low, double high) {
        return suffix.equals("_ci_low") ? low : high;
    }

    private void forEachSource(java.util.function.Consumer<Source> visit) {
        sources.forEach(visit);
    }

    /** (run id, result) for every result of every source. */
    void forEachResult(java.util.function.BiConsumer<String, ScenarioResult> visit) {
        for (Source src : sources)
            for (ScenarioResult r : src.results()) visit.accept(src.meta().id(), r);
    }

    private static double seconds(double micros) {
        return micros / 1e6;
    }
}
