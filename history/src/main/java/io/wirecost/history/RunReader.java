package io.wirecost.history;

import com.fasterxml.jackson.databind.JsonNode;
import io.wirecost.diff.ArtifactShares;
import io.wirecost.diff.ResultsFile;
import io.wirecost.diff.RunData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * Reads every figure a run directory holds ({@code run}, {@code attach} and {@code profile} write the same
 * format): CPU per call from cpu.csv with the run's own interval; from results.json round trips, category shares
 * by role (allocation and lock shares under the roles {@code alloc} and {@code lock}), message sizes, run-queue
 * wait per call and JMC's rule scores; artifact shares from the recordings' .artifacts files. A figure measured
 * in several repetitions is stored as their mean with the t interval over them (the spread between fresh JVM
 * pairs); with one repetition, the interval the run computed within it.
 */
public final class RunReader {

    /** A run: its facts and figures. */
    public record StoredRun(RunFacts facts, List<Figure> figures) {}

    private RunReader() {}

    public static StoredRun read(Path dir) throws HistoryException {
        Path file = dir.resolve("results.json");
        RunData data;
        ResultsFile results;
        byte[] bytes;
        try {
            data = RunData.read(dir); // the one validation of the format: a one-line error naming file and field
            results = ResultsFile.read(file);
            bytes = Files.readAllBytes(file);
        } catch (RunData.BadRunException e) {
            throw new HistoryException(e.getMessage());
        } catch (IOException e) {
            throw new HistoryException(
                    file + ": cannot be read (" + e.getClass().getSimpleName() + ")");
        }
        Map<String, List<ResultsFile.Scenario>> byScenario = new LinkedHashMap<>();
        for (ResultsFile.Scenario s : results.scenarios()) {
            if (s.ok())
                byScenario.computeIfAbsent(s.scenario(), k -> new ArrayList<>()).add(s);
        }
        List<Figure> figures = new ArrayList<>();
        data.cpu().forEach((scenario, rows) -> {
            boolean cut =
                    byScenario.getOrDefault(scenario, List.of()).stream().anyMatch(ResultsFile.Scenario::warmupCut);
            rows.forEach((roleOp, f) -> figures.add(new Figure(
                    "cpu/" + scenario + "/" + roleOp, f.micros(), f.ciLowMicros(), f.ciHighMicros(), "us", cut)));
        });
        byScenario.forEach((scenario, reps) -> scenarioFigures(scenario, reps, figures));
        factorFigures(results.factors(), figures);
        ArtifactShares.pooledPercents(dir)
                .forEach((scenario, roles) ->
                        roles.forEach((role, shares) -> shares.forEach((artifact, p) -> figures.add(new Figure(
                                "artifact/" + scenario + "/" + role + "/" + artifact,
                                p,
                                Double.NaN,
                                Double.NaN,
                                "%")))));
        return new StoredRun(RunFactsReader.facts(dir, results.runOrUnknown(), bytes, byScenario), figures);
    }

    /**
     * Per metric, each repetition's {value, ci_low, ci_high, flag}, and each metric's unit. The flag: 0 sound,
     * {@link #NOISY} its run flagged it too noisy, {@link #CUT} timed after a warm-up cut short.
     */
    private record Values(Map<String, List<double[]>> byMetric, Map<String, String> units) {
        Values() {
            this(new LinkedHashMap<>(), new LinkedHashMap<>());
        }

        /** JMC scores rules that do not apply as null, and an unknown interval is null: those are skipped or NaN. */
        void add(String metric, String unit, Double value, Double low, Double high) {
            add(metric, unit, value, low, high, 0);
        }

        void add(String metric, String unit, Double value, Double low, Double high, double flag) {
            if (value == null || !Double.isFinite(value)) return;
            byMetric.computeIfAbsent(metric, k -> new ArrayList<>())
                    .add(new double[] {value, low == null ? Double.NaN : low, high == null ? Double.NaN : high, flag});
            units.put(metric, unit);
        }

        void add(String metric, String unit, JsonNode node, String field) {
            JsonNode v = node.path(field);
            add(metric, unit, v.isNumber() ? v.asDouble() : null, null, null);
        }
    }

