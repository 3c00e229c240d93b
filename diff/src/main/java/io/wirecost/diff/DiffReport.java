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

    public DiffReport(RunData base, RunData cand, Gate.Result gate, RunDiff.Thresholds thresholds) {
        this.base = base;
        this.cand = cand;
        this.lines = gate.lines();
        this.gate = gate;
        this.thresholds = thresholds;
    }

    /** Whether every scenario had enough repetitions for a verdict. */
    public boolean complete() {
        return gate.complete();
    }

    public static final String NO_VERDICT = "no verdict: needs --repeat " + Gate.MIN_REPETITIONS + " or more";

    /** Why no line got a verdict, in one line; empty when the gate could judge. */
    public String noVerdictReason() {
        if (gate.complete()) return "";
        if (!gate.measuredDifferently().isEmpty())
            return "no verdict: the runs were measured differently (" + joined(gate.measuredDifferently()) + ")";
        if (!gate.apart().isEmpty() && !gate.apartAllowed())
            return "no verdict: the runs were " + gate.apart() + "; run both sides in one job (run --interleave), or"
                    + " pass --allow-apart";
        if (!gate.unequalContention().isEmpty()) return "no verdict: " + joined(gate.unequalContention());
        return NO_VERDICT;
    }

    private static String joined(Map<String, String> why) {
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
                    String.join(", ", base.scenarios().keySet()));
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
                String.join(", ", base.scenarios().keySet()));
    }

    public String markdown() {
        StringBuilder sb = new StringBuilder(summary()).append("\n\n");
        List<DiffLine> changed = lines.stream().filter(DiffLine::changed).toList();
        if (!changed.isEmpty()) {
            table(sb, changed);
        } else if (gate.complete()) {
            sb.append("No line changed beyond its threshold at the corrected level.\n\n");
        }
        sb.append(method()).append("\n\n");
        sb.append("<details><summary>All ").append(lines.size()).append(" comparisons</summary>\n\n");
        table(sb, lines);
        sb.append("</details>\n");
        return sb.toString();
    }

    /** How the verdicts were reached: the correction, its level, which measure decided each scenario's cost. */
    public String method() {
        StringBuilder sb = new StringBuilder();
        if (!gate.measuredDifferently().isEmpty()) {
            sb.append("**No verdict: the runs were measured differently** (")
                    .append(joined(gate.measuredDifferently()))
                    .append(
                            "). The method, its counts, the CPU pinning and the profiler's settings each move the figures "
                                    + "by more than a regression worth catching, so the comparison would mix their effect with the "
                                    + "change's; rerun both sides alike. Changes and intervals are shown for information.\n");
        }
        if (!gate.apart().isEmpty()) {
            sb.append(
                            gate.apartAllowed()
                                    ? "**Verdicts given although the runs were " + gate.apart() + "** (--allow-apart). "
                                    : "**No verdict: the runs were " + gate.apart() + ".** ")
                    .append("The gate's error rates hold for runs measured one straight after the other on one machine "
                            + "(bench gate). More than half an hour apart, or on another host, the machine's own speed moves CPU "
                            + "per call and round trips by as much as a regression worth catching: on a shared 2-core VM, "
                            + "A/A comparisons of the same code failed the gate 3 times in 17 an hour apart and 68 times in "
                            + "232 ten hours apart, against 1 in 80 within a quarter of an hour (docs/ci-gate.md). Run both "
                            + "sides in one job, interleaved (`run --interleave`)")
                    .append(
                            gate.apartAllowed()
                                    ? "; these verdicts may be the machine's.\n"
                                    : ", or pass --allow-apart to judge anyway. Changes and intervals are shown for information.\n");
        }
        gate.unequalContention()
                .forEach((scenario, why) -> sb.append("**No verdict on ")
                        .append(scenario)
                        .append("**: ")
                        .append(why)
                        .append(
                                ". CPU per call rises when another process shares the CPU, so a verdict needs both sides measured alike; "
                                        + "changes and intervals are shown for information.\n"));
        if (noVerdictReason().equals(NO_VERDICT)) {
            sb.append("**")
                    .append(NO_VERDICT)
                    .append("** per side: with fewer, an interval only knows the spread inside one run, "
                            + "not between runs. Changes and intervals are shown for information.\n");
        }
        sb.append(String.format(
                Locale.ROOT,
                "Verdicts: Holm's correction over %d gating lines at a family-wise error rate of %.0f %% "
                        + "(the chance that an unchanged build fails the gate), from between-run variance (Welch t tests). The gating "
                        + "lines, declared in advance: per scenario, the deciding measure's primitives' geometric mean, and the share of "
                        + "each category of the whole call's profile (both JVMs) holding at least %.1f %% of the samples on either side. Every other line is "
                        + "\"reported, not gating\": shown with its interval, never failing the gate. A rejected line counts when its "
                        + "change also exceeds %.1f %% (time, CPU) or %.1f points (shares). Intervals shown are per line, 95 %%, uncorrected. Allocation and lock-time shares (alloc-share, "
                        + "lock-share) are shown, not gated: few events each, and their cost already shows in CPU per call. "
                        + "Artifact lines (CPU share of a library's own code) are shown, not gated: they split the same samples as the share lines.",
                gate.testedLines(),
                100 * gate.alpha(),
                gate.minSharePercent(),
                thresholds.rttPercent(),
                thresholds.sharePoints()));
        for (Map.Entry<String, Gate.Decision> e : gate.decisions().entrySet()) {
            Gate.Decision d = e.getValue();
            sb.append(String.format(
                    Locale.ROOT,
                    "%n- %s: cost decided by **%s** (between-run CV of the primitives' geometric mean: "
                            + "round trip %s, CPU per call %s)",
                    e.getKey(),
                    d.measure() == DiffLine.Kind.CPU ? "CPU per call" : "round trip",
                    cv(d.rttCvPercent()),
                    cv(d.cpuCvPercent())));
        }
        return sb.toString();
    }

    private static String cv(double percent) {
        return Double.isNaN(percent) ? "n/a" : String.format(Locale.ROOT, "%.1f %%", percent);
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
        m.put("decided_by", gate.decisions());
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
