package io.wirecost.report;

import io.wirecost.attribution.EndpointCost;
import io.wirecost.attribution.RecordingException;
import io.wirecost.attribution.RequestLog;
import io.wirecost.attribution.RuleSet;
import io.wirecost.diff.EndpointCsv;
import io.wirecost.diff.ResultsFile;
import io.wirecost.runner.ScenarioResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The run's "CPU per request by endpoint" table ({@code run --profile cpu,endpoints}): for every recording with the
 * agent's request log beside it, each endpoint's CPU per request with its 95 % interval, its requests and the
 * category that costs it most, then the share of the recording's samples no request ran on. The same figures as
 * {@code attribute --by endpoint} on that recording ({@link EndpointCost}), with the same note where itimer or ctimer
 * sampled it.
 */
public final class EndpointTable {

    public static final String TITLE = "CPU per request by endpoint (µs, 95 % interval)";

    private EndpointTable() {}

    /** Whether any recording of the run has a request log beside it. */
    public static boolean present(Path runDir, List<ScenarioResult> results) {
        return !logged(runDir, results).isEmpty();
    }

    public static Table of(Path runDir, List<ScenarioResult> results, RuleSet rules) {
        Map<String, Path> recordings = logged(runDir, results);
        if (recordings.isEmpty())
            return Table.notMeasured(
                    TITLE, "no recording has a .requests file beside it (run --profile cpu,endpoints)");
        List<List<String>> body = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        // the sampler's note, and the recordings it applies to: stated once, first, where it applies to them all
        Map<String, List<String>> biased = new LinkedHashMap<>();
        for (Map.Entry<String, Path> rec : recordings.entrySet()) {
            EndpointCost cost;
            try {
                EndpointReading reading = EndpointReading.of(rec.getValue(), rules);
                cost = reading.cost();
                if (reading.samplerNote() != null)
                    biased.computeIfAbsent(reading.samplerNote(), n -> new ArrayList<>())
                            .add(rec.getKey());
            } catch (IOException | RecordingException | IllegalStateException e) {
                notes.add(rec.getKey() + ": not read: " + e.getMessage());
                continue;
            }
            if (cost.requests() == 0) {
                // a client JVM serves no request; a server that served none while it recorded is worth a word
                if (rec.getKey().endsWith("/server")) notes.add(rec.getKey() + ": no request ended while it recorded");
                continue;
            }
            List<EndpointCost.Row> all = cost.rows().stream()
                    .filter(r -> r.category().equals(EndpointCost.ALL))
                    .sorted(Comparator.comparingDouble(EndpointCost.Row::perRequest)
                            .reversed())
                    .toList();
            for (EndpointCost.Row r : all) {
                EndpointCost.Row top = cost.rows(r.endpoint()).stream()
                        .filter(c -> !c.category().equals(EndpointCost.ALL))
                        .max(Comparator.comparingLong(EndpointCost.Row::samples))
                        .orElse(null);
                body.add(List.of(
                        rec.getKey(),
                        r.endpoint(),
                        String.format(Locale.ROOT, "%.1f", r.perRequest()),
                        String.format(Locale.ROOT, "[%.1f, %.1f]", r.ciLow(), r.ciHigh()),
                        String.valueOf(r.requests()),
                        top == null ? "·" : String.format(Locale.ROOT, "%s %.1f", top.category(), top.perRequest()),
                        r.samples() < EndpointReport.FEW_SAMPLES ? "few samples" : ""));
            }
            double[] na = cost.notAttributedPercent();
            notes.add(String.format(
                    Locale.ROOT,
                    "%s: %.1f %% [%.1f, %.1f] of %d samples not attributed to an endpoint (other threads: the"
                            + " transport's event loops, work handed off, between requests)",
                    rec.getKey(),
                    na[0],
                    na[1],
                    na[2],
                    cost.samples()));
        }
        if (body.isEmpty()) {
            // a header over no row would say nothing; what the boundaries count is what a user checks first
            List<String> why = new ArrayList<>();
            why.add("no request ended in any recording (the boundaries count requests to servlets, JAX-RS resources,"
                    + " Spring MVC handlers and gRPC services)");
            why.addAll(notes);
            return new Table(TITLE, List.of(), List.of(), why);
        }
        notes.add("./wirecost attribute RECORDING --by endpoint: every category of every endpoint");
        List<String> first = new ArrayList<>();
        biased.forEach((note, recs) ->
                first.add(recs.size() == recordings.size() ? note : String.join(", ", recs) + ": " + note));
        return new Table(
                TITLE,
                List.of(
                        "recording",
                        "endpoint",
                        "µs/request",
                        "95 % interval",
                        "requests",
                        "top category (µs)",
                        "note"),
                body,
                Stream.concat(first.stream(), notes.stream()).toList());
    }

