package io.wirecost.cli;

import io.wirecost.attribution.RecordingException;
import io.wirecost.attribution.RuleSet;
import io.wirecost.attribution.SampleCapture;
import io.wirecost.cli.common.Bounds;
import io.wirecost.cli.common.Choice;
import io.wirecost.cli.common.OutputDirectory;
import io.wirecost.diff.DiffFlames;
import io.wirecost.diff.DiffLine;
import io.wirecost.diff.DiffReport;
import io.wirecost.diff.Gate;
import io.wirecost.diff.JmcRuleDiff;
import io.wirecost.diff.RunData;
import io.wirecost.diff.RunDiff;
import io.wirecost.runner.AtomicFiles;
import io.wirecost.runner.UsageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code wirecost diff BASE_RUN CAND_RUN}: what changed between two runs, with verdicts a CI can gate on.
 * Exit status: 0 no regression (or no verdict possible: fewer than 3 repetitions a side), 1 at least one
 * regression after Holm's correction over all lines, 2 usage or input error (and, with {@code --strict}, no verdict).
 *
 * <pre>
 * ./wirecost run --scenarios rmi,rmi-ssl --repeat 3 --interleave --candidate-java-home /opt/jdk25 --out runs/ab
 * ./wirecost diff runs/ab/baseline runs/ab/candidate > comment.md
 * ./wirecost diff before.pb after.pb        # two OTLP profiles (or JFR recordings), as two profile runs
 * ./wirecost diff a1.jfr,a2.jfr,a3.jfr b1.jfr,b2.jfr,b3.jfr   # three a side, each a repetition: a verdict
 * </pre>
 */
@Command(
        name = "diff",
        mixinStandardHelpOptions = true,
        description = "Compare two runs: shares, round trips, message sizes, with confidence intervals and verdicts; "
                + "writes differential flame graphs. Exit 0: no regression, 1: regression, 2: bad input.")
final class DiffCommand implements Callable<Integer> {

    @Parameters(
            index = "0",
            paramLabel = "BASE_RUN",
            description =
                    "Baseline run directory (or its results.json), or profile files (OTLP or JFR), comma-separated: "
                            + "each a repetition, 3 a side for a verdict.")
    Path baseline;

    @Parameters(
            index = "1",
            paramLabel = "CAND_RUN",
            description =
                    "Candidate run directory (or its results.json), or profile files (OTLP or JFR), comma-separated.")
    Path candidate;

    @Option(
            names = "--format",
            defaultValue = "md",
            description = "md (a pull-request comment) or json (default: ${DEFAULT-VALUE}).")
    String format;

    @Option(
            names = "--rtt-threshold",
            defaultValue = "5",
            description = "Smallest round-trip change that counts, percent (default: ${DEFAULT-VALUE}).")
    double rttThreshold;

    @Option(
            names = "--share-threshold",
            defaultValue = "" + RunDiff.Thresholds.DEFAULT_SHARE_POINTS,
            description = "Smallest share change that counts, percentage points (default: ${DEFAULT-VALUE}).")
    double shareThreshold;

    @Option(
            names = "--size-threshold",
            defaultValue = "1",
            description =
                    "Smallest message-size change marked in the report, percent; sizes are reported, not gating (default: ${DEFAULT-VALUE}).")
    double sizeThreshold;

    @Option(
            names = {"-o", "--out"},
            description = "Where diff.md, diff.json and the differential flame graphs go (default: CAND_RUN/diff).")
    Path out;

    @Option(names = "--no-flames", description = "Skip the differential flame graphs.")
    boolean noFlames;

    @Mixin
    AlphaOption alpha;

    @Option(
            names = "--gate-min-share",
            defaultValue = "" + Gate.DEFAULT_MIN_SHARE_PERCENT,
            description = "A category's share line gates when it holds at least this percentage of its role's samples "
                    + "on either side; smaller categories are reported, not gating (default: ${DEFAULT-VALUE}).")
    double gateMinShare;

