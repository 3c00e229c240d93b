package io.wirecost.diff;

import java.util.Locale;
import java.util.Map;

/**
 * The diff's "how the verdicts were reached" section: why a line got no verdict (runs measured differently or apart,
 * unequal contention, too few repetitions), the correction and its level, the declared gating family, the practical
 * thresholds, and which measure decided each scenario's cost. It explains {@link Gate.Result} in prose and reads
 * nothing else, so it stands apart from the tables and the JSON of {@link DiffReport}.
 */
final class VerdictMethod {

    private VerdictMethod() {}

    /**
     * The section for {@code gate}'s verdicts; {@code tooFew} the words for too few repetitions where that is the only
     * reason for no verdict, else empty.
     */
    static String markdown(Gate.Result gate, RunDiff.Thresholds thresholds, String tooFew) {
        StringBuilder sb = new StringBuilder();
        if (!gate.measuredDifferently().isEmpty()) {
            sb.append("**No verdict: the runs were measured differently** (")
                    .append(DiffReport.joined(gate.measuredDifferently()))
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
        gate.notCompared()
                .forEach((scenario, why) -> sb.append("**Not compared: ")
                        .append(scenario)
                        .append("**, ")
                        .append(why)
                        .append(". A scenario one side lacks has no lines, so the gate cannot say it did not regress; "
                                + "rerun the side that lost it.\n"));
        if (!tooFew.isEmpty()) {
            sb.append("**")
                    .append(tooFew)
                    .append("**: with fewer repetitions a side, an interval only knows the spread inside one run, "
                            + "not between runs. Changes and intervals are shown for information.\n");
        }
        sb.append(String.format(
                Locale.ROOT,
                "Verdicts: Holm's correction over %d gating lines at a family-wise error rate of %.0f %% "
                        + "(the chance that an unchanged build fails the gate), from between-run variance (Welch t tests). The gating "
                        + "lines, declared in advance: per scenario, the deciding measure's primitives' geometric mean (a profiled command's "
                        + "JVM: its CPU per run), and the share of "
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
            if (!gate.costMeasured(e.getKey())) {
                sb.append(String.format(
                        Locale.ROOT,
                        "%n- %s: no round trips or CPU per call (wirecost drove no calls): its category shares gate%s",
                        e.getKey(),
                        endpoints(gate, e.getKey()) ? ", and its endpoints' CPU per request" : ""));
                continue;
            }
            if (gate.commandCost(e.getKey())) {
                sb.append(String.format(
                        Locale.ROOT,
                        endpoints(gate, e.getKey())
                                ? "%n- %s: wirecost drove no calls: its endpoints' CPU per request and its category shares "
                                        + "gate; its CPU per run of the command is reported (a load that runs for a set time "
                                        + "does more work the faster the code serves it)"
                                : "%n- %s: cost decided by **CPU per run of the command** (wirecost drove no calls: the "
                                        + "command is taken as the same work every run; between-run CV %s)",
                        e.getKey(),
                        cv(d.cpuCvPercent())));
                continue;
            }
            String cut = gate.warmupCut().get(e.getKey());
            if (cut != null) {
                sb.append(String.format(
                        Locale.ROOT,
                        "%n- %s: round trips and CPU per call **reported, not gating**: %s, so they were timed while the "
                                + "JIT still compiled and compare how far each side's JIT got, not what a call costs once "
                                + "settled (a candidate with more code to compile can read as dearer). Its category shares gate. "
                                + "To gate its cost, run both sides with the default method (no --quick, no --warmup under %,d), "
                                + "which times once the JIT is quiet",
                        e.getKey(),
                        cut,
                        ResultsFile.Scenario.TOO_FEW_WARMUP_CALLS));
                continue;
            }
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

    private static boolean endpoints(Gate.Result gate, String scenario) {
        return gate.lines().stream().anyMatch(l -> l.scenario().equals(scenario) && l.kind() == DiffLine.Kind.ENDPOINT);
    }

    private static String cv(double percent) {
        return Double.isNaN(percent) ? "n/a" : String.format(Locale.ROOT, "%.1f %%", percent);
    }
}
