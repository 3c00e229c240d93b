package io.wirecost.cli.diff;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The diff as Markdown ready to post as a pull-request comment, or as JSON. */
public final class DiffReport {

    private final RunData base;
    private final RunData cand;
    private final List<DiffLine> lines;
    private final RunDiff.Thresholds thresholds;

    public DiffReport(RunData base, RunData cand, List<DiffLine> lines, RunDiff.Thresholds thresholds) {
        this.base = base;
        this.cand = cand;
        this.lines = lines;
        this.thresholds = thresholds;
    }

    public long regressions() {
        return lines.stream().filter(l -> l.verdict() == DiffLine.Verdict.REGRESSION).count();
    }

    public long improvements() {
        return lines.stream().filter(l -> l.verdict() == DiffLine.Verdict.IMPROVEMENT).count();
    }

    public String summary() {
        long regressions = regressions();
        return String.format(Locale.ROOT, "%s **wirecost diff**: %d regression%s, %d improvement%s, %d without change (%s vs %s; %s)",
                regressions > 0 ? ":red_circle:" : ":white_check_mark:", regressions, regressions == 1 ? "" : "s",
                improvements(), improvements() == 1 ? "" : "s", lines.size() - regressions - improvements(),
                base.label(), cand.label(), String.join(", ", base.scenarios().keySet()));
    }

    public String markdown() {
        StringBuilder sb = new StringBuilder(summary()).append("\n\n");
        List<DiffLine> changed = lines.stream().filter(DiffLine::changed).toList();
        if (changed.isEmpty()) {
            sb.append("No line changed beyond its threshold with 95 % confidence.\n\n");
        } else {
            table(sb, changed);
        }
        sb.append(String.format(Locale.ROOT, "Verdicts need the 95 %% interval to exclude no change and the change to exceed "
                + "%.1f %% (time), %.1f points (shares) or %.1f %% (message size).%n%n",
                thresholds.rttPercent(), thresholds.sharePoints(), thresholds.sizePercent()));
        sb.append("<details><summary>All ").append(lines.size()).append(" comparisons</summary>\n\n");
        table(sb, lines);
        sb.append("</details>\n");
        return sb.toString();
    }

    private static void table(StringBuilder sb, List<DiffLine> rows) {
        sb.append("| scenario | what | baseline | candidate | change | 95 % CI | verdict |\n|---|---|---:|---:|---:|---|---|\n");
        for (DiffLine l : rows) {
            String unit = l.kind().equals("share") ? " pp" : " %";
            sb.append(String.format(Locale.ROOT, "| %s | %s %s | %.2f %s | %.2f %s | %+.1f%s | %s | %s |%n", l.scenario(), l.kind(), l.metric(),
                    l.baseline(), l.unit(), l.candidate(), l.unit(), l.change(), unit,
                    Double.isNaN(l.ciLow()) ? "n/a" : String.format(Locale.ROOT, "%+.1f to %+.1f", l.ciLow(), l.ciHigh()),
                    l.changed() ? "**" + l.verdict().label() + "**" : l.verdict().label()));
        }
        sb.append('\n');
    }

    public String json() throws Exception {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("baseline", base.dir().toString());
        m.put("candidate", cand.dir().toString());
        m.put("regressions", regressions());
        m.put("improvements", improvements());
        m.put("thresholds", thresholds);
        m.put("lines", lines);
        // NaN (no interval for a single measurement) as the string "NaN", which JSON parsers accept
        return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                .configure(com.fasterxml.jackson.core.JsonGenerator.Feature.QUOTE_NON_NUMERIC_NUMBERS, true)
                .writeValueAsString(m) + "\n";
    }
}