    @Option(
            names = "--strict",
            description =
                    "Exit 2 when no verdict can be given (fewer than 3 repetitions a side, runs measured differently or "
                            + "apart) instead of 0.")
    boolean strict;

    @Option(
            names = "--allow-apart",
            description =
                    "Give verdicts even when the runs were measured more than half an hour apart or on different hosts "
                            + "(a stored baseline): the gate's error rates were measured for runs one straight after the other, "
                            + "and the machine's own speed moves the figures between hours (docs/ci-gate.md).")
    boolean allowApart;

    @Override
    public Integer call() throws Exception {
        Choice.among("--format", format, "md", "json");
        Bounds.notNegative("--rtt-threshold", rttThreshold);
        Bounds.notNegative("--share-threshold", shareThreshold);
        Bounds.notNegative("--size-threshold", sizeThreshold);
        double level = alpha.alpha();
        if (!(gateMinShare >= 0 && gateMinShare <= 100)) {
            throw new UsageException(
                    "--gate-min-share must be a percentage between 0 and 100 (e.g. 5), got " + gateMinShare);
        }
        List<Path> baseFiles = sideFiles("BASE_RUN", baseline);
        List<Path> candFiles = sideFiles("CAND_RUN", candidate);
        if (out != null) OutputDirectory.create("--out", out);
        Path dir = out != null
                ? out
                : (Files.isDirectory(candidate)
                                ? candidate
                                : candFiles.get(0).toAbsolutePath().getParent())
                        .resolve("diff");
        Path baseRun = baseline;
        Path candRun = candidate;
        // the differential flame graphs replay what each profile file's attribution replayed: one reading a file
        java.util.function.Function<Path, SampleCapture> kept = p -> null;
        boolean profiles = ProfileRun.isProfile(baseFiles.get(0));
        if (profiles != ProfileRun.isProfile(candFiles.get(0)))
            throw new UsageException("diff compares two runs or two profile files, not one of each (" + baseline
                    + (profiles ? " is a profile file, " : " is a run, ") + candidate
                    + (profiles ? " a run)" : " a profile file)"));
        if (profiles) {
            sameProfilesRefused(baseFiles, candFiles);
            // each side as the run directory `profile` would have made of it, classified by one rule set
            // each file read once: pack:auto's reading of it is what its side's attribution replays
            Map<Path, SampleCapture> captures = new HashMap<>();
            List<Path> all = new java.util.ArrayList<>(baseFiles);
            all.addAll(candFiles);
            RuleSet rules = ProfileRun.rules(all, captures);
            baseRun = ProfileRun.write(
                    baseFiles, OutputDirectory.create("--out", dir.resolve("baseline")), rules, captures);
            candRun = ProfileRun.write(
                    candFiles, OutputDirectory.create("--out", dir.resolve("candidate")), rules, captures);
            Map<Path, SampleCapture> byCopy = new HashMap<>();
            for (Map.Entry<Path, List<Path>> side :
                    Map.of(baseRun, baseFiles, candRun, candFiles).entrySet())
                for (int i = 0; i < side.getValue().size(); i++) {
                    SampleCapture c = captures.get(side.getValue().get(i));
                    if (c != null)
                        byCopy.put(
                                ProfileRun.copy(
                                        side.getValue().get(i),
                                        side.getKey(),
                                        i + 1,
                                        side.getValue().size()),
                                c);
                }
            kept = byCopy::get;
        }
        RunData base;
        RunData cand;
        try {
            base = RunData.read(baseRun);
            cand = RunData.read(candRun);
        } catch (RunData.BadRunException e) {
            throw new UsageException(e.getMessage());
        }
        if (!profiles) sameRunRefused(); // after reading: a file that is no run says what is wrong with it first
        if (base.scenarios().keySet().stream().noneMatch(cand.scenarios()::containsKey)) {
            throw new UsageException("the runs have no scenario in common ("
                    + base.scenarios().keySet() + " vs " + cand.scenarios().keySet() + ")");
        }
        RunDiff.Thresholds t = new RunDiff.Thresholds(rttThreshold, shareThreshold, sizeThreshold);
        List<DiffLine> lines = new java.util.ArrayList<>(new RunDiff().compare(base, cand));
        // by library, from the agent's .artifacts files: shown beside the verdicts, outside Holm's family (see
        // ArtifactShares)
        lines.addAll(io.wirecost.diff.ArtifactShares.lines(baseRun, candRun));
        DiffReport report = new DiffReport(
                base,
                cand,
                new Gate(t, level, gateMinShare, allowApart).judge(base, cand, lines),
                t,
                profiles ? DiffReport.NO_VERDICT_PROFILES : DiffReport.NO_VERDICT);
        // JMC's rules: a section of its own, reported beside the verdicts, never changing the exit status
        List<JmcRuleDiff.Rise> rises = JmcRuleDiff.rises(baseRun, candRun);
        String md = report.markdown() + JmcRuleDiff.markdown(rises);
        String json = JmcRuleDiff.json(report.json(), rises);
        AtomicFiles.write(dir.resolve("diff.md"), md);
        AtomicFiles.write(dir.resolve("diff.json"), json);
        if (!noFlames) flames(dir, baseRun, candRun, kept);
        System.out.print(format.equals("json") ? json : md);
        System.err.println("wirecost: diff written to " + dir);
        if (report.regressions() > 0) return 1;
        if (!report.complete()) {
            System.err.println("wirecost: " + report.noVerdictReason() + (strict ? " (--strict: exit 2)" : ""));
            return strict ? 2 : 0;
        }
        return 0;
    }

