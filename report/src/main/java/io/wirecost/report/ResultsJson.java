package io.wirecost.report;

import io.wirecost.diff.ResultsFile;
import io.wirecost.runner.CpuStatistics;
import io.wirecost.runner.Estimate;
import io.wirecost.runner.ProfilerSettings;
import io.wirecost.runner.Repetitions;
import io.wirecost.runner.RoleAttribution;
import io.wirecost.runner.RttStatistics;
import io.wirecost.runner.RunMetadata;
import io.wirecost.runner.RunSettings;
import io.wirecost.runner.ScenarioResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** {@code results.json}: every figure with its unit in its name, plus the run's metadata, as diff's {@link ResultsFile} records. */
public final class ResultsJson {

    private ResultsJson() {}

    public static String render(RunMetadata meta, List<ScenarioResult> results) throws Exception {
        return render(meta, results, null, null);
    }

    /**
     * With {@code jmc_analysis} per scenario when {@code jmc} is given, and {@code endpoint_sampler} when the run has
     * endpoint figures ({@link EndpointTable#sampler}).
     */
    public static String render(
            RunMetadata meta,
            List<ScenarioResult> results,
            JmcFindings jmc,
            ResultsFile.EndpointSampler endpointSampler)
            throws Exception {
        List<ResultsFile.Scenario> scenarios = new ArrayList<>();
        for (ScenarioResult r : results) {
            ResultsFile.Scenario s = scenario(r);
            scenarios.add(jmc == null ? s : s.withJmcAnalysis(ResultsFile.tree(JmcSection.json(r, jmc))));
        }
        return new ResultsFile(
                        ResultsFile.FORMAT,
                        ResultsFile.VERSION,
                        run(meta, results),
                        scenarios,
                        cpuSummary(results),
                        ResultsFile.tree(factors(results)),
                        endpointSampler)
                .render();
    }

    /** {@code run}: the metadata as the reader's record, field for field. */
    private static ResultsFile.Run run(RunMetadata m, List<ScenarioResult> results) {
        RunSettings s = m.settings();
        ProfilerSettings p = m.profiler();
        return new ResultsFile.Run(
                m.id(),
                m.started(),
                m.host(),
                m.wirecostVersion(),
                m.javaHome(),
                m.javaFeatureVersion(),
                s == null
                        ? null
                        : new ResultsFile.Settings(
                                s.warmupCalls(),
                                s.reps(),
                                s.invocations(),
                                s.instantiationReps(),
                                s.stringLength(),
                                s.quick(),
                                s.scenarioOptions(),
                                s.sizeCalls(),
                                s.timeBudget(),
                                s.method() == null ? null : s.method().label()),
                p == null
                        ? null
                        : new ResultsFile.Profiler(p.engine(), p.event(), p.intervalNs(), List.copyOf(p.extras())),
                m.scenarios(),
                m.commandLine(),
                m.configuration(),
                m.mavenProperties(),
                m.repeat(),
                m.interleaved(),
                m.network(),
                m.cpuAffinity(),
                m.methodJvmOptions(),
                null,
                HostReference.median(results).stream().boxed().findFirst().orElse(null));
    }

    private static ResultsFile.Scenario scenario(ScenarioResult r) {
        Map<String, ResultsFile.Shares> shares = new LinkedHashMap<>();
        for (RoleAttribution role : r.shares().values())
            shares.put(role.role(), SharesSection.of(role, r.paperColumn()));
        Map<String, ResultsFile.Shares> companions = null;
        if (!r.companions().isEmpty()) {
            // run --profile cpu,alloc,lock: weights are bytes (alloc) and ns (lock) in the *_samples fields
            companions = new LinkedHashMap<>();
            for (Map.Entry<String, RoleAttribution> e : new java.util.TreeMap<>(r.companions()).entrySet()) {
                companions.put(e.getKey(), SharesSection.of(e.getValue(), ""));
            }
        }
        List<ResultsFile.Size> sizes = r.sizes().stream()
                .map(z -> new ResultsFile.Size(
                        z.operation(),
                        z.calls(),
                        z.requestBytes(),
                        z.responseBytes(),
                        z.requestWireBytes(),
                        z.responseWireBytes(),
                        z.packetsPerCall()))
                .toList();
        return new ResultsFile.Scenario(
                r.scenario(),
                r.repetition(),
                r.paperColumn(),
                r.status(),
                r.error(),
                r.seconds(),
                r.calls(),
                rtt(r.rtt()),
                rtt(r.profiledRtt()),
                cpu(r.cpu()),
                ResultsFile.tree(
                        r.facts().noise() == null ? Map.of() : r.facts().noise()),
                // the round-trip table's noise row in words, for scripts: cut or unsettled warm-up, CV, steal, drift
                NoiseFlags.scenario(r.scenario(), "primitives-geomean", List.of(r)),
                shares,
                companions,
                new ResultsFile.MessageSizes(r.sizesNote(), sizes),
                r.profilers(),
                r.recordings(),
                ResultsFile.tree(r.facts()),
                null);
    }

