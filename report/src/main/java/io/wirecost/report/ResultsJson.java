package io.wirecost.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.wirecost.attribution.Attribution;
import io.wirecost.attribution.CategoryShare;
import io.wirecost.attribution.RecordingSummary;
import io.wirecost.runner.CpuStatistics;
import io.wirecost.runner.Estimate;
import io.wirecost.runner.Repetitions;
import io.wirecost.runner.RoleAttribution;
import io.wirecost.runner.RttStatistics;
import io.wirecost.runner.RunMetadata;
import io.wirecost.runner.ScenarioResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** {@code results.json}: every figure with its unit in its name, plus the run's metadata. */
public final class ResultsJson {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ResultsJson() {}

    public static String render(RunMetadata meta, List<ScenarioResult> results) throws Exception {
        return render(meta, results, null);
    }

    /** With {@code jmc_analysis} per scenario when {@code jmc} is given. */
    public static String render(RunMetadata meta, List<ScenarioResult> results, JmcFindings jmc) throws Exception {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("format", "wirecost-results/1");
        root.put("run", meta);
        List<Object> scenarios = new ArrayList<>();
        for (ScenarioResult r : results) {
            Map<String, Object> m = scenario(r);
            if (jmc != null) m.put("jmc_analysis", JmcSection.json(r, jmc));
            scenarios.add(m);
        }
        root.put("scenarios", scenarios);
        root.put("cpu_per_call", cpuSummary(results));
        root.put("factors", factors(results));
        return JSON.writeValueAsString(root);
    }

    private static Map<String, Object> scenario(ScenarioResult r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("scenario", r.scenario());
        m.put("repetition", r.repetition());
        m.put("paper_column", r.paperColumn());
        m.put("status", r.status());
        m.put("error", r.error());
        m.put("duration_seconds", r.seconds());
        m.put("calls_succeeded", r.calls());
        m.put("rtt", rtt(r.rtt()));
        m.put("rtt_profiled_pass", rtt(r.profiledRtt()));
        m.put("cpu", cpu(r.cpu()));
        m.put("noise", r.facts().getOrDefault("noise", Map.of()));
        // the round-trip table's noise row in words, for scripts: cut or unsettled warm-up, CV, steal, drift
        m.put("noise_flags", NoiseFlags.scenario(r.scenario(), "primitives-geomean", List.of(r)));
        Map<String, Object> shares = new LinkedHashMap<>();
        for (RoleAttribution role : r.shares().values()) shares.put(role.role(), attribution(role, r.paperColumn()));
        m.put("shares", shares);
        if (!r.companions().isEmpty()) {
            // run --profile cpu,alloc,lock: weights are bytes (alloc) and ns (lock) in the *_samples fields
            Map<String, Object> companions = new LinkedHashMap<>();
            for (Map.Entry<String, RoleAttribution> e : new java.util.TreeMap<>(r.companions()).entrySet()) {
                companions.put(e.getKey(), attribution(e.getValue(), ""));
            }
            m.put("companions", companions);
        }
        Map<String, Object> sizes = new LinkedHashMap<>();
        sizes.put("method", r.sizesNote());
        sizes.put("per_call", r.sizes());
        m.put("message_sizes", sizes);
        m.put("profilers", r.profilers());
        m.put("recordings", r.recordings());
        m.put("facts", r.facts());
        return m;
    }

    private static List<Object> rtt(List<RttStatistics> stats) {
        List<Object> rtt = new ArrayList<>();
        for (RttStatistics s : stats) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("operation", s.operation());
            e.put("mean_micros", s.meanMicros());
            e.put("stddev_micros", Double.isNaN(s.stddevMicros()) ? null : s.stddevMicros());
            e.put("cv_percent", Double.isNaN(s.cvPercent()) ? null : s.cvPercent());
            e.put("invocations", s.invocations());
            e.put("kept_measurements_micros", s.keptMicros());
            interval(e, s.interval());
            rtt.add(e);
        }
        return rtt;
    }

    /** {@code ci_low}, {@code ci_high}, {@code ci_df}: the 95 % interval (null when unknown). */
    private static void interval(Map<String, Object> e, Estimate est) {
        e.put("ci_low", est.known() ? est.low() : null);
        e.put("ci_high", est.known() ? est.high() : null);
        e.put("ci_df", est.known() ? est.df() : null);
    }

    private static List<Object> cpu(List<CpuStatistics> stats) {
        List<Object> out = new ArrayList<>();
        for (CpuStatistics c : stats) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("operation", c.operation());
            e.put("role", c.role());
            e.put("cpu_micros_per_call", c.meanMicros());
            interval(e, c.perCallMicros());
            e.put("invocations", c.invocations());
            e.put("kept_measurements_micros", c.keptMicros());
            out.add(e);
        }
        return out;
    }

    /** Over all repetitions, as in cpu.csv. */
    private static List<Object> cpuSummary(List<ScenarioResult> all) {
        List<Object> out = new ArrayList<>();
        for (Repetitions.Figure f : Repetitions.cpu(all)) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("scenario", f.scenario());
            e.put("operation", f.operation());
            e.put("role", f.role());
            e.put("cpu_micros_per_call", f.estimate().value());
            interval(e, f.estimate());
            e.put("invocations", f.invocations());
            e.put("interval_from", f.repetitions() >= 2 ? f.repetitions() + " repetitions" : "batches of one run");
            out.add(e);
        }
        return out;
    }

    /** The factors table's lines with their intervals and noise flags ({@code too_noisy} true when any). */
    private static List<Object> factors(List<ScenarioResult> all) {
        List<Object> out = new ArrayList<>();
        for (Tables.Factor f : Tables.Factor.of(all, Repetitions.rtt(all), Repetitions.cpu(all))) {
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

    private static Map<String, Object> attribution(RoleAttribution role, String paperColumn) {
        Attribution a = role.attribution();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("events", a.events());
        m.put("total_samples", a.totalSamples());
        m.put("middleware_samples", a.middlewareSamples());
        m.put("jvm_internal_percent_of_all", a.jvmPercent());
        List<Object> mw = new ArrayList<>();
        for (CategoryShare s : a.middleware()) {
            Map<String, Object> e = share(s);
            String paper = PaperFigures.percent(s.category(), paperColumn);
            e.put("paper_row", s.category().paperRow());
            e.put("paper_percent", paper.isEmpty() ? null : paper);
            mw.add(e);
        }
        m.put("middleware_percent", mw);
        List<Object> jvm = new ArrayList<>();
        for (CategoryShare s : a.jvm()) jvm.add(share(s));
        m.put("jvm_percent_of_all", jvm);
        List<Object> recs = new ArrayList<>();
        for (RecordingSummary s : role.recordings()) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("file", s.file());
            e.put("producer", s.producer());
            e.put("events", s.eventCounts());
            e.put("chunks", s.chunks());
            e.put("warnings", s.warnings());
            recs.add(e);
        }
        m.put("recordings", recs);
        return m;
    }

    private static Map<String, Object> share(CategoryShare s) {
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("category", s.category().name());
        e.put("percent", s.percent());
        // 95 %: Wilson over samples, a ratio estimator's interval over bytes or nanoseconds (CategoryShare)
        e.put("ci_low", s.ciLow());
        e.put("ci_high", s.ciHigh());
        e.put("samples", s.samples());
        return e;
    }
}
