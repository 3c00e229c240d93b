package io.wirecost.cli.attach;

import io.wirecost.attribution.AttributionMode;
import io.wirecost.attribution.Attributor;
import io.wirecost.attribution.RecordingSummary;
import io.wirecost.attribution.RuleSet;
import io.wirecost.attribution.SampleCapture;
import io.wirecost.attribution.SampleMode;
import io.wirecost.report.ArtifactTable;
import io.wirecost.report.EndpointTable;
import io.wirecost.report.HtmlReport;
import io.wirecost.report.RelativeTimeTable;
import io.wirecost.report.ResultsJson;
import io.wirecost.report.RunHeader;
import io.wirecost.report.SharesCsv;
import io.wirecost.runner.AtomicFiles;
import io.wirecost.runner.CpuStatistics;
import io.wirecost.runner.Estimate;
import io.wirecost.runner.FlameFile;
import io.wirecost.runner.Repetitions;
import io.wirecost.runner.RoleAttribution;
import io.wirecost.runner.RunCoordinator;
import io.wirecost.runner.RunMetadata;
import io.wirecost.runner.ScenarioFacts;
import io.wirecost.runner.ScenarioResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The run directory of {@code attach} and {@code profile}, in {@code run}'s format so that attribute,
 * flame, diff and the report read it unchanged: one "scenario" per profiled JVM, its samples under the
 * role {@code all}; no round trips or message sizes (wirecost drove no calls). With repetitions ({@code profile
 * --repeat}) results.json and endpoints.csv hold every repetition, for diff's tests across them; the tables, the
 * report and the flame graphs show the first, as {@code run}'s do.
 */
public final class ExternalRunWriter {

    private final Path dir;
    private final RuleSet rules;
    /** The CPU samples pack:auto's detection kept of a recording, taken once, or null: the recording is read. */
    private final Function<Path, SampleCapture> kept;

    public ExternalRunWriter(Path dir, RuleSet rules) {
        this(dir, rules, file -> null);
    }

    public ExternalRunWriter(Path dir, RuleSet rules, Function<Path, SampleCapture> kept) {
        this.dir = dir;
        this.rules = rules;
        this.kept = kept;
    }

    /** Writes every file; a process whose recording cannot be read is listed as failed, the others still count. */
    public List<ScenarioResult> write(RunMetadata meta, List<ProcessRecording> processes) throws Exception {
        // the samples count as the profiler took them: CPU, or wall with --event wall
        return writeFiles(meta, attribute(meta.sampleMode(), processes));
    }

    /**
     * Each process's recording read and attributed, and its flame graph written: the run's results before its files,
     * for a caller whose metadata says what the recordings do ({@code diff} of profile files names their profiler).
     */
    public List<ScenarioResult> attribute(SampleMode mode, List<ProcessRecording> processes) {
        List<ScenarioResult> results = new ArrayList<>();
        for (ProcessRecording p : processes) results.add(result(p, mode));
        return results;
    }

    /** The run's files of results {@link #attribute} gave. */
    public List<ScenarioResult> writeFiles(RunMetadata meta, List<ScenarioResult> results) throws Exception {
        AtomicFiles.write(
                dir.resolve("results.json"),
                ResultsJson.render(meta, results, null, EndpointTable.sampler(dir, results, rules)));
        List<ScenarioResult> first = RunCoordinator.firstRepetitions(results);
        AtomicFiles.write(dir.resolve("shares.csv"), SharesCsv.render(first));
        // profile: each JVM's CPU per run of the command, over the repetitions, for diff and the history
        if (results.stream().anyMatch(r -> !r.cpu().isEmpty()))
            AtomicFiles.write(dir.resolve("cpu.csv"), io.wirecost.report.CpuCsv.render(results));
        // endpoints=on: CPU per request by endpoint, each repetition, for diff's per-endpoint lines
        if (EndpointTable.present(dir, results))
            AtomicFiles.write(dir.resolve("endpoints.csv"), EndpointTable.csv(dir, results, rules));
        AtomicFiles.write(dir.resolve("table.md"), markdown(meta, first, Repetitions.cpu(results)));
        AtomicFiles.write(dir.resolve("report.html"), HtmlReport.render(meta, first, rules, dir));
        return results;
    }

