package io.wirecost.report;

import io.wirecost.runner.Counts;
import io.wirecost.runner.RunSettings;
import io.wirecost.runner.ScenarioResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The method a run used and, per scenario, the counts it actually measured with (results.json's
 * {@code facts.counts}, {@code facts.profiled_batches} and {@code facts.profiled_invocations}). The settings'
 * counts are only what was asked: the adaptive method warms up until the pace settles and sizes its batches by
 * time, and {@code --quick} cuts both to a time budget, so a header that printed the settings' "warm-up 5000 per
 * type, 12 x 1000" described none of the scenarios it headed.
 */
public final class CountsTable {

    private static final com.fasterxml.jackson.databind.ObjectMapper JSON =
            new com.fasterxml.jackson.databind.ObjectMapper();

    private CountsTable() {}

    /** The method in words, with the counts the settings fix (the papers' and explicit counts) or bound. */
    public static String method(RunSettings s) {
        return switch (s.method()) {
            case ADAPTIVE ->
                "adaptive: warm-up until the pace per call settles (at most 120 s), batches of about 250 ms "
                        + "(at most 1,000 calls, 12 to 40 per type), min and max dropped";
            case QUICK ->
                "quick: warm-up at most " + s.warmupCalls() + " calls per type or 5 s, " + s.reps()
                        + " batches per type sized to about 3 s for all types (at most 1,000 calls each), "
                        + "min and max dropped";
            case PAPER ->
                "paper: warm-up " + s.warmupCalls() + " calls per type, " + s.reps() + " x " + s.invocations()
                        + " calls per type, min and max dropped";
        };
    }

    /** One row per scenario and repetition: the counts each used. */
    public static Table table(List<ScenarioResult> all) {
        boolean repeated = all.stream().anyMatch(r -> r.repetition() > 1);
        List<List<String>> rows = new ArrayList<>();
        for (ScenarioResult r : all) {
            Map<String, Object> c = counts(r);
            if (c == null) continue;
            List<String> row = new ArrayList<>();
            row.add(r.scenario() + (repeated ? " #" + r.repetition() : ""));
            row.add(String.valueOf(c.get("method")));
            row.add(String.valueOf(c.get("warmupCalls")));
            Object settled = c.get("settled");
            row.add(settled == null ? "-" : ((Boolean) settled ? "yes" : "no (bound)"));
            row.add(c.get("reps") + " x " + c.get("invocations"));
            Integer pb = r.facts().profiledBatches();
            Integer pi = r.facts().profiledInvocations();
            row.add(pb == null || pi == null ? "-" : pb + " x " + pi);
            row.add(String.valueOf(c.get("sizeCalls")));
            rows.add(row);
        }
        return new Table(
                "Counts used, per data type",
                List.of(
                        "scenario",
                        "method",
                        "warm-up calls",
                        "settled",
                        "timed batches x calls",
                        "profiled batches x calls",
                        "size calls"),
                rows,
                List.of(
                        "Warm-up calls include the 20-call probe (5 with --quick); the message-size pass's calls come on "
                                + "top. results.json: facts.counts, facts.profiled_batches, facts.profiled_invocations."));
    }

    /** facts.counts by the names results.json gives them; null if absent. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> counts(ScenarioResult r) {
        Counts counts = r.facts().counts();
        return counts == null ? null : JSON.convertValue(counts, Map.class);
    }
}
