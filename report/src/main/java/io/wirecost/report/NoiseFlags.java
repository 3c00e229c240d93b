package io.wirecost.report;

import io.wirecost.runner.Counts;
import io.wirecost.runner.Noise;
import io.wirecost.runner.RttStatistics;
import io.wirecost.runner.ScenarioResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Says in words when a figure is too noisy to support its comparison, so a table never shows a flipped
 * factor silently. The thresholds are documented in docs/measurement.md:
 * <ul>
 *   <li>a factor whose 95 % interval includes 1 while the paper's factor is at least 10 % away from 1
 *       (the papers give no intervals; 10 % is well beyond their reported run-to-run variation);</li>
 *   <li>a round trip whose coefficient of variation over the kept batches exceeds {@value #CV_PERCENT} %;</li>
 *   <li>a scenario during whose timed pass the hypervisor stole more than {@value #STEAL_PERCENT} % of the CPU time;</li>
 *   <li>a scenario whose warm-up --quick cut below {@value #MIN_WARMUP_CALLS} calls per type (its time budget), or
 *       whose counts given on the command line were below it:
 *       its figures still hold interpreter and compilation costs;</li>
 *   <li>a scenario whose first type, measured again right after the timed pass, came out more than
 *       {@value #DRIFT_PERCENT} % away from its figure in that pass, the interval of the ratio excluding 1
 *       ({@code facts.drift}, adaptive and paper methods): the code (lower: "still warming up") or the machine
 *       (higher: "moved while measured") changed while it was measured, so the types measured later are cheaper or
 *       dearer than the first for a reason that is not theirs;</li>
 *   <li>a scenario whose timed pass the runner timed again because the host's speed moved ({@code
 *       facts.host_speed_mbps}), and whose kept timing's probes still disagree by more than {@link
 *       io.wirecost.runner.HostSpeed#MOVED_PERCENT} % ("measured while the host's speed changed"): its CPU per call
 *       holds another speed of the host than the run's other scenarios, which no counter of the machine shows.</li>
 * </ul>
 */
public final class NoiseFlags {

    public static final double CV_PERCENT = io.wirecost.diff.ResultsFile.Rtt.TOO_NOISY_CV_PERCENT;
    /** Fewer warm-up calls per type than this (--quick's time budget, a slow scenario or a loaded machine): the JIT has not settled. */
    public static final int MIN_WARMUP_CALLS = io.wirecost.diff.ResultsFile.Scenario.TOO_FEW_WARMUP_CALLS;

    public static final double STEAL_PERCENT = 5;
    /**
     * How far the first type may move between the timed pass and its measuring again before a scenario is flagged:
     * the gate's smallest regression of interest is 10 % (docs/ci-gate.md); a figure that moved by as much while it
     * was measured cannot tell one.
     */
    public static final double DRIFT_PERCENT = 10;
    /** A paper factor this far from 1 or further counts as "not including 1". */
    public static final double PAPER_DISTINCT_FROM_ONE = 0.10;

    private static final java.util.Set<String> NOT_PRIMITIVE =
            java.util.Set.of("string", "instantiation", "primitives-geomean");

    private NoiseFlags() {}

    /** The flags of one factor line; empty when it supports its comparison. */
    static List<String> factor(Factor f, List<ScenarioResult> all) {
        List<String> out = new ArrayList<>();
        boolean paperDistinct = Math.abs(f.paperFactor() - 1) >= PAPER_DISTINCT_FROM_ONE;
        if (paperDistinct && f.rtt().map(e -> e.contains(1)).orElse(false))
            out.add("round-trip interval includes 1, the paper's factor does not");
        if (paperDistinct && f.cpu().map(e -> e.contains(1)).orElse(false))
            out.add("CPU interval includes 1, the paper's factor does not");
        for (String scenario : List.of(f.scenarioA(), f.scenarioB())) {
            for (String flag : scenario(scenario, f.operation(), all)) out.add(scenario + " " + flag);
        }
        return out;
    }

    /** CV and steal flags of one scenario's figure for an operation (any repetition), without the scenario's name. */
    static List<String> scenario(String scenario, String operation, List<ScenarioResult> all) {
        List<String> out = new ArrayList<>();
        double cv = 0;
        double steal = 0;
        long warmup = Long.MAX_VALUE;
        boolean quick = false; // whether a cut warm-up was --quick's budget, not counts given on the command line
        double jitPercent = Double.NaN; // the JIT's share of a CPU as the warm-up ended, where it compiled apart
        long unsettled = Long.MAX_VALUE;
        DriftFlag drift = null; // the repetition's that moved most, among those flagged
        io.wirecost.runner.HostSpeed host = null; // the repetition's whose host speed moved most, among those flagged
        for (ScenarioResult r : all) {
            if (!r.scenario().equals(scenario)) continue;
            io.wirecost.runner.HostSpeed h = r.facts().hostSpeedMbps();
            if (h != null && !h.agrees() && (host == null || h.spreadPercent() > host.spreadPercent())) host = h;
            DriftFlag d = DriftFlag.of(r).filter(DriftFlag::flagged).orElse(null);
            if (d != null && (drift == null || d.percent() > drift.percent())) drift = d;
            cv = Math.max(cv, maxCv(r, operation));
            steal = Math.max(steal, steal(r).orElse(0.0));
            Boolean settled = settled(r);
            if (settled == null) {
                if (!io.wirecost.diff.ResultsFile.Scenario.warmupCut(false, warmupCalls(r))) continue;
                warmup = Math.min(warmup, warmupCalls(r));
                quick |= r.facts().counts().method() == io.wirecost.runner.RunMethod.QUICK;
                double jit = jitPercent(r);
                // the busiest repetition's; one whose share was unreadable (NaN) does not hide another's
                if (!Double.isNaN(jit) && !(jit <= jitPercent)) jitPercent = jit;
            } else if (!settled) unsettled = Math.min(unsettled, warmupCalls(r));
        }
        if (unsettled < Long.MAX_VALUE) {
            out.add(String.format(
                    Locale.ROOT, "warm-up did not settle within its bound (%d calls per type)", unsettled));
        }
        if (warmup < Long.MAX_VALUE)
            out.add((quick
                            ? String.format(
                                    Locale.ROOT, "warm-up cut to %d calls per type by --quick's time budget", warmup)
                            : String.format(
                                    Locale.ROOT,
                                    "warm-up of %d calls per type as given, under %d",
                                    warmup,
                                    MIN_WARMUP_CALLS))
                    + (Double.isNaN(jitPercent)
                            ? ""
                            : String.format(
                                    Locale.ROOT,
                                    ", its JIT still at %.0f %% of a CPU: timed before its code settled",
                                    jitPercent)));
        if (cv > CV_PERCENT) out.add(String.format(Locale.ROOT, "round trips' CV %.0f %% > %.0f %%", cv, CV_PERCENT));
        if (steal > STEAL_PERCENT)
            out.add(String.format(Locale.ROOT, "CPU steal %.1f %% > %.0f %%", steal, STEAL_PERCENT));
        if (drift != null) out.add(drift.flag());
        if (host != null)
            out.add("measured while the host's speed changed (" + host.words() + ", timed " + host.attempts()
                    + (host.attempts() == 1 ? " time)" : " times)"));
        return out;
    }

    /** The CV of the operation, or for the geomean the largest CV of its parts. */
    private static double maxCv(ScenarioResult r, String operation) {
        return r.rtt().stream()
                .filter(s -> operation.equals("primitives-geomean")
                        ? !NOT_PRIMITIVE.contains(s.operation())
                        : s.operation().equals(operation))
                .mapToDouble(RttStatistics::cvPercent)
                .filter(v -> !Double.isNaN(v))
                .max()
                .orElse(0);
    }

    /**
     * The JIT's share of its CPU over the warm-up's last chunks, where it compiled on a CPU of its own
     * ({@code facts.warmup_compiler}); NaN where it did not or its share was unreadable.
     */
    private static double jitPercent(ScenarioResult r) {
        io.wirecost.runner.WarmupCompiler c = r.facts().warmupCompiler();
        return c == null ? Double.NaN : c.compilePercentLastChunks();
    }

    /** Warm-up calls per type the scenario used (facts.counts); unknown: no flag. */
    private static long warmupCalls(ScenarioResult r) {
        Counts c = r.facts().counts();
        return c == null ? Long.MAX_VALUE : c.warmupCalls();
    }

    /** The adaptive method's verdict on the warm-up; null for the other methods (their counts are fixed or cut by time). */
    private static Boolean settled(ScenarioResult r) {
        Counts c = r.facts().counts();
        return c == null ? null : c.settled();
    }

    static Optional<Double> steal(ScenarioResult r) {
        Noise noise = r.facts().noise();
        return Optional.ofNullable(noise == null ? null : noise.stealPercent());
    }
}
