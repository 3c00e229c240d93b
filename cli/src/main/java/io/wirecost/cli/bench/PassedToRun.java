package io.wirecost.cli.bench;

import io.wirecost.cli.common.Choice;
import io.wirecost.runner.CpuPinning;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The options {@code bench gate} hands unchanged to every {@code wirecost run} it starts. One place turns them into
 * run's words, for the runs and for the settings line of gate.json, so that the line says what the runs were given.
 */
final class PassedToRun {

    @Option(names = "--quick", description = "Pass --quick to every run.")
    boolean quick;

    @Option(names = "--warmup", description = "Pass --warmup N to every run.")
    Integer warmup;

    @Option(names = "--profiler", description = "Pass --profiler ENGINE to every run (none: no share lines, faster).")
    String profiler;

    @Option(
            names = "--pin-cpu",
            paramLabel = "auto|none|CPU",
            description = "Pass --pin-cpu to every run (default: run's own, auto).")
    String pinCpu;

    /** Refused here, not by the first run: a typo would otherwise cost a run directory and a JVM start. */
    void check() {
        if (profiler != null) Choice.among("--profiler", profiler, "async", "jfr", "none");
        if (pinCpu != null) CpuPinning.choose("--pin-cpu", pinCpu, false);
        if (warmup != null) io.wirecost.cli.common.Bounds.notNegative("--warmup", warmup);
    }

    /** The given ones as run's arguments, in this order; empty when none was given. */
    List<String> args() {
        List<String> args = new ArrayList<>();
        if (quick) args.add("--quick");
        if (warmup != null) args.addAll(List.of("--warmup", String.valueOf(warmup)));
        if (profiler != null) args.addAll(List.of("--profiler", profiler));
        if (pinCpu != null) args.addAll(List.of("--pin-cpu", pinCpu));
        return args;
    }

    /** {@link #args} for a settings line: " --quick --warmup 50", each word after a space. */
    String inWords() {
        StringBuilder sb = new StringBuilder();
        for (String a : args()) sb.append(' ').append(a);
        return sb.toString();
    }
}
