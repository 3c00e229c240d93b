package io.wirecost.cli;

import io.wirecost.cli.common.Bounds;
import io.wirecost.cli.common.Choice;
import io.wirecost.runner.RunMethod;
import io.wirecost.runner.RunSettings;
import io.wirecost.runner.UsageException;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code run}'s method ({@link RunMethod}) and counts: how many calls warm up, how many are timed, in how many measurements. */
final class CountsOptions {

    @Option(
            names = "--quick",
            description =
                    "Scale all counts down, for tests and CI: each scenario's passes cut to a few seconds at its own "
                            + "pace, 2,500 samples per role, the JIT compiling on another CPU.")
    boolean quick;

    @Option(
            names = "--method",
            paramLabel = "adaptive|paper",
            description =
                    "adaptive (default): warm-up until the pace settles, batches sized by time, more of them where calls are slow, "
                            + "ws-security's JVMs at a quarter of HotSpot's JIT thresholds (-XX:CompileThresholdScaling=0.25, unless --jvm-opt sets it), "
                            + "RMI's idle-connection reaper at an hour (-Dsun.rmi.transport.connectionTimeout=3600000, likewise); "
                            + "paper: the papers' exact counts (5,000 warm-up calls, 12 x 1,000 invocations per type, min and max dropped).")
    String method;

    @Mixin
    StringLengthOption stringLength;

    @Option(
            names = "--warmup",
            description =
                    "Warm-up calls per data type (default 5000; with --quick at most 5000, cut to a few seconds per scenario; "
                            + "giving --warmup or --invocations keeps the counts exact).")
    Integer warmup;

    @Option(
            names = "--invocations",
            description =
                    "Invocations per measurement (default 1000; adaptive and quick: sized by time, at most 1000).")
    Integer invocations;

    @Option(
            names = "--size-calls",
            description = "Calls per data type in the message-size pass (default 500; quick 50; 0: none).")
    Integer sizeCalls;

    @Option(names = "--reps", description = "Measurements per data type (default 12: min and max are dropped).")
    Integer reps;

    /** The method chosen: explicit counts are kept exactly, being the papers' method with other numbers. */
    RunMethod chosen() {
        RunMethod asked =
                method == null ? null : Choice.among("--method", method, List.of(RunMethod.ADAPTIVE, RunMethod.PAPER));
        if (asked != null && quick)
            throw new UsageException("--method and --quick: choose one (--quick is a method of its own)");
        boolean explicitCounts = warmup != null || invocations != null || reps != null;
        if (asked == RunMethod.ADAPTIVE && explicitCounts) {
            throw new UsageException(
                    "--method adaptive sizes the counts itself: drop --warmup, --invocations and --reps, or use --method paper");
        }
        if (quick) return warmup == null && invocations == null ? RunMethod.QUICK : RunMethod.PAPER;
        return asked != null ? asked : explicitCounts ? RunMethod.PAPER : RunMethod.ADAPTIVE;
    }

    RunSettings settings(Map<String, String> scenarioOptions) {
        // named here: RunSettings guards its counts too, in its own (option-less) words
        if (warmup != null) Bounds.notNegative("--warmup", warmup);
        if (invocations != null) Bounds.atLeast("--invocations", invocations, 1);
        if (sizeCalls != null) Bounds.notNegative("--size-calls", sizeCalls);
        if (reps != null) Bounds.atLeast("--reps", reps, 3); // the minimum and the maximum are dropped
        int length = stringLength.value();
        RunSettings base = quick ? RunSettings.quick(length) : RunSettings.full(length);
        RunMethod chosen = chosen();
        return new RunSettings(
                warmup != null ? warmup : base.warmupCalls(),
                reps != null ? reps : base.reps(),
                invocations != null ? invocations : base.invocations(),
                base.instantiationReps(),
                length,
                quick,
                scenarioOptions,
                sizeCalls != null ? sizeCalls : base.sizeCalls(),
                chosen);
    }
}
