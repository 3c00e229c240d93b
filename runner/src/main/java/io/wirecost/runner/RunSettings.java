package io.wirecost.runner;

import java.util.Collections;
import java.util.LinkedHashMap;

/**
 * How much to measure, per the papers' method: warm-up calls per operation (not counted), then
 * {@code reps} measurements of {@code invocations} consecutive calls per operation,
 * {@code instantiationReps} fresh-client instantiations, and {@code sizeCalls} calls per operation in the
 * message-size pass (0: no size pass).
 */
public record RunSettings(
        int warmupCalls,
        int reps,
        int invocations,
        int instantiationReps,
        int stringLength,
        boolean quick,
        java.util.Map<String, String> scenarioOptions,
        int sizeCalls,
        RunMethod method) {

    /** The papers: 12 measurements of 1000 invocations after warm-up (seed 001 cites up to 15,000). */
    public static RunSettings full(int stringLength) {
        return new RunSettings(5_000, 12, 1_000, 12, stringLength, false, java.util.Map.of(), 500, RunMethod.PAPER);
    }

    /** Measured counts scaled down, and with --quick each scenario's warm-up, timed and size passes are
     *  also cut to a time budget at its own pace (WarmupPass): at most 5,000 warm-up calls
     *  per type, so fast scenarios keep the papers' warm-up and ws-security finishes in well under a minute. */
    public static RunSettings quick(int stringLength) {
        return new RunSettings(5_000, 12, 100, 12, stringLength, true, java.util.Map.of(), 50, RunMethod.QUICK);
    }

    /**
     * Whether the warm-up, batches and size pass are cut to a time budget at each scenario's pace: the method's
     * (--quick, unless counts were given on the command line: explicit counts are kept exactly).
     */
    public boolean timeBudget() {
        return method.timeBudget();
    }

    /** The same counts with other scenario options (a candidate's). */
    public RunSettings withScenarioOptions(java.util.Map<String, String> options) {
        return new RunSettings(
                warmupCalls, reps, invocations, instantiationReps, stringLength, quick, options, sizeCalls, method);
    }

    public RunSettings {
        if (reps < 3) throw new IllegalArgumentException("reps must be at least 3 (minimum and maximum are dropped)");
        if (invocations < 1 || warmupCalls < 0 || instantiationReps < 3 || sizeCalls < 0) {
            throw new IllegalArgumentException("counts must be positive");
        }
        scenarioOptions = Collections.unmodifiableMap(new LinkedHashMap<>(scenarioOptions));
        if (method == null) throw new IllegalArgumentException("no method");
    }

    /** The same counts measured by another method. */
    public RunSettings withMethod(RunMethod other) {
        return new RunSettings(
                warmupCalls,
                reps,
                invocations,
                instantiationReps,
                stringLength,
                quick,
                scenarioOptions,
                sizeCalls,
                other);
    }
}
