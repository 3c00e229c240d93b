package io.wirecost.cli.bench;

import io.wirecost.cli.AlphaOption;
import io.wirecost.cli.common.Bounds;
import io.wirecost.diff.CpuCsv;
import io.wirecost.diff.RunData;
import io.wirecost.runner.UsageException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code wirecost bench gate}: the CI gate's error rates, measured. Each pair runs three separate
 * {@code wirecost run} invocations, as a CI compares a stored baseline with a new build: baseline A,
 * a candidate with {@code inject.cpu-us} (a regression of known size), and baseline B. The A/A diff
 * (A vs B) exiting 1 is a false alarm; the injected diff (A vs candidate) exiting 1 is a detection.
 * With {@code --interleave}, as the README's CI workflow runs: two {@code run --interleave} invocations a pair,
 * each a baseline and a candidate whose repetitions alternate (the A/A candidate with {@code inject.cpu-us=0}),
 * and each diff compares the two sides of one run.
 *
 * <pre>
 * ./wirecost bench gate --pairs 10 --repeat 3 --quick --inject-percent 10
 * </pre>
 */
@Command(
        name = "gate",
        mixinStandardHelpOptions = true,
        description =
                "False-alarm and detection rates of wirecost diff on A/A and injected-regression pairs of separate runs.")
public final class GateBench implements Callable<Integer> {

    @Option(
            names = "--pairs",
            defaultValue = "10",
            description = "A/A and injected comparisons, each (default: ${DEFAULT-VALUE}).")
    int pairs;

    @Option(
            names = "--repeat",
            defaultValue = "3",
            description = "Repetitions per run, as `run --repeat` (default: ${DEFAULT-VALUE}).")
    int repeat;

    @Option(names = "--inject-cpu-us", description = "Injected regression: server CPU microseconds per call.")
    Double injectCpuMicros;

    @Option(
            names = "--inject-percent",
            defaultValue = "10",
            description =
                    "Injected regression as a percentage of the first baseline's CPU per call (all roles, primitives' geometric "
                            + "mean, from its cpu.csv); ignored with --inject-cpu-us (default: ${DEFAULT-VALUE}).")
    double injectPercent;

    @Option(
            names = "--scenario",
            defaultValue = "rmi",
            description =
                    "Scenario to run (default: ${DEFAULT-VALUE}; inject.cpu-us works in rmi and the web-service, REST and gRPC scenarios).")
    String scenario;

    @Mixin
    PassedToRun passed;

    @Mixin
    AlphaOption alpha;

    @Option(
            names = "--interleave",
            description = "Each comparison one `run --interleave` of a baseline and a candidate, their repetitions "
                    + "alternating (the README's CI workflow); the A/A candidate sets inject.cpu-us=0. Default: "
                    + "separate runs, as a CI compares a stored baseline.")
    boolean interleave;

    @Option(
            names = {"-o", "--out"},
            description = "Where the runs and gate.json go (default: runs/bench-gate-<time>).")
    Path out;