    /**
     * A run compared with itself (the same directory, its results.json, or a link to it) gives no verdict and a page
     * of zero changes that reads like a clean gate: in a CI script it is a wrong variable, and it is said so.
     */
    private void sameRunRefused() throws IOException {
        Path a = runOf(baseline);
        Path b = runOf(candidate);
        if (Files.exists(a) && Files.exists(b) && Files.isSameFile(a, b))
            throw new UsageException("BASE_RUN and CAND_RUN are the same run (" + baseline + ", " + candidate
                    + "): diff compares two runs");
    }

    /**
     * A side's profile files ({@link ProfileRun#files}); a list of several must name profile files only, each a
     * repetition of the side.
     */
    private static List<Path> sideFiles(String label, Path side) {
        List<Path> files = ProfileRun.files(side);
        if (files.size() > 1)
            for (Path f : files)
                if (!ProfileRun.isProfile(f))
                    throw new UsageException(label + " " + side + ": " + f + " is "
                            + (Files.exists(f) ? "not a profile file" : "not there")
                            + " (a comma-separated list names profile files, OTLP or JFR)");
        return files;
    }

    /** The same profiles on both sides: as {@link #sameRunRefused}, a wrong variable in a CI script. */
    private void sameProfilesRefused(List<Path> base, List<Path> cand) throws IOException {
        if (base.size() != cand.size()) return;
        for (int i = 0; i < base.size(); i++) if (!Files.isSameFile(base.get(i), cand.get(i))) return;
        throw new UsageException("BASE_RUN and CAND_RUN are the same " + (base.size() == 1 ? "profile" : "profiles")
                + " (" + baseline + ", " + candidate + "): diff compares two");
    }

    private static Path runOf(Path p) {
        return p.getFileName() != null && p.getFileName().toString().equals("results.json") && Files.isRegularFile(p)
                ? p.toAbsolutePath().getParent()
                : p;
    }

    /** diff/<scenario>-<role>.html for every scenario and role recorded on both sides (all repetitions). */
    private void flames(Path dir, Path baseRun, Path candRun, java.util.function.Function<Path, SampleCapture> kept)
            throws IOException {
        try {
            for (Map.Entry<String, String> page : DiffFlames.render(
                            baseRun, candRun, baseline + " vs " + candidate, kept)
                    .entrySet()) AtomicFiles.write(dir.resolve(page.getKey() + ".html"), page.getValue());
        } catch (RecordingException e) {
            throw new UsageException(e.getMessage());
        }
    }
}