    private static List<ResultsFile.Rtt> rtt(List<RttStatistics> stats) {
        return stats.stream()
                .map(s -> new ResultsFile.Rtt(
                        s.operation(),
                        s.meanMicros(),
                        orNull(s.stddevMicros()),
                        orNull(s.cvPercent()),
                        s.invocations(),
                        s.keptMicros(),
                        low(s.interval()),
                        high(s.interval()),
                        df(s.interval())))
                .toList();
    }

    private static Double orNull(double v) {
        return Double.isNaN(v) ? null : v;
    }

    /** The 95 % interval's bounds and degrees of freedom: null when unknown. */
    private static Double low(Estimate est) {
        return est.known() ? est.low() : null;
    }

    private static Double high(Estimate est) {
        return est.known() ? est.high() : null;
    }

    private static Double df(Estimate est) {
        return est.known() ? est.df() : null;
    }

    /** {@code ci_low}, {@code ci_high}, {@code ci_df}: the 95 % interval (null when unknown). */
    private static void interval(Map<String, Object> e, Estimate est) {
        e.put("ci_low", low(est));
        e.put("ci_high", high(est));
        e.put("ci_df", df(est));
    }

    private static List<ResultsFile.Cpu> cpu(List<CpuStatistics> stats) {
        return stats.stream()
                .map(c -> new ResultsFile.Cpu(
                        null,
                        c.operation(),
                        c.role(),
                        c.meanMicros(),
                        low(c.perCallMicros()),
                        high(c.perCallMicros()),
                        df(c.perCallMicros()),
                        c.invocations(),
                        c.keptMicros(),
                        null,
                        c.batchMicros().isEmpty() ? null : c.batchMicros()))
                .toList();
    }

    /** Over all repetitions, as in cpu.csv. */
    private static List<ResultsFile.Cpu> cpuSummary(List<ScenarioResult> all) {
        return Repetitions.cpu(all).stream()
                .map(f -> new ResultsFile.Cpu(
                        f.scenario(),
                        f.operation(),
                        f.role(),
                        f.estimate().value(),
                        low(f.estimate()),
                        high(f.estimate()),
                        df(f.estimate()),
                        f.invocations(),
                        null,
                        f.repetitions() >= 2 ? f.repetitions() + " repetitions" : "batches of one run",
                        null))
                .toList();
    }

    /** The factors table's lines with their intervals and noise flags ({@code too_noisy} true when any). */
    private static List<Object> factors(List<ScenarioResult> all) {
        List<Object> out = new ArrayList<>();
        for (Factor f : Factor.of(all, Repetitions.rtt(all), Repetitions.cpu(all))) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("ratio", f.ratio());
            e.put("operation", f.operation());
            e.put("scenarios", List.of(f.scenarioA(), f.scenarioB()));
            for (String measure : List.of("rtt", "cpu")) {
                Optional<Estimate> est = measure.equals("rtt") ? f.rtt() : f.cpu();
                Map<String, Object> m = new LinkedHashMap<>();
                est.ifPresent(x -> {
                    m.put("factor", x.value());
                    interval(m, x);
                });
                e.put(measure, est.isPresent() ? m : null);
            }
            e.put("paper", f.paperFactor());
            e.put("paper_source", f.source());
            List<String> flags = NoiseFlags.factor(f, all);
            e.put("too_noisy", !flags.isEmpty());
            e.put("noise_flags", flags);
            out.add(e);
        }
        return out;
    }
}
