package io.wirecost.diff;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code wirecost diff} needs from a run's {@code results.json}, per scenario and repetition.
 * Strict: anything else than a wirecost results file is a one-line error naming the file and field.
 *
 * @param failed the scenarios the run records as failed (none of their figures are in {@code scenarios}), each with
 *     the first line of its error, "" where it gives none
 */
public record RunData(
        Path dir,
        String label,
        Map<String, List<Repetition>> scenarios,
        Map<String, Map<String, CpuCsv.Figure>> cpu,
        Map<String, String> protocol,
        Session session,
        Map<String, Map<String, EndpointCsv.Endpoint>> endpoints,
        Map<String, String> failed) {

    /**
     * When and where the run measured, as far as results.json says (older runs and hand-made files lack it).
     *
     * @param started  when the run began; null where unknown
     * @param host     the machine's name; empty where unknown
     * @param seconds  how long its scenarios took, repetitions included (0 where unknown)
     */
    public record Session(Instant started, String host, double seconds) {

        static Session of(ResultsFile.Run run, List<ResultsFile.Scenario> scenarios) {
            Instant started = null;
            try {
                if (run.started() != null) started = Instant.parse(run.started());
            } catch (DateTimeParseException e) {
                started = null; // a hand-edited date: treated as unknown, like an older run's
            }
            double seconds = 0;
            for (ResultsFile.Scenario s : scenarios) seconds += s.durationSeconds() == null ? 0 : s.durationSeconds();
            return new Session(started, run.host() == null ? "" : run.host(), seconds);
        }
    }

    /**
     * One repetition (a fresh JVM pair) of one scenario.
     *
     * @param waitMicrosPerCall run-queue wait of both JVMs per call in the timed pass (NaN: not recorded, older runs)
     * @param warmupCutToCalls  the warm-up calls per type where the run cut the warm-up short
     *                          ({@link ResultsFile.Scenario#warmupCut}), -1 where it did not or does not say
     */
    public record Repetition(
            int number,
            Map<String, Double> rttMeanMicros,
            Map<String, List<Double>> rttKeptMicros,
            Map<String, Map<String, long[]>> shares,
            Map<String, Double> sizeBytes,
            double waitMicrosPerCall,
            long warmupCutToCalls) {

        public boolean warmupCut() {
            return warmupCutToCalls >= 0;
        }
    }

    /** Weight of each middleware category and the middleware total, by role (or companion kind). */
    private static void weights(
            Path file, Map<String, ResultsFile.Shares> byRole, Map<String, Map<String, long[]>> into)
            throws BadRunException {
        if (byRole == null) return;
        for (Map.Entry<String, ResultsFile.Shares> role : byRole.entrySet()) {
            Map<String, long[]> byCategory = new LinkedHashMap<>();
            long total = role.getValue().middlewareSamplesOrZero();
            for (ResultsFile.MiddlewareShare c : role.getValue().middlewarePercent()) {
                byCategory.put(text(file, c.category(), "category"), new long[] {c.samplesOrZero(), total});
            }
            into.put(role.getKey(), byCategory);
        }
    }

    /** Thrown for unusable input; the message is one line. */
    public static final class BadRunException extends Exception {
        private static final long serialVersionUID = 1L;

        public BadRunException(String message) {
            super(message);
        }
    }

    /** Repetitions of a scenario on this side (0 when absent). */
    public int repetitions(String scenario) {
        return scenarios.getOrDefault(scenario, List.of()).size();
    }

    public static RunData read(Path dirOrFile) throws BadRunException {
        Path file = Files.isDirectory(dirOrFile) ? dirOrFile.resolve("results.json") : dirOrFile;
        ResultsFile results = ResultsFile.read(file);
        Map<String, List<Repetition>> scenarios = new LinkedHashMap<>();
        Map<String, String> failed = new LinkedHashMap<>();
        for (ResultsFile.Scenario s : results.scenarios()) {
            String name = text(file, s.scenario(), "scenario");
            if (!s.ok()) { // a failed scenario has nothing to compare, but the diff says it was not compared
                String error = s.error() == null
                        ? ""
                        : s.error().strip().lines().findFirst().orElse("");
                failed.putIfAbsent(name, error);
                continue;
            }
            Map<String, Double> means = new LinkedHashMap<>();
            Map<String, List<Double>> kept = new LinkedHashMap<>();
            for (ResultsFile.Rtt r : s.rtt()) {
                String op = text(file, r.operation(), "operation");
                if (r.meanMicros() == null)
                    throw new BadRunException(file + ": field 'mean_micros' missing or not a number");
                means.put(op, r.meanMicros());
                kept.put(op, r.keptMeasurementsMicros());
            }
            Map<String, Map<String, long[]>> shares = new LinkedHashMap<>();
            weights(file, s.shares(), shares);
            // run --profile cpu,alloc,lock: bytes and ns by category, under the keys alloc and lock
            // (no role is called that), so that the diff compares them as shares too
            weights(file, s.companions(), shares);
            Map<String, Double> sizes = new LinkedHashMap<>();
            for (ResultsFile.Size m : s.messageSizes().perCall())
                sizes.put(text(file, m.operation(), "operation"), m.totalBytes());
            JsonNode wait = s.facts().path("noise").path("runqueue_wait_micros_per_call");
            scenarios
                    .computeIfAbsent(name, k -> new ArrayList<>())
                    .add(new Repetition(
                            s.repetitionOrFirst(),
                            means,
                            kept,
                            shares,
                            sizes,
                            wait.isNumber() ? wait.asDouble() : Double.NaN,
                            s.warmupCutToCalls()));
        }
        if (scenarios.isEmpty()) throw new BadRunException(file + ": no successful scenario to compare");
        ResultsFile.Run run = results.runOrUnknown();
        String label = run.configuration() == null ? "" : run.configuration();
        return new RunData(
                dirOrFile,
                label.isEmpty() ? dirOrFile.getFileName().toString() : label,
                scenarios,
                CpuCsv.read(file.toAbsolutePath().getParent().resolve("cpu.csv")),
                RunProtocol.of(run, results.endpointSampler()),
                Session.of(run, results.scenarios()),
                EndpointCsv.read(file.toAbsolutePath().getParent().resolve("endpoints.csv")),
                failed);
    }

    /**
     * Why each scenario of either run is not compared: measured on one side only, or failed on one; empty when both
     * hold every scenario. A candidate that lost a scenario the baseline measured must not pass as if it had none.
     */
    static Map<String, String> notCompared(RunData base, RunData cand) {
        Map<String, String> out = new LinkedHashMap<>();
        base.scenarios.keySet().stream()
                .filter(s -> !cand.scenarios.containsKey(s))
                .forEach(s -> out.put(s, oneSided(s, "baseline", "candidate", cand)));
        cand.scenarios.keySet().stream()
                .filter(s -> !base.scenarios.containsKey(s))
                .forEach(s -> out.put(s, oneSided(s, "candidate", "baseline", base)));
        return out;
    }

    private static String oneSided(String scenario, String measuredIn, String lackingIn, RunData lacking) {
        String error = lacking.failed.get(scenario);
        if (error == null) return "measured in the " + measuredIn + " only";
        return "failed in the " + lackingIn + (error.isEmpty() ? "" : " (" + error + ")");
    }

    /** The scenarios both runs measured, in the baseline's order. */
    List<String> compared(RunData other) {
        return scenarios.keySet().stream().filter(other.scenarios::containsKey).toList();
    }

    private static String text(Path file, String value, String field) throws BadRunException {
        if (value == null) throw new BadRunException(file + ": field '" + field + "' missing or not text");
        return value;
    }
}
