package io.wirecost.cli.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.wirecost.cli.common.Locations;
import io.wirecost.runner.ChildProcesses;
import io.wirecost.runner.UsageException;
import io.wirecost.scenarios.InjectedWork;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * How {@code bench gate} runs and diffs: each {@code wirecost run} and {@code wirecost diff} a separate CLI process,
 * as a CI starts them, logged beside its output, and a diff read back as its exit and its verdict. {@link GateBench}
 * decides what each pair compares and counts the outcomes; the commands' spelling and the processes are kept here.
 */
final class GateRuns {

    /** The two runs a diff compares: separate runs, or the two sides of one {@code run --interleave}. */
    record Sides(Path baseline, Path candidate) {
        static Sides of(Path interleavedRun) {
            return new Sides(interleavedRun.resolve("baseline"), interleavedRun.resolve("candidate"));
        }
    }

    private final String scenario;
    private final int repeat;
    /** The options passed on to every run ({@link PassedToRun#args}). */
    private final List<String> passedArgs;

    private final boolean interleave;
    private final double alpha;

    GateRuns(String scenario, int repeat, List<String> passedArgs, boolean interleave, double alpha) {
        this.scenario = scenario;
        this.repeat = repeat;
        this.passedArgs = List.copyOf(passedArgs);
        this.interleave = interleave;
        this.alpha = alpha;
    }

    /** A {@code wirecost run} named {@code name} in {@code dir}, injecting {@code cpuMicros} where not null. */
    Path run(Path dir, String name, Double cpuMicros) throws Exception {
        Path runDir = dir.resolve(name);
        List<String> args = new ArrayList<>(List.of(
                "run", "--scenarios", scenario, "--repeat", String.valueOf(repeat), "--out", runDir.toString()));
        args.addAll(passedArgs);
        if (interleave) {
            args.addAll(
                    List.of("--interleave", "--candidate-scenario-option", InjectedWork.CPU_OPTION + "=" + cpuMicros));
        } else if (cpuMicros != null) {
            args.addAll(List.of("--scenario-option", InjectedWork.CPU_OPTION + "=" + cpuMicros));
        }
        int exit = cli(args, dir.resolve(name + ".log"));
        // interleaved, the candidate's results are written last
        Path results = (interleave ? runDir.resolve("candidate") : runDir).resolve("results.json");
        if (exit != 0 || !Files.isRegularFile(results)) {
            throw new UsageException(
                    "wirecost run " + name + " failed (exit " + exit + "); see " + dir.resolve(name + ".log"));
        }
        return runDir;
    }

    /** The diff of {@code sides} into {@code diffDir}: its exit, and why it withheld its verdict, if it did. */
    GateSummary.Comparison compare(int pair, String kind, Sides sides, Path diffDir, double load) throws Exception {
        int exit = diff(sides.baseline(), sides.candidate(), diffDir);
        String verdict = "given";
        Path json = diffDir.resolve("diff.json");
        if (Files.isRegularFile(json)) {
            verdict = new ObjectMapper().readTree(json.toFile()).path("verdict").asText("given");
        }
        return new GateSummary.Comparison(pair, kind, exit, verdict.equals("given") ? "" : verdict, load);
    }

    private int diff(Path base, Path cand, Path diffDir) throws Exception {
        return cli(
                List.of(
                        "diff",
                        base.toString(),
                        cand.toString(),
                        "--no-flames",
                        "--alpha",
                        String.valueOf(alpha),
                        "--out",
                        diffDir.toString()),
                diffDir.resolveSibling(diffDir.getFileName() + ".log"));
    }

    /** A separate CLI process, as CI would start one: same JVM binary, classpath and locations as this one. */
    private static int cli(List<String> args, Path log) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dwirecost.home=" + Locations.projectRoot(),
                "-Dwirecost.agent.jar=" + Locations.agentJar(),
                "-cp",
                System.getProperty("java.class.path"),
                "io.wirecost.cli.Main"));
        cmd.addAll(args);
        Process p = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        ChildProcesses.watch(p); // a bench stopped by SIGTERM stops its run, which stops its JVMs
        try {
            return p.waitFor();
        } finally {
            ChildProcesses.forget(p);
        }
    }
}