    /**
     * {@code endpoints.csv} ({@link EndpointCsv#HEADER}): every repetition's server endpoints, the whole cost
     * ({@code all}) of each, for {@code diff}'s per-endpoint lines. A recording that cannot be read has no rows:
     * the run's tables say why.
     */
    public static String csv(Path runDir, List<ScenarioResult> all, RuleSet rules) {
        StringBuilder out = new StringBuilder(EndpointCsv.HEADER).append('\n');
        for (ScenarioResult r : all) {
            // a scenario's server; a JVM profiled by attach or profile has one recording, role all
            String server = r.recordings().getOrDefault("server", r.recordings().get("all"));
            if (server == null || runDir == null) continue;
            Path file = runDir.resolve(server);
            if (!Files.isRegularFile(file) || !Files.isRegularFile(RequestLog.beside(file))) continue;
            EndpointCost cost;
            try {
                cost = EndpointReading.of(file, rules).cost();
            } catch (IOException | RecordingException | IllegalStateException e) {
                continue;
            }
            for (EndpointCost.Row row : cost.rows()) {
                if (!row.category().equals(EndpointCost.ALL)) continue;
                out.append(r.scenario())
                        .append(',')
                        .append(r.repetition())
                        .append(',')
                        .append(Csv.field(row.endpoint()))
                        .append(String.format(
                                Locale.ROOT,
                                ",%.3f,%.3f,%.3f,%d%n",
                                row.perRequest(),
                                row.ciLow(),
                                row.ciHigh(),
                                row.requests()));
            }
        }
        return out.toString();
    }

    /**
     * The sampler behind the run's endpoint figures, for results.json; null where no recording has a request log or
     * none could be read. Decided here, from each recording's own event setting, for the table and results.json alike:
     * the run's profiler settings say what was asked, and the agent samples with itimer where the kernel refuses cpu.
     */
    public static ResultsFile.EndpointSampler sampler(Path runDir, List<ScenarioResult> results, RuleSet rules) {
        Set<String> events = new TreeSet<>();
        Set<String> notes = new LinkedHashSet<>();
        boolean read = false;
        for (Path recording : logged(runDir, results).values()) {
            EndpointReading r;
            try {
                r = EndpointReading.of(recording, rules);
            } catch (IOException | RecordingException | IllegalStateException e) {
                continue; // the table says why
            }
            read = true;
            if (r.event() != null) events.add(r.event());
            if (r.samplerNote() != null) notes.add(r.samplerNote());
        }
        if (!read) return null;
        return new ResultsFile.EndpointSampler(
                events.isEmpty() ? null : String.join(",", events), notes.isEmpty() ? null : String.join("; ", notes));
    }

    /** scenario/role to recording, for the recordings with a request log beside them. */
    private static Map<String, Path> logged(Path runDir, List<ScenarioResult> results) {
        Map<String, Path> out = new TreeMap<>();
        if (runDir == null) return out;
        for (ScenarioResult r : results) {
            for (Map.Entry<String, String> rec : r.recordings().entrySet()) {
                Path file = runDir.resolve(rec.getValue());
                if (Files.isRegularFile(file) && Files.isRegularFile(RequestLog.beside(file)))
                    out.put(r.scenario() + "/" + rec.getKey(), file);
            }
        }
        return out;
    }
}
