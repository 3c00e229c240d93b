package io.wirecost.diff;

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
    private final Gate.Result gate;
    private final String tooFew;

    public DiffReport(RunData base, RunData cand, Gate.Result gate, RunDiff.Thresholds thresholds) {
        this(base, cand, gate, thresholds, NO_VERDICT);
    }

    /**
     * {@code tooFew}: the reason for no verdict where the only one is too few repetitions, in the words of what the
     * user gave ({@link #NO_VERDICT} for runs, {@link #NO_VERDICT_PROFILES} for profile files).
     */
    public DiffReport(RunData base, RunData cand, Gate.Result gate, RunDiff.Thresholds thresholds, String tooFew) {
        this.base = base;
        this.cand = cand;
        this.lines = gate.lines();
        this.gate = gate;
        this.thresholds = thresholds;
        this.tooFew = tooFew;
    }

    /** Whether every scenario had enough repetitions for a verdict. */
    public boolean complete() {
        return gate.complete();
    }

    public static final String NO_VERDICT = "no verdict: needs --repeat " + Gate.MIN_REPETITIONS + " or more";

    /** Profile files given to diff are repetitions as a comma-separated list, not a --repeat. */
    public static final String NO_VERDICT_PROFILES = "no verdict: needs " + Gate.MIN_REPETITIONS
            + " or more profiles a side, comma-separated (a1.jfr,a2.jfr,a3.jfr)";

    /** Why no line got a verdict, in one line; empty when the gate could judge. */
    public String noVerdictReason() {
        if (gate.complete()) return "";
        if (!gate.measuredDifferently().isEmpty())
            return "no verdict: the runs were measured differently (" + joined(gate.measuredDifferently()) + ")";
        if (!gate.apart().isEmpty() && !gate.apartAllowed())
            return "no verdict: the runs were " + gate.apart() + "; run both sides in one job (run --interleave), or"
                    + " pass --allow-apart";
        if (!gate.notCompared().isEmpty())
            return "no verdict: not every scenario measured on both sides (" + joined(gate.notCompared()) + ")";
        if (!gate.unequalContention().isEmpty()) return "no verdict: " + joined(gate.unequalContention());
        if (!gate.ungated().isEmpty()) return "no verdict: " + joined(gate.ungated());
        return tooFew;
    }

    static String joined(Map<String, String> why) {
        return String.join(
                "; ",
                why.entrySet().stream()
                        .map(e -> e.getKey() + ": " + e.getValue())
                        .toList());
    }

    public long regressions() {
        return lines.stream()
                .filter(l -> l.verdict() == DiffLine.Verdict.REGRESSION)
                .count();
    }

    public long improvements() {
        return lines.stream()
                .filter(l -> l.verdict() == DiffLine.Verdict.IMPROVEMENT)
                .count();
    }

    public String summary() {
        long regressions = regressions();
        if (!gate.complete() && regressions == 0) {
            String why = noVerdictReason().equals(NO_VERDICT) ? NO_VERDICT + " on both sides" : noVerdictReason();
            return String.format(
                    Locale.ROOT,
                    ":grey_question: **wirecost diff**: %s (%s vs %s; %s)",
                    why,
                    base.label(),
                    cand.label(),
                    String.join(", ", base.compared(cand)));
        }
        long reported = lines.stream()
                .filter(l -> l.verdict() == DiffLine.Verdict.REPORTED || l.verdict() == DiffLine.Verdict.NOT_DECIDING)
                .count();
        return String.format(
                Locale.ROOT,
                "%s **wirecost diff**: %d regression%s, %d improvement%s, %d without change, %d reported, not gating (%s vs %s; %s)",
                regressions > 0 ? ":red_circle:" : ":white_check_mark:",
                regressions,
                regressions == 1 ? "" : "s",
                improvements(),
                improvements() == 1 ? "" : "s",
                lines.size() - regressions - improvements() - reported,
                reported,
                base.label(),
                cand.label(),
                String.join(", ", base.compared(cand)));
    }

    public String markdown() {
        StringBuilder sb = new StringBuilder(summary()).append("\n\n");
        List<DiffLine> changed = lines.stream().filter(DiffLine::changed).toList();
        if (!changed.isEmpty()) {
            table(sb, changed);
        } else if (gate.complete()) {
            sb.append("No line changed beyond its threshold at the corrected level.\n\n");
        }
        sb.append(VerdictMethod.markdown(gate, thresholds, noVerdictReason().equals(tooFew) ? tooFew : ""))
                .append("\n\n");
        sb.append("<details><summary>All ").append(lines.size()).append(" comparisons</summary>\n\n");
        table(sb, lines);
        sb.append("</details>\n");
        return sb.toString();
    }

    private static void table(StringBuilder sb, List<DiffLine> rows) {
        sb.append(
                "| scenario | what | baseline | candidate | change | 95 % CI | p | verdict |\n|---|---|---:|---:|---:|---|---:|---|\n");
        for (DiffLine l : rows) {
            String unit = l.kind().inPoints() ? " pp" : " %";
            sb.append(String.format(
                    Locale.ROOT,
                    "| %s | %s %s | %.2f %s | %.2f %s | %+.1f%s | %s | %s | %s |%n",
                    l.scenario(),
                    l.kind(),
                    l.metric(),
                    l.baseline(),
                    l.unit(),
                    l.candidate(),
                    l.unit(),
                    l.change(),
                    unit,
                    Double.isNaN(l.ciLow())
                            ? "n/a"
                            : String.format(Locale.ROOT, "%+.1f to %+.1f", l.ciLow(), l.ciHigh()),
                    Double.isNaN(l.pValue()) ? "n/a" : String.format(Locale.ROOT, "%.2g", l.pValue()),
                    l.changed()
                            ? "**" + l.verdict().label() + "**"
                            : l.verdict().label()));
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
        m.put("verdict", gate.complete() ? "given" : noVerdictReason());
        m.put("unequal_contention", gate.unequalContention());
        m.put("measured_differently", gate.measuredDifferently());
        Map<String, Object> apart = new LinkedHashMap<>(); // why first, in a stable order
        apart.put("why", gate.apart());
        apart.put("allowed", gate.apartAllowed());
        m.put("apart", gate.apart().isEmpty() ? null : apart);
        // in a stable order: Map.of iterates in an order that changes from one JVM to the next
        Map<String, Object> correction = new LinkedHashMap<>();
        correction.put("method", "holm");
        correction.put("family_wise_alpha", gate.alpha());
        correction.put("tested_lines", gate.testedLines());
        correction.put(
                "family",
                "deciding cost line (primitives' geometric mean) + whole-call shares >= min_share_percent on either side");
        correction.put("min_share_percent", gate.minSharePercent());
        m.put("correction", correction);
        m.put("decided_by", gate.costDecisions());
        m.put("not_compared", gate.notCompared());
        m.put("warmup_cut", gate.warmupCut());
        m.put("ungated", gate.ungated());
        m.put("lines", lines);
        // NaN (no interval for a single measurement) as the string "NaN", which JSON parsers accept
        return com.fasterxml.jackson.databind.json.JsonMapper.builder()
                        .enable(SerializationFeature.INDENT_OUTPUT)
                        .enable(com.fasterxml.jackson.core.json.JsonWriteFeature.WRITE_NAN_AS_STRINGS)
                        .build()
                        .writeValueAsString(m)
                + "\n";
    }
}
