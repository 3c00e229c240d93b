package io.wirecost.diff;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Turns measured diff lines into verdicts whose error rate holds for the whole report:
 * <ol>
 * <li>a verdict rests on between-run variance only, so a scenario needs {@value #MIN_REPETITIONS} or
 *     more repetitions per side (with fewer, every one of its lines is "no verdict");</li>
 * <li>per scenario, the cost is judged on the steadier of round trips and CPU per call (the smaller
 *     coefficient of variation between repetitions of the primitives' geometric mean); the other
 *     measure's lines are shown but do not count;</li>
 * <li>a small family gates, declared before the data are seen: per scenario, the deciding measure's
 *     primitives' geometric mean (one t test on the per-repetition geometric means of all seven
 *     primitive types) and the share lines of the whole call's profile (role {@code all}: both JVMs'
 *     samples; a scenario profiled on one side only uses that side's) for categories holding at least
 *     {@code minSharePercent} of the samples on either side, and every endpoint's CPU per request where both
 *     runs recorded requests ({@code run --profile cpu,endpoints}: a t test on its per-repetition figures, as for
 *     CPU per call, with the same threshold) and its repetitions rest on enough samples on either side
 *     ({@link #resolved}). Every other line (per type,
 *     instantiation, per-role shares, small categories, sizes) is reported with its interval as
 *     "reported, not gating". Holm over ~70 lines needed p &lt; 0.0007 for the first rejection; over
 *     the ~6 gating lines of rmi it needs p &lt; 0.008;</li>
 * <li>Holm's correction over the gating family at family-wise level {@code alpha}, so an A/A
 *     comparison exits 1 with probability at most {@code alpha}. Choosing shares by the larger of
 *     the two sides (not their mean, as until 2026-11-26) lets a cost that appears in the candidate gate
 *     once it holds {@code minSharePercent} there: under the mean, a category that rose from below the
 *     minimum under an injected regression stayed out of the family and the regression went undetected
 *     (docs/ci-gate.md). The larger side is the mean plus half the
 *     difference, so the choice now leans on the difference being tested; it can matter only for a
 *     category within half a difference of the minimum, and a line counts only when it also moves by the
 *     share threshold (2 points), which an unchanged build's shares, a few tenths of a point apart between
 *     runs, do not reach;</li>
 * <li>a scenario whose warm-up was cut short ({@link WarmupCut}) has its round trips and CPU per call reported, not
 *     gating: they were timed while the JIT still compiled; its shares gate;</li>
 * <li>a rejected line is a regression or improvement only when it also exceeds its practical threshold.</li>
 * </ol>
 */
public final class Gate {

    public static final int MIN_REPETITIONS = 3;

    /** Default smallest share (percent of a role's samples, on the larger side) whose line gates. */
    public static final double DEFAULT_MIN_SHARE_PERCENT = 5;

    /** Which measure judged a scenario's cost, and the CVs (percent) it was chosen on. */
    public record Decision(DiffLine.Kind measure, double rttCvPercent, double cpuCvPercent) {}

    /**
     * The verdicts and how they were reached.
     *
     * @param unequalContention scenarios left without a verdict because their two sides met different
     *                          contention for the CPU, with the figures, one line each
     * @param measuredDifferently how the two runs were measured differently ({@link RunProtocol#differences}):
     *                          when not empty, no line gets a verdict
     * @param apart             why the two runs were not measured on one machine in one sitting
     *                          ({@link Apart#why}), empty where they were: no line gets a verdict unless
     *                          {@code apartAllowed}
     * @param apartAllowed      whether verdicts were given although the runs were apart ({@code diff --allow-apart})
     * @param notCompared       the scenarios measured on one side only (or failed on one), each with why
     *                          ({@link RunData#notCompared}): when not empty, the gate is not complete, though the
     *                          scenarios both sides hold keep their verdicts
     * @param warmupCut         the scenarios whose warm-up some repetition cut short ({@link WarmupCut}), each with how
     *                          far: their round trips and CPU per call are reported, not gating
     * @param ungated           the scenarios left with no gating line at all, each with why: a cut warm-up's cost
     *                          and no profile whose shares could gate; when not empty, the gate is not complete
     */
    public record Result(
            List<DiffLine> lines,
            Map<String, Decision> decisions,
            double alpha,
            int testedLines,
            boolean complete,
            double minSharePercent,
            Map<String, String> unequalContention,
            Map<String, String> measuredDifferently,
            String apart,
            boolean apartAllowed,
            Map<String, String> notCompared,
            Map<String, String> warmupCut,
            Map<String, String> ungated) {

        /**
         * Whether the scenario has a cost to decide: round trips or CPU per call on a line. A run of {@code profile}
         * or {@code attach} drove no calls, so it has neither, and its decision names no measure that exists.
         */
        public boolean costMeasured(String scenario) {
            return lines.stream()
                    .anyMatch(l -> l.scenario().equals(scenario) && l.kind().cost());
        }

        /** Whether the scenario's cost is a profiled command's CPU per run ({@link CpuCsv#COMMAND}). */
        public boolean commandCost(String scenario) {
            return lines.stream().anyMatch(l -> l.scenario().equals(scenario) && commandLine(l));
        }

        /** {@link #decisions} of the scenarios that have a cost ({@link #costMeasured}). */
        public Map<String, Decision> costDecisions() {
            Map<String, Decision> out = new LinkedHashMap<>(decisions);
            out.keySet().removeIf(s -> !costMeasured(s));
            return out;
        }
    }

    private final RunDiff.Thresholds thresholds;
    private final double alpha;
    private final double minSharePercent;
    private final boolean allowApart;

    public Gate(RunDiff.Thresholds thresholds, double alpha) {
        this(thresholds, alpha, DEFAULT_MIN_SHARE_PERCENT, false);
    }

    public Gate(RunDiff.Thresholds thresholds, double alpha, double minSharePercent, boolean allowApart) {
        this.thresholds = thresholds;
        this.alpha = alpha;
        this.minSharePercent = minSharePercent;
        this.allowApart = allowApart;
    }

    public Result judge(RunData base, RunData cand, List<DiffLine> measured) {
        Map<String, Decision> decisions = new LinkedHashMap<>();
        Map<String, String> unequal = new LinkedHashMap<>();
        boolean complete = true;
        for (String scenario : base.scenarios().keySet()) {
            if (!cand.scenarios().containsKey(scenario)) continue;
            Decision d = DecidingMeasure.decide(scenario, base, cand);
            decisions.put(scenario, d);
            complete &= enoughRepetitions(scenario, base, cand);
            Contention.unequal(base.scenarios().get(scenario), cand.scenarios().get(scenario))
                    .filter(why -> !costBeyondContention(scenario, d.measure(), measured))
                    .ifPresent(why -> unequal.put(scenario, why));
        }
        complete &= unequal.isEmpty();
        Map<String, String> differently = RunProtocol.differences(base, cand);
        String apart = Apart.why(base, cand).orElse("");
        // reasons that bar every line of the report, not a scenario's
        boolean runsBarred = !differently.isEmpty() || (!apart.isEmpty() && !allowApart);
        complete &= !runsBarred;
        Map<String, String> notCompared = RunData.notCompared(base, cand);
        complete &= notCompared.isEmpty();
        Map<String, String> cut = WarmupCut.of(base, cand);
        // a scenario none of whose lines gets a verdict, for a reason above
        Predicate<String> withheld =
                scenario -> runsBarred || !enoughRepetitions(scenario, base, cand) || unequal.containsKey(scenario);
        List<DiffLine> lines = new ArrayList<>(measured.size());
        List<Integer> tested = new ArrayList<>();
        for (DiffLine l : measured) {
            Decision d = decisions.get(l.scenario());
            if (withheld.test(l.scenario())) {
                lines.add(l.withVerdict(DiffLine.Verdict.NO_VERDICT));
            } else if (informational(l)) {
                lines.add(l.reported(DiffLine.NotGating.INFORMATIONAL));
            } else if (l.kind().cost() && cut.containsKey(l.scenario())) {
                lines.add(l.reported(DiffLine.NotGating.WARMUP_CUT));
            } else if (l.kind().cost() && l.kind() != d.measure()) {
                lines.add(l.withVerdict(DiffLine.Verdict.NOT_DECIDING));
            } else if (!gates(
                            l,
                            d.measure(),
                            minSharePercent,
                            shareRole(l.scenario(), measured),
                            servesEndpoints(l.scenario(), measured))
                    || !resolved(l, base, cand)) {
                lines.add(l.reported(DiffLine.NotGating.OUTSIDE_FAMILY));
            } else {
                tested.add(lines.size());
                lines.add(l);
            }
        }
        double[] p = tested.stream().mapToDouble(i -> lines.get(i).pValue()).toArray();
        boolean[] rejected = Holm.reject(p, alpha);
        for (int k = 0; k < p.length; k++) {
            DiffLine l = lines.get(tested.get(k));
            boolean counts = rejected[k] && Math.abs(l.change()) > threshold(l);
            lines.set(tested.get(k), l.withVerdict(counts ? l.direction() : DiffLine.Verdict.NO_CHANGE));
        }
        int testedLines =
                (int) java.util.Arrays.stream(p).filter(x -> !Double.isNaN(x)).count();
        // a scenario whose cost could not gate and that has no share to gate instead would pass whatever it did
        Map<String, String> ungated = new LinkedHashMap<>();
        for (String scenario : cut.keySet()) {
            if (!withheld.test(scenario)
                    && tested.stream().noneMatch(i -> lines.get(i).scenario().equals(scenario)))
                ungated.put(
                        scenario,
                        "no line gates: its round trips and CPU per call were timed after a warm-up cut short, and no "
                                + "profile's shares gate instead (run without --profiler none, or without --quick)");
        }
        complete &= ungated.isEmpty();
        return new Result(
                List.copyOf(lines),
                decisions,
                alpha,
                testedLines,
                complete,
                minSharePercent,
                Collections.unmodifiableMap(new LinkedHashMap<>(unequal)),
                differently,
                apart,
                allowApart && !apart.isEmpty(),
                Collections.unmodifiableMap(notCompared),
                Collections.unmodifiableMap(cut),
                Collections.unmodifiableMap(ungated));
    }

    /** Whether the scenario's deciding cost line moved further than contention can move it (see {@link Contention}). */
    private static boolean costBeyondContention(String scenario, DiffLine.Kind measure, List<DiffLine> measured) {
        return measured.stream()
                .filter(l -> l.scenario().equals(scenario) && l.kind() == measure && costLine(l))
                .anyMatch(l -> Contention.beyondContention(l.ciLow(), l.ciHigh()));
    }

    private static boolean enoughRepetitions(String scenario, RunData base, RunData cand) {
        return base.repetitions(scenario) >= MIN_REPETITIONS && cand.repetitions(scenario) >= MIN_REPETITIONS;
    }

    /**
     * Allocation and lock-time shares inform, they do not gate. Their weights come from few events (one
     * sample per 512 KiB allocated, locks held over 10 µs), so their between-run spread is wide, and lock
     * time on a shared machine measures the scheduler as much as the middleware: as gating lines they
     * would either flag noise or, by enlarging Holm's family by two lines per category, cost the CPU and
     * round-trip lines the power to see a real regression. Their cost, if any, already shows in CPU per call.
     */
    static boolean informational(DiffLine l) {
        return switch (l.kind()) {
            case ALLOC_SHARE, LOCK_SHARE, ARTIFACT -> true;
            default -> false;
        };
    }

    /**
     * Whether the line is a scenario's cost: the primitives' geometric mean of round trips or of CPU per call (all
     * roles), or, for a JVM of a profiled command, its CPU per run of the command.
     */
    static boolean costLine(DiffLine l) {
        return switch (l.kind()) {
            case RTT -> l.metric().equals(GEOMEAN);
            case CPU -> l.metric().equals("all/" + GEOMEAN) || commandLine(l);
            default -> false;
        };
    }

    /** A profiled command's JVM's CPU per run of the command ({@link CpuCsv#COMMAND}). */
    static boolean commandLine(DiffLine l) {
        return l.kind() == DiffLine.Kind.CPU && l.metric().equals("all/" + CpuCsv.COMMAND);
    }

    private static final String GEOMEAN = "primitives-geomean";

    /**
     * Whether a line belongs to the gating family, by the declared rule: no p-value, and for shares only the
     * larger side's level (see the class comment for what that costs).
     * Shares gate for one role only: the per-role shares are parts of the whole call's, and testing both
     * would spend the error rate twice on the same samples. A profiled command's CPU per run is its JVM's cost, unless
     * the JVM's requests were counted ({@code servesEndpoints}): a load that runs for a set time does more work the
     * faster the code serves it, so CPU per request is then the cost, and the CPU per run is reported.
     */
    static boolean gates(
            DiffLine l,
            DiffLine.Kind decidingMeasure,
            double minSharePercent,
            String shareRole,
            boolean servesEndpoints) {
        return switch (l.kind()) {
            case RTT, CPU -> l.kind() == decidingMeasure && costLine(l) && !(commandLine(l) && servesEndpoints);
            case SHARE ->
                l.metric().startsWith(shareRole + "/") && Math.max(l.baseline(), l.candidate()) >= minSharePercent;
            // an endpoint's CPU per request is the cost its users pay, whichever measure judged the scenario
            case ENDPOINT -> true;
            default -> false;
        };
    }

    /**
     * Most a repetition's 95 % sampling interval may spread (its half-width over its figure, the median repetition's)
     * for an endpoint's line to gate: about 60 samples a repetition.
     */
    static final double MAX_ENDPOINT_HALF_WIDTH = 0.25;

    /**
     * Whether an endpoint's figures rest on enough samples, on one side at least, for a t test on a few repetitions:
     * a cheap endpoint's figure in a short repetition is a handful of samples, whose discrete, skewed counts the test
     * takes for the normal spread it assumes, and which move between runs of one build by more than any threshold
     * (docs/ci-gate.md). Like a share's level, the rule looks at no p-value; taking the better
     * resolved side lets a cost that appears in the candidate gate once it is sampled there. Other lines always
     * pass.
     */
    static boolean resolved(DiffLine l, RunData base, RunData cand) {
        if (l.kind() != DiffLine.Kind.ENDPOINT) return true;
        return resolved(base, l) || resolved(cand, l);
    }

    private static boolean resolved(RunData run, DiffLine l) {
        EndpointCsv.Endpoint e =
                run.endpoints().getOrDefault(l.scenario(), Map.of()).get(l.metric());
        return e != null && e.medianRelativeHalfWidth() <= MAX_ENDPOINT_HALF_WIDTH;
    }

    /** Whether the scenario's requests were counted by endpoint on either side. */
    static boolean servesEndpoints(String scenario, List<DiffLine> measured) {
        return measured.stream().anyMatch(l -> l.scenario().equals(scenario) && l.kind() == DiffLine.Kind.ENDPOINT);
    }

    /** The role whose shares gate: {@code all} where both JVMs were profiled, else the one role there is. */
    static String shareRole(String scenario, List<DiffLine> measured) {
        List<String> roles = measured.stream()
                .filter(l -> l.scenario().equals(scenario) && l.kind() == DiffLine.Kind.SHARE)
                .map(l -> l.metric().substring(0, l.metric().indexOf('/')))
                .distinct()
                .toList();
        return roles.contains("all") || roles.isEmpty() ? "all" : roles.get(0);
    }

    private double threshold(DiffLine l) {
        return switch (l.kind()) {
            case SHARE -> thresholds.sharePoints();
            case SIZE -> thresholds.sizePercent();
            default -> thresholds.rttPercent();
        };
    }
}
