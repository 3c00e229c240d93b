package io.wirecost.history;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wirecost.diff.ArtifactShares;
import io.wirecost.diff.RunData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;
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

    private static final Set<String> COMMANDS = Set.of("run", "attach", "profile", "batch");

    /** A run: its facts and figures. */
    public record StoredRun(RunFacts facts, List<Figure> figures) {}

    private RunReader() {}

    public static StoredRun read(Path dir) throws HistoryException {
        Path file = dir.resolve("results.json");
        RunData data;
        try {
            data = RunData.read(dir); // the one validation of the format: a one-line error naming file and field
        } catch (RunData.BadRunException e) {
            throw new HistoryException(e.getMessage());
        }
        JsonNode root;
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
            root = new ObjectMapper().readTree(bytes);
        } catch (IOException e) {
            throw new HistoryException(
                    file + ": cannot be read (" + e.getClass().getSimpleName() + ")");
        }
        Map<String, List<JsonNode>> byScenario = new LinkedHashMap<>();
        for (JsonNode s : root.path("scenarios")) {
            if ("ok".equals(s.path("status").asText()))
                byScenario
                        .computeIfAbsent(s.path("scenario").asText(), k -> new ArrayList<>())
                        .add(s);
        }
        List<Figure> figures = new ArrayList<>();
        data.cpu()
                .forEach((scenario, rows) -> rows.forEach((roleOp, f) -> figures.add(new Figure(
                        "cpu/" + scenario + "/" + roleOp, f.micros(), f.ciLowMicros(), f.ciHighMicros(), "us"))));
        byScenario.forEach((scenario, reps) -> scenarioFigures(scenario, reps, figures));
        ArtifactShares.pooledPercents(dir)
                .forEach((scenario, roles) ->
                        roles.forEach((role, shares) -> shares.forEach((artifact, p) -> figures.add(new Figure(
                                "artifact/" + scenario + "/" + role + "/" + artifact,
                                p,
                                Double.NaN,
                                Double.NaN,
                                "%")))));
        return new StoredRun(facts(dir, root, bytes, byScenario), figures);
    }

    private static void scenarioFigures(String scenario, List<JsonNode> reps, List<Figure> out) {
        Map<String, List<double[]>> values = new LinkedHashMap<>(); // metric -> per repetition {value, lo, hi}
        Map<String, String> units = new LinkedHashMap<>();
        for (JsonNode rep : reps) {
            for (JsonNode r : rep.path("rtt"))
                add(values, units, "rtt/" + scenario + "/" + r.path("operation").asText(), "us", r, "mean_micros");
            shares(values, units, scenario, rep.path("shares"));
            shares(values, units, scenario, rep.path("companions"));
            for (JsonNode m : rep.path("message_sizes").path("per_call")) {
                String op = m.path("operation").asText();
                add(values, units, "size/" + scenario + "/" + op + "/request", "bytes", m, "requestBytes");
                add(values, units, "size/" + scenario + "/" + op + "/response", "bytes", m, "responseBytes");
            }
            JsonNode noise = rep.path("noise");
            add(values, units, "wait/" + scenario, "us", noise, "runqueue_wait_micros_per_call");
            rep.path("jmc_analysis").fields().forEachRemaining(role -> {
                for (JsonNode rule : role.getValue().path("rules"))
                    add(
                            values,
                            units,
                            "jmc/" + scenario + "/" + role.getKey() + "/"
                                    + rule.path("id").asText(),
                            "score",
                            rule,
                            "score");
            });
        }
        values.forEach((metric, v) -> out.add(combine(metric, v, units.get(metric))));
    }

    private static void shares(
            Map<String, List<double[]>> values, Map<String, String> units, String scenario, JsonNode byRole) {
        byRole.fields().forEachRemaining(role -> {
            for (JsonNode c : role.getValue().path("middleware_percent"))
                add(
                        values,
                        units,
                        "share/" + scenario + "/" + role.getKey() + "/"
                                + c.path("category").asText(),
                        "%",
                        c,
                        "percent");
        });
    }

    private static void add(
            Map<String, List<double[]>> values,
            Map<String, String> units,
            String metric,
            String unit,
            JsonNode node,
            String field) {
        JsonNode v = node.path(field);
        if (!v.isNumber() || !Double.isFinite(v.asDouble())) return; // JMC scores rules that do not apply as null
        JsonNode lo = node.path("ci_low");
        JsonNode hi = node.path("ci_high");
        values.computeIfAbsent(metric, k -> new ArrayList<>()).add(new double[] {
            v.asDouble(), lo.isNumber() ? lo.asDouble() : Double.NaN, hi.isNumber() ? hi.asDouble() : Double.NaN
        });
        units.put(metric, unit);
    }

    /** One repetition: as measured; several: their mean, with the t interval over repetitions. */
    static Figure combine(String metric, List<double[]> reps, String unit) {
        if (reps.size() == 1) return new Figure(metric, reps.get(0)[0], reps.get(0)[1], reps.get(0)[2], unit);
        double[] v = reps.stream().mapToDouble(r -> r[0]).toArray();
        MeanInterval m = MeanInterval.of(v);
        return new Figure(metric, m.mean(), m.low(), m.high(), unit);
    }

    private static RunFacts facts(Path dir, JsonNode root, byte[] bytes, Map<String, List<JsonNode>> scenarios) {
        JsonNode run = root.path("run");
        Instant started = null;
        try {
            if (run.path("started").isTextual())
                started = Instant.parse(run.path("started").asText());
        } catch (DateTimeParseException e) {
            try {
                started = java.time.OffsetDateTime.parse(run.path("started").asText())
                        .toInstant();
            } catch (DateTimeParseException again) {
                started = null; // a hand-edited date: unknown, the time of adding stands in
            }
        }
        List<JsonNode> all = scenarios.values().stream().flatMap(List::stream).toList();
        String java = all.stream()
                .map(s -> s.path("facts")
                        .path("server")
                        .path("java.runtime.version")
                        .asText(s.path("facts").path("java.runtime.version").asText("")))
                .filter(v -> !v.isEmpty())
                .findFirst()
                .orElse(run.path("javaFeatureVersion").asText(""));
        JsonNode settings = new ObjectMapper()
                .createObjectNode()
                .<com.fasterxml.jackson.databind.node.ObjectNode>set("settings", run.path("settings"))
                .<com.fasterxml.jackson.databind.node.ObjectNode>set("profiler", run.path("profiler"))
                .put("cpuAffinity", run.path("cpuAffinity").asText(""))
                .put("configuration", run.path("configuration").asText(""))
                .put("repeat", run.path("repeat").asInt(1))
                .put("network", run.path("network").asText(""));
        String host = run.path("host").asText("");
        return new RunFacts(
                sha256(bytes),
                run.path("id").asText(dir.getFileName().toString()),
                kind(run),
                dir.toAbsolutePath().normalize().toString(),
                started,
                host,
                run.path("cpuModel").asText(MachineFacts.cpuModelIfLocal(host)),
                java,
                run.path("settings").path("method").asText(""),
                mean(all, s -> s.path("noise").path("load_1m_start").asDouble(Double.NaN)),
                mean(all, s -> s.path("noise").path("steal_percent").asDouble(Double.NaN)),
                mean(all, s -> s.path("noise").path("busy_percent").asDouble(Double.NaN)),
                settings.toString());
    }

    /** The command that wrote the directory, from the command line results.json records. */
    static String kind(JsonNode run) {
        for (JsonNode a : run.path("commandLine")) if (COMMANDS.contains(a.asText())) return a.asText();
        return run.path("settings").isObject() ? "run" : "external";
    }

    private static double mean(List<JsonNode> nodes, ToDoubleFunction<JsonNode> f) {
        return nodes.stream().mapToDouble(f).filter(Double::isFinite).average().orElse(Double.NaN);
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
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
