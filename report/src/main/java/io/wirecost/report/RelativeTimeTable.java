package io.wirecost.report;

import io.wirecost.attribution.Attribution;
import io.wirecost.attribution.Category;
import io.wirecost.attribution.CategoryShare;
import io.wirecost.attribution.RuleSet;
import io.wirecost.attribution.SampleMode;
import io.wirecost.runner.ScenarioResult;
import java.util.ArrayList;
import java.util.List;

/** Relative time by category, today beside seed 000's Table 3 where a scenario has a column in it. */
public final class RelativeTimeTable {

    private RelativeTimeTable() {}

    /**
     * Categories as rows; for each scenario today's share (client and server samples together) and,
     * where the scenario has a column in seed 000's Table 3, the paper's figure beside it. The heading names the
     * samples as {@code mode} counted them: a wall-clock run's shares are of wall samples, not CPU samples. Where no
     * scenario has a paper column (today's transports, a program of one's own under {@code profile} or {@code attach}),
     * the table names no paper: its row names would read as the 2005 packages of a program that never ran them.
     */
    public static Table relativeTime(List<ScenarioResult> results, RuleSet rules, String role, SampleMode mode) {
        List<ScenarioResult> shown =
                results.stream().filter(r -> r.shares().containsKey(role)).toList();
        boolean paper = PaperFigures.anyColumn(shown);
        List<String> header = new ArrayList<>(List.of(paper ? "category (paper row)" : "category"));
        for (ScenarioResult r : shown) {
            header.add(Cells.label(r));
            if (!r.paperColumn().isEmpty()) header.add("paper " + r.paperColumn());
        }
        List<List<String>> rows = new ArrayList<>();
        for (Category c : rules.categories()) {
            if (!c.isMiddleware()) continue;
            List<String> row = new ArrayList<>(
                    List.of(c.title() + (!paper || c.paperRow().isEmpty() ? "" : " (" + c.paperRow() + ")")));
            boolean any = false;
            for (ScenarioResult r : shown) {
                Attribution a = r.shares().get(role).attribution();
                CategoryShare s = a.share(c.name()).orElseThrow();
                row.add(Cells.pct(s.percent()));
                any |= s.samples() > 0;
                if (!r.paperColumn().isEmpty()) {
                    String p = PaperFigures.percent(c, r.paperColumn());
                    any |= !p.isEmpty() && !p.equals("0.00");
                    row.add(p.isEmpty() ? "-" : p);
                }
            }
            if (any) rows.add(row);
        }
        List<String> samples = new ArrayList<>(List.of("middleware samples"));
        // one row rather than an interval in every cell: twenty columns of "48.32 [47.0, 49.6]" would not read;
        // each share's own interval is in shares.csv, results.json and report.html
        List<String> widest = new ArrayList<>(List.of("95 % interval of a share, widest (± points)"));
        List<String> jvm = new ArrayList<>(List.of("JVM-internal (GC, JIT, VM) and harness, % of all samples"));
        for (ScenarioResult r : shown) {
            Attribution a = r.shares().get(role).attribution();
            samples.add(String.valueOf(a.middlewareSamples()));
            widest.add(a.middlewareSamples() > 0 ? Cells.pct(widestHalfWidth(a.middleware())) : "-");
            jvm.add(Cells.pct(a.jvmPercent()));
            if (!r.paperColumn().isEmpty()) {
                samples.add("");
                widest.add("");
                jvm.add("");
            }
        }
        rows.add(samples);
        rows.add(widest);
        rows.add(jvm);
        String intervals =
                "Shares' 95 % intervals: Wilson over the samples, each in shares.csv (ci_low, ci_high) and results.json.";
        List<String> notes = new ArrayList<>(List.of(
                paper
                        ? "Categories with no samples today and none in the paper are omitted. "
                                + "Paper: JDK 1.4.2, OptimizeIt/Enerjy, '<0.10' as printed. " + intervals
                        : "Categories with no samples are omitted. " + intervals));
        for (ScenarioResult r : shown) {
            notes.add(r.scenario() + ": " + r.shares().get(role).attribution().events());
            for (String n : ContentionNotes.of(r.shares().get(role).recordings())) notes.add(r.scenario() + ": " + n);
        }
        return new Table(
                "Relative time by category, % of middleware " + mode.samplesWord() + " samples (role: " + role + ")"
                        + (paper ? ", today vs seed 000 Table 3" : ""),
                header,
                rows,
                notes);
    }

    /** The largest distance from a share to either end of its 95 % interval, in percentage points. */
    static double widestHalfWidth(List<CategoryShare> shares) {
        double w = 0;
        for (CategoryShare s : shares) {
            if (Double.isNaN(s.ciLow()) || Double.isNaN(s.ciHigh())) continue;
            w = Math.max(w, Math.max(s.percent() - s.ciLow(), s.ciHigh() - s.percent()));
        }
        return w;
    }
}
