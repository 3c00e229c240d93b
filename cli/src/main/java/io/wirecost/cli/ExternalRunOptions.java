package io.wirecost.cli;

import io.wirecost.attribution.FramesSeen;
import io.wirecost.attribution.RuleLayers;
import io.wirecost.attribution.RuleSet;
import io.wirecost.attribution.SampleCapture;
import io.wirecost.cli.attach.ExternalRunWriter;
import io.wirecost.cli.attach.ProcessRecording;
import io.wirecost.cli.common.Durations;
import io.wirecost.cli.common.OutputDirectory;
import io.wirecost.runner.ProfilerSettings;
import io.wirecost.runner.RunMetadata;
import io.wirecost.runner.ScenarioResult;
import io.wirecost.runner.UsageException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/** What {@code attach} and {@code profile} share: where the run goes, how to sample, which rules. */
final class ExternalRunOptions {

    @Option(
            names = {"-o", "--out"},
            paramLabel = "DIR",
            description = "Run directory (default: a new folder under runs/).")
    Path out;

    @Option(
            names = "--profiler",
            defaultValue = "async",
            description = "async (async-profiler) or jfr (default: ${DEFAULT-VALUE}).")
    String engine;

    @Option(names = "--event", description = "async-profiler event: cpu, ctimer, itimer or wall (default: itimer).")
    String event;

    @Option(names = "--interval", defaultValue = "10ms", description = "Sampling interval (default: ${DEFAULT-VALUE}).")
    String interval;

    @Option(
            names = "--rules",
            paramLabel = "FILE|pack:NAME|pack:auto",
            description =
                    "Rule file or built-in pack (wirecost rules --list) layered over the defaults; repeatable, later wins. "
                            + "Default: pack:auto (every pack whose classes the recordings hold); giving --rules replaces it.")
    List<String> rules = new ArrayList<>();

    /** An unknown JVM runs libraries the built-in rules do not know: detect their packs unless the user chose. */
    List<String> layers() {
        return rules.isEmpty() ? List.of(RuleLayers.AUTO) : rules;
    }

    ProfilerSettings profiler() {
        String engine =
                ProfilerOptions.engine(List.of(ProfilerOptions.Engine.ASYNC, ProfilerOptions.Engine.JFR), this.engine);
        return new ProfilerSettings(
                engine, ProfilerOptions.event(engine, event, "itimer"), Durations.parseNanos("--interval", interval));
    }

    /** Checks the layers before anything is recorded: a typo in a file or pack name fails now, not after the run. */
    void checkRules() {
        for (String r : layers()) {
            if (!r.startsWith(RuleLayers.PACK_PREFIX) && !Files.isRegularFile(Path.of(r)))
                throw new UsageException("--rules " + r + ": no such file");
        }
        ruleSet(List.of());
    }

    /** The packs {@code pack:auto} applied, once {@link #ruleSet} has detected them. */
    private final LoadedRules loaded = new LoadedRules();

    /** What pack:auto's detection read of each recording, until the writer's attribution replays it. */
    private final Map<Path, SampleCapture> kept = new java.util.HashMap<>();

    /**
     * The rule set for these recordings: {@code pack:auto} reads the ones that were written to detect the packs, and
     * keeps that reading for {@link #write}'s attribution of CPU samples.
     */
    RuleSet ruleSet(List<Path> recordings) {
        List<Path> written = recordings.stream().filter(Files::isRegularFile).toList();
        return loaded.loadDetecting(
                layers(), true, () -> written.isEmpty() ? new FramesSeen() : PackDetection.ofRun(written, false, kept));
    }

    /** The rules the run's shares come from, for its metadata: "built-in rules + pack:auto (h2, jdbc)". */
    String rulesApplied() {
        return "built-in rules + "
                + String.join(" + ", layers().stream().map(loaded::named).toList());
    }

    /**
     * Creates the {@code --out} the user gave before the agent is looked for or the process checked: a path that
     * cannot be a directory is the user's to fix whatever they are (the default directory is made after them).
     */
    void checkOut() {
        if (out != null) OutputDirectory.create("--out", out);
    }

    /**
     * The command failed before it wrote a run: removes the folders {@link #outputDirectory} made in the run directory
     * that nothing filled ({@code recordings/} and its repetitions' folders), so that a directory the user gave is left
     * as it was; the run directory and its parents, where this command made them, go as every command's do
     * ({@link OutputDirectory#removeMadeIfEmpty}). Files are kept: a recording a JVM wrote is the user's.
     */
    void abandon(Path dir) {
        OutputDirectory.removeEmpty(dir.resolve("recordings"));
    }

    /** The run directory, created; {@code prefix} names the default one (attach-PID-..., profile-...). */
    Path outputDirectory(String prefix) throws Exception {
        Path dir = OutputDirectory.fresh("--out", out, prefix + "-", "results.json", "a run");
        Files.createDirectories(dir.resolve("recordings"));
        return dir.toAbsolutePath();
    }

    /**
     * Classifies the recordings and writes the run directory. The tables name the JVMs of the first repetition;
     * {@code how} says what was profiled, the rules applied are added to it.
     */
    List<ScenarioResult> write(
            Path dir,
            ProfilerSettings profiler,
            List<ProcessRecording> processes,
            String how,
            OffsetDateTime started,
            int repeat)
            throws Exception {
        RuleSet rules = ruleSet(processes.stream().map(ProcessRecording::file).toList());
        List<String> names = processes.stream()
                .filter(p -> p.repetition() == 1)
                .map(ProcessRecording::name)
                .toList();
        RunMetadata meta = ExternalRunMetadata.of(
                dir, profiler, names, processes.get(0).facts(), how + "; " + rulesApplied(), started, repeat);
        return new ExternalRunWriter(dir, rules, kept::remove).write(meta, processes);
    }
}