    private ScenarioResult result(ProcessRecording p, SampleMode mode) {
        String error = p.error();
        Map<String, RoleAttribution> shares = Map.of();
        if (error.isEmpty()) {
            try {
                if (!Files.isRegularFile(p.file()) || Files.size(p.file()) == 0)
                    throw new IllegalStateException("no recording was written");
                // detection keeps CPU samples by (stack, thread), as the classifier and the HTML graph sum them
                SampleCapture kept = mode == SampleMode.CPU ? this.kept.apply(p.file()) : null;
                Attributor.Source source = kept != null
                        ? Attributor.Source.replayed("all", kept)
                        : Attributor.Source.file("all", p.file());
                Attributor.Attributed read = new Attributor(rules, mode, AttributionMode.SELF).readAll(List.of(source));
                RecordingSummary s = read.parts().get(0).summary();
                shares = Map.of(
                        "all",
                        new RoleAttribution(
                                "all",
                                read.all()
                                        .toAttribution(s.producer() + " " + mode.samplesWord() + " samples: "
                                                + s.eventCounts()),
                                List.of(s)));
                String title = "wirecost " + p.name() + " pid " + p.pid() + " (" + mode.samplesWord() + ")";
                if (p.repetition() == 1 && kept != null) FlameFile.write(dir, p.name() + "-all", title, rules, kept);
                else if (p.repetition() == 1) FlameFile.write(dir, p.name() + "-all", title, rules, mode, p.file());
            } catch (Exception e) {
                error = p.file().getFileName() + ": "
                        + String.valueOf(e.getMessage()).lines().findFirst().orElse("");
            }
        }
        return new ScenarioResult(
                p.name(),
                p.repetition(),
                "",
                error.isEmpty() ? "ok" : "failed",
                error,
                p.seconds(),
                0,
                List.of(),
                List.of(),
                shares,
                ScenarioFacts.ofJvm(p.facts()),
                Map.of(),
                Map.of("all", dir.relativize(p.file()).toString()),
                List.of(),
                "not measured: wirecost profiled this JVM, it did not drive its calls",
                commandCpu(p),
                Map.of());
    }

    /** ", CPU 3.66 s [3.36, 3.97] per run of the command (3 runs)": the figure cpu.csv holds, in seconds. */
    static String cpuPerRun(Repetitions.Figure f) {
        Estimate e = f.estimate();
        // CPU time is never negative: a t interval of two or three spread runs can reach below zero, and cutting it
        // at zero keeps its coverage while not printing a time no run can take
        return String.format(
                java.util.Locale.ROOT,
                ", CPU %.3f s%s per run of the command (%d run%s)",
                e.value() / 1e6,
                e.known()
                        ? String.format(
                                java.util.Locale.ROOT, " [%.3f, %.3f]", Math.max(0, e.low()) / 1e6, e.high() / 1e6)
                        : "",
                f.repetitions(),
                f.repetitions() == 1 ? "" : "s");
    }

    /**
     * A profiled command's JVM: its CPU time over the recording of this run of the command, as the CPU of one call
     * (operation {@link io.wirecost.diff.CpuCsv#COMMAND}), which the repetitions' spread gives an interval in cpu.csv.
     */
    private static List<CpuStatistics> commandCpu(ProcessRecording p) {
        if (p.cpuNanos() < 0 || !p.error().isEmpty()) return List.of();
        return List.of(new CpuStatistics(
                io.wirecost.diff.CpuCsv.COMMAND,
                "all",
                new Estimate(p.cpuNanos() / 1e3, Double.NaN, Double.NaN, 0),
                1,
                List.of()));
    }

    private String markdown(RunMetadata meta, List<ScenarioResult> results, List<Repetitions.Figure> cpu) {
        StringBuilder sb = RunHeader.open(meta).append(RunHeader.profiler(meta));
        for (ScenarioResult r : results) {
            sb.append("- ")
                    .append(r.scenario())
                    .append(": ")
                    .append(r.facts().jvm().getOrDefault("java.vm.name", "?"))
                    .append(' ')
                    .append(r.facts().jvm().getOrDefault("java.version", "?"))
                    .append(", pid ")
                    .append(r.facts().jvm().getOrDefault("pid", "?"))
                    .append(Repetitions.find(cpu, r.scenario(), io.wirecost.diff.CpuCsv.COMMAND, "all")
                            .map(ExternalRunWriter::cpuPerRun)
                            .orElse(""))
                    .append(r.ok() ? "" : " **failed**: " + r.error())
                    .append('\n');
        }
        sb.append('\n')
                .append(RelativeTimeTable.relativeTime(results, rules, "all", meta.sampleMode())
                        .markdown());
        sb.append(ArtifactTable.of(dir, results, ArtifactTable.TOP).markdown());
        if (EndpointTable.present(dir, results))
            sb.append(EndpointTable.of(dir, results, rules).markdown());
        return sb.toString();
    }
}