    @Override
    public Integer call() throws Exception {
        alpha.alpha(); // checked before the first run: a bad level would fail every diff
        Bounds.within("--pairs", pairs, 1, 1000);
        Bounds.within("--repeat", repeat, 1, 50);
        if (injectCpuMicros != null && !(injectCpuMicros > 0))
            throw new UsageException("--inject-cpu-us must be > 0, got " + injectCpuMicros);
        if (!(injectPercent > 0)) throw new UsageException("--inject-percent must be > 0, got " + injectPercent);
        // checked here, not by the first run: a typo would otherwise cost a run directory and a JVM start
        ScenarioName.check(scenario);
        passed.check();
        if (out != null) io.wirecost.cli.common.OutputDirectory.create("--out", out);
        Path dir = out != null
                ? out
                : Path.of(
                        "runs",
                        "bench-gate-"
                                + java.time.LocalDateTime.now(java.time.ZoneId.systemDefault())
                                        .withNano(0)
                                        .toString()
                                        .replace(':', '-'));
        Files.createDirectories(dir);
        GateRuns runs = new GateRuns(scenario, repeat, passed.args(), interleave, alpha.alpha());
        List<GateSummary.Comparison> done = new ArrayList<>();
        double injected = injectCpuMicros != null ? injectCpuMicros : Double.NaN;
        long start = System.nanoTime();
        for (int i = 1; i <= pairs; i++) {
            double load = LoadAverage.oneMinute();
            GateRuns.Sides aa;
            GateRuns.Sides injectedSides;
            if (interleave) {
                // an A/A run whose candidate injects nothing (inject.cpu-us=0 is the baseline's code path), then the
                // injected one; each diff compares the two sides of one run, as the README's CI workflow does
                aa = GateRuns.Sides.of(runs.run(dir, "p" + i + "-aa", 0.0));
                if (Double.isNaN(injected)) injected = percentOfCpu(aa.baseline());
                injectedSides = GateRuns.Sides.of(runs.run(dir, "p" + i + "-injected", injected));
            } else {
                Path a = runs.run(dir, "p" + i + "-a", null);
                if (Double.isNaN(injected)) injected = percentOfCpu(a);
                Path c = runs.run(dir, "p" + i + "-injected", injected);
                aa = new GateRuns.Sides(a, runs.run(dir, "p" + i + "-b", null));
                injectedSides = new GateRuns.Sides(a, c);
            }
            done.add(runs.compare(i, "aa", aa, dir.resolve("p" + i + "-aa-diff"), load));
            done.add(runs.compare(i, "injected", injectedSides, dir.resolve("p" + i + "-injected-diff"), load));
            System.err.printf(
                    Locale.ROOT,
                    "pair %d/%d: A/A exit %d, injected exit %d (load %.2f)%n",
                    i,
                    pairs,
                    done.get(done.size() - 2).exit(),
                    done.get(done.size() - 1).exit(),
                    load);
            // after every pair, so that a bench stopped after hours (or killed) keeps the rates of the pairs it did
            GateSummary.write(dir, settings(injected), injected, pairs, i, done);
        }
        Proportion falseAlarms = GateSummary.rate(done, "aa");
        Proportion detections = GateSummary.rate(done, "injected");
        long errors = done.stream().filter(c -> c.exit() > 1).count();
        System.out.println("wirecost bench gate: " + settings(injected));
        System.out.printf(
                Locale.ROOT,
                "false alarms (A/A diffs that exit 1): %s; at most %.1f %% (one-sided 95 %%)%n",
                falseAlarms,
                100 * falseAlarms.atMost());
        System.out.printf(
                Locale.ROOT,
                "detections (injected diffs that exit 1): %s; at least %.1f %% (one-sided 95 %%)%n",
                detections,
                100 * detections.atLeast());
        if (errors > 0) System.out.println(errors + " diffs failed (exit 2), counted as neither; see " + dir);
        String withheld = GateSummary.withheldLine(done);
        if (!withheld.isEmpty()) System.out.println(withheld);
        System.out.printf(
                Locale.ROOT,
                "load average (1 min) at the pairs' start: %.2f to %.2f; %d runs in %.1f min%n",
                done.stream()
                        .mapToDouble(GateSummary.Comparison::loadBefore)
                        .min()
                        .orElse(0),
                done.stream()
                        .mapToDouble(GateSummary.Comparison::loadBefore)
                        .max()
                        .orElse(0),
                (interleave ? 2 : 3) * pairs,
                (System.nanoTime() - start) / 6e10);
        return 0;
    }

    private String settings(double injected) {
        return String.format(
                Locale.ROOT,
                "scenario %s, --repeat %d%s%s, alpha %.2f, injected %.1f µs of server CPU per call",
                scenario,
                repeat,
                interleave ? " --interleave (baseline and candidate in one run)" : " (separate runs)",
                passed.inWords(),
                alpha.alpha(),
                injected);
    }

    /** The regression to inject, from the first baseline's CPU per call. */
    private double percentOfCpu(Path run) throws RunData.BadRunException {
        CpuCsv.Figure f = CpuCsv.read(run.resolve("cpu.csv"))
                .getOrDefault(scenario, Map.of())
                .get("all/primitives-geomean");
        if (f == null) {
            throw new UsageException("--inject-percent needs CPU per call in " + run.resolve("cpu.csv")
                    + "; give --inject-cpu-us N instead");
        }
        return f.micros() * injectPercent / 100;
    }
}