    private static void scenarioFigures(String scenario, List<ResultsFile.Scenario> reps, List<Figure> out) {
        Values values = new Values();
        for (ResultsFile.Scenario rep : reps) {
            boolean cut = rep.warmupCut();
            for (ResultsFile.Rtt r : rep.rtt())
                values.add(
                        "rtt/" + scenario + "/" + r.operation(),
                        "us",
                        r.meanMicros(),
                        r.ciLow(),
                        r.ciHigh(),
                        cut
                                ? CUT
                                : r.cvPercent() != null && r.cvPercent() > ResultsFile.Rtt.TOO_NOISY_CV_PERCENT
                                        ? NOISY
                                        : 0);
            shares(values, scenario, rep.shares());
            if (rep.companions() != null) shares(values, scenario, rep.companions());
            for (ResultsFile.Size m : rep.messageSizes().perCall()) {
                String op = m.operation();
                values.add("size/" + scenario + "/" + op + "/request", "bytes", m.requestBytes(), null, null);
                values.add("size/" + scenario + "/" + op + "/response", "bytes", m.responseBytes(), null, null);
            }
            values.add("wait/" + scenario, "us", rep.noise(), "runqueue_wait_micros_per_call");
            if (rep.jmcAnalysis() == null) continue;
            rep.jmcAnalysis().fields().forEachRemaining(role -> {
                for (JsonNode rule : role.getValue().path("rules"))
                    values.add(
                            "jmc/" + scenario + "/" + role.getKey() + "/"
                                    + rule.path("id").asText(),
                            "score",
                            rule,
                            "score");
            });
        }
        values.byMetric()
                .forEach(
                        (metric, v) -> out.add(combine(metric, v, values.units().get(metric))));
    }

    /**
     * The headline factors as the run printed them ({@code factor/A:B/OPERATION/rtt|cpu}, A and B the two scenarios):
     * a ratio of two scenarios measured minutes apart on the same machine, so the history shows how far it moves
     * between runs, which is what an interval meant to cover the next run must span ({@code history coverage}).
     */
    private static void factorFigures(JsonNode factors, List<Figure> out) {
        if (factors == null) return;
        Values values = new Values();
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (JsonNode f : factors) {
            JsonNode scenarios = f.path("scenarios");
            if (scenarios.size() != 2) continue;
            String name = "factor/" + scenarios.get(0).asText() + ":"
                    + scenarios.get(1).asText() + "/" + f.path("operation").asText();
            // a factor two papers both printed is listed once per paper, with the same figures: stored once
            if (!seen.add(name)) continue;
            for (String kind : List.of("rtt", "cpu")) {
                JsonNode k = f.path(kind);
                if (k.path("factor").isNumber())
                    values.add(
                            name + "/" + kind,
                            "x",
                            k.path("factor").asDouble(),
                            k.path("ci_low").isNumber() ? k.path("ci_low").asDouble() : null,
                            k.path("ci_high").isNumber() ? k.path("ci_high").asDouble() : null);
            }
        }
        values.byMetric().forEach((metric, v) -> out.add(combine(metric, v, "x")));
    }

    private static void shares(Values values, String scenario, Map<String, ResultsFile.Shares> byRole) {
        byRole.forEach((role, shares) -> {
            for (ResultsFile.MiddlewareShare c : shares.middlewarePercent())
                values.add(
                        "share/" + scenario + "/" + role + "/" + c.category(), "%", c.percent(), c.ciLow(), c.ciHigh());
        });
    }

    /** A repetition's figure its run flagged too noisy (round trips' CV over the threshold). */
    private static final double NOISY = 1;
    /**
     * A repetition's figure timed after a warm-up cut short ({@link ResultsFile.Scenario#warmupCut}): not noise but a
     * bias, the JIT's progress, which no number of repetitions averages away.
     */
    private static final double CUT = 2;

    /**
     * One repetition: as measured, with its own noise flag; several: their mean, with the t interval over
     * repetitions, which holds the spread of a noisy one but not the bias of a warm-up cut short in any of them.
     */
    static Figure combine(String metric, List<double[]> reps, String unit) {
        if (reps.size() == 1) {
            double[] r = reps.get(0);
            return new Figure(metric, r[0], r[1], r[2], unit, r[3] != 0);
        }
        double[] v = reps.stream().mapToDouble(r -> r[0]).toArray();
        MeanInterval m = MeanInterval.of(v);
        return new Figure(
                metric, m.mean(), m.low(), m.high(), unit, reps.stream().anyMatch(r -> r[3] == CUT));
    }

    /** A mean with its 95 % t interval (NaN bounds for fewer than two values). */
    public record MeanInterval(double mean, double low, double high, int n) {
        public static MeanInterval of(double[] v) {
            int n = v.length;
            double mean = java.util.Arrays.stream(v).average().orElse(Double.NaN);
            if (n < 2) return new MeanInterval(mean, Double.NaN, Double.NaN, n);
            double ss = 0;
            for (double x : v) ss += (x - mean) * (x - mean);
            double half = new TDistribution(n - 1).inverseCumulativeProbability(0.975) * Math.sqrt(ss / (n - 1) / n);
            return new MeanInterval(mean, mean - half, mean + half, n);
        }
    }
}
