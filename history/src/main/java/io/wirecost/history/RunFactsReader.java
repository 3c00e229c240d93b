package io.wirecost.history;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wirecost.diff.ResultsFile;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * A stored run's facts from its results.json: its identity (the file's hash), which command wrote it, when, on
 * which host, CPU and JDK, the machine's mean load and steal over its scenarios, and its settings. These say under
 * what conditions the figures were measured, not what they are, so they are read apart from {@link RunReader}'s
 * figures.
 */
final class RunFactsReader {

    private static final Set<String> COMMANDS = Set.of("run", "attach", "profile", "batch");

    private RunFactsReader() {}

    /**
     * The facts of the run in {@code dir}: {@code bytes} is its results.json (hashed: the run's identity), {@code
     * scenarios} its successful scenarios by name (the noise means are over them).
     */
    static RunFacts facts(
            Path dir, ResultsFile.Run run, byte[] bytes, Map<String, List<ResultsFile.Scenario>> scenarios) {
        Instant started = null;
        try {
            if (run.started() != null) started = Instant.parse(run.started());
        } catch (DateTimeParseException e) {
            try {
                started = java.time.OffsetDateTime.parse(run.started()).toInstant();
            } catch (DateTimeParseException again) {
                started = null; // a hand-edited date: unknown, the time of adding stands in
            }
        }
        List<ResultsFile.Scenario> all =
                scenarios.values().stream().flatMap(List::stream).toList();
        String java = all.stream()
                .map(s -> s.facts()
                        .path("server")
                        .path("java.runtime.version")
                        .asText(s.facts().path("java.runtime.version").asText("")))
                .filter(v -> !v.isEmpty())
                .findFirst()
                // 0: the run did not say (a profile file given to diff)
                .orElse(
                        run.javaFeatureVersion() == null || run.javaFeatureVersion() <= 0
                                ? ""
                                : String.valueOf(run.javaFeatureVersion()));
        JsonNode settings = new ObjectMapper()
                .createObjectNode()
                .<com.fasterxml.jackson.databind.node.ObjectNode>set("settings", ResultsFile.tree(run.settings()))
                .<com.fasterxml.jackson.databind.node.ObjectNode>set("profiler", ResultsFile.tree(run.profiler()))
                .put("cpuAffinity", orEmpty(run.cpuAffinity()))
                .put("configuration", orEmpty(run.configuration()))
                .put("repeat", run.repeat() == null ? 1 : run.repeat())
                .put("network", orEmpty(run.network()));
        String host = orEmpty(run.host());
        return new RunFacts(
                sha256(bytes),
                run.id() == null ? dir.getFileName().toString() : run.id(),
                kind(run),
                dir.toAbsolutePath().normalize().toString(),
                started,
                host,
                run.cpuModel() == null ? MachineFacts.cpuModelIfLocal(host) : run.cpuModel(),
                java,
                run.settings() == null || run.settings().method() == null
                        ? ""
                        : run.settings().method(),
                mean(all, s -> s.noise().path("load_1m_start").asDouble(Double.NaN)),
                mean(all, s -> s.noise().path("steal_percent").asDouble(Double.NaN)),
                mean(all, s -> s.noise().path("busy_percent").asDouble(Double.NaN)),
                settings.toString(),
                run.hostSpeedMbps() == null ? Double.NaN : run.hostSpeedMbps());
    }

    private static String orEmpty(String s) {
        return s == null ? "" : s;
    }

    /** The command that wrote the directory, from the command line results.json records. */
    static String kind(ResultsFile.Run run) {
        if (run.commandLine() != null) for (String a : run.commandLine()) if (COMMANDS.contains(a)) return a;
        return run.settings() != null ? "run" : "external";
    }

    private static double mean(List<ResultsFile.Scenario> nodes, ToDoubleFunction<ResultsFile.Scenario> f) {
        return nodes.stream().mapToDouble(f).filter(Double::isFinite).average().orElse(Double.NaN);
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
