package io.wirecost.cli.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.wirecost.runner.AtomicFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What {@code bench gate} found: its comparisons, the rates they give, and gate.json, which holds both. */
final class GateSummary {

    /**
     * One comparison: its exit status, why the diff withheld its verdict (diff.json's {@code verdict}: its sides met
     * different contention, or a scenario had no gating line; empty where it gave one), and the machine's load when
     * its runs started.
     */
    record Comparison(int pair, String kind, int exit, String noVerdict, double loadBefore) {

        boolean withheld() {
            return !noVerdict.isEmpty();
        }
    }

    /**
     * The line that counts the diffs that gave no verdict, with each distinct reason once; empty when every diff gave
     * one. Such a diff exits 0, so it would pass for an A/A without alarm and an injection missed: the line says why.
     */
    static String withheldLine(List<Comparison> done) {
        List<String> why = done.stream()
                .filter(Comparison::withheld)
                .map(Comparison::noVerdict)
                .distinct()
                .toList();
        if (why.isEmpty()) return "";
        return done.stream().filter(Comparison::withheld).count()
                + " diffs gave no verdict (exit 0, counted as no alarm and no detection): " + String.join("; ", why);
    }

    private GateSummary() {}

    /**
     * gate.json: the rates over the pairs done so far, with their two-sided intervals and the one-sided bounds a goal
     * such as "at most 5 %" is checked against ({@link Proportion#atMost}); {@code pairs_done} below
     * {@code pairs_asked} marks a bench that did not finish.
     */
    static void write(Path dir, String settings, double injected, int pairsAsked, int pairsDone, List<Comparison> done)
            throws IOException {
        Proportion falseAlarms = rate(done, "aa");
        Proportion detections = rate(done, "injected");
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("settings", settings);
        json.put("injected_cpu_micros_per_call", injected);
        json.put("pairs_asked", pairsAsked);
        json.put("pairs_done", pairsDone);
        json.put("false_alarms", falseAlarms);
        json.put("false_alarms_at_most_one_sided_95", falseAlarms.atMost());
        json.put("detections", detections);
        json.put("detections_at_least_one_sided_95", detections.atLeast());
        json.put("comparisons", done);
        AtomicFiles.write(
                dir.resolve("gate.json"),
                new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(json) + "\n");
    }

    /** The share of a kind's diffs that exit 1, over those that gave an answer (exit 0 or 1). */
    static Proportion rate(List<Comparison> done, String kind) {
        List<Comparison> k = done.stream()
                .filter(c -> c.kind().equals(kind) && c.exit() <= 1)
                .toList();
        return Proportion.of((int) k.stream().filter(c -> c.exit() == 1).count(), k.size());
    }
}
