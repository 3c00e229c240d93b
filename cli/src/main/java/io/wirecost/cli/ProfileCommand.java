package io.wirecost.cli;

import io.wirecost.attribution.RuleSet;
import io.wirecost.cli.attach.ExternalRunWriter;
import io.wirecost.cli.attach.JvmFacts;
import io.wirecost.cli.attach.ProcessRecording;
import io.wirecost.cli.common.Durations;
import io.wirecost.cli.common.Locations;
import io.wirecost.cli.common.OutputDirectory;
import io.wirecost.cli.common.Signals;
import io.wirecost.runner.AgentArguments;
import io.wirecost.runner.ProfilerSettings;
import io.wirecost.runner.ScenarioResult;
import io.wirecost.runner.UsageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code wirecost profile -- COMMAND...}: runs any command with the wirecost agent in every JVM it starts
 * (through JAVA_TOOL_OPTIONS, which every HotSpot JVM reads), one recording per JVM named by its main
 * class and pid, and writes a run directory.
 *
 * <pre>
 * ./wirecost profile --out runs/main -- ./load-test.sh
 * ./wirecost profile --from 10s --to 40s -- java -jar my-service.jar
 * </pre>
 *
 * Ctrl-C or SIGTERM to wirecost reaches the command (a terminal sends Ctrl-C to both; SIGTERM is
 * passed on), whose JVMs complete their recordings in their exit hooks; the run is written after.
 */
@Command(
        name = "profile",
        mixinStandardHelpOptions = true,
        description = "Run a command with the wirecost agent in every JVM it starts; write a run directory.")
final class ProfileCommand implements Callable<Integer> {

    @Option(
            names = "--from",
            description = "Record each JVM from this offset after its start (default: from the start).")
    String from;

    @Option(
            names = "--to",
            description = "Record each JVM until this offset after its start (default: until it exits).")
    String to;

    @Mixin
    ExternalRunOptions options;

    @Parameters(arity = "1..*", paramLabel = "COMMAND", description = "The command and its arguments, after --.")
    List<String> command;

    @Override
    public Integer call() throws Exception {
        ProfilerSettings profiler = options.profiler();
        options.checkRules();
        long fromNs = from == null ? 0 : Durations.parseOffsetNanos("--from", from);
        long toNs = to == null ? Long.MAX_VALUE : Durations.parseNanos("--to", to);
        if (toNs <= fromNs) throw new UsageException("--to must be after --from");
        // the user's options first: a bad --out is theirs to fix whether or not the agent is built
        if (options.out != null) OutputDirectory.create("--out", options.out);
        Path agentJar = Locations.agentJar().toAbsolutePath();
        if (!Files.isRegularFile(agentJar))
            throw new UsageException(
                    "profiler agent not found at " + agentJar + " (build with: mvn -q package -DskipTests)");
        Path dir = options.outputDirectory("profile");
        Path recordings = dir.resolve("recordings");
        for (Path p : List.of(agentJar, recordings)) {
            // JAVA_TOOL_OPTIONS splits on spaces and the agent's options on commas
            if (p.toString().matches(".*[\\s,].*"))
                throw new UsageException(
                        p + ": a path with a space or comma cannot go into JAVA_TOOL_OPTIONS; use --out elsewhere");
        }
        AgentArguments arguments = AgentArguments.of(profiler).with("dir", recordings);
        if (fromNs > 0) arguments.nanos("from", fromNs);
        if (toNs != Long.MAX_VALUE) arguments.nanos("to", toNs);
        String agent = arguments.javaagent(agentJar);

        ProcessBuilder pb = new ProcessBuilder(command).inheritIO();
        String existing = pb.environment().get("JAVA_TOOL_OPTIONS");
        pb.environment()
                .put("JAVA_TOOL_OPTIONS", agent + (existing == null || existing.isBlank() ? "" : " " + existing));
        long started = System.nanoTime();
        OffsetDateTime startedAt = OffsetDateTime.now();
        Process process;
        try {
            process = pb.start();
        } catch (IOException e) {
            throw new UsageException("cannot run '" + command.get(0) + "': " + e.getMessage());
        }
        passOn(process, "INT");
        passOn(process, "TERM");
        int exit = process.waitFor();
        double seconds = (System.nanoTime() - started) / 1e9;

        List<ProcessRecording> processes = collect(recordings, seconds);
        if (processes.isEmpty()) {
            throw new UsageException("'" + String.join(" ", command)
                    + "' started no JVM that read JAVA_TOOL_OPTIONS (exit status " + exit + ")");
        }
        RuleSet rules =
                options.ruleSet(processes.stream().map(ProcessRecording::file).toList());
        List<ScenarioResult> results = new ExternalRunWriter(dir, rules)
                .write(
                        ExternalRunOptions.metadata(
                                dir,
                                profiler,
                                processes.stream().map(ProcessRecording::name).toList(),
                                processes.get(0).facts(),
                                "profiled command: " + String.join(" ", command) + "; " + options.rulesApplied(),
                                startedAt),
                        processes);
        System.out.println("Results: " + dir + " (" + processes.size() + " JVM" + (processes.size() == 1 ? "" : "s")
                + "; results.json, shares.csv, table.md, report.html, recordings/, flames/)");
        if (exit != 0) System.err.println("wirecost: the command exited with status " + exit);
        return exit != 0 ? exit : results.stream().allMatch(ScenarioResult::ok) ? 0 : 1;
    }

    /**
     * wirecost stays alive on this signal (to write the run) and sends SIGTERM to the command and all its
     * descendants: a shell script's JVMs would not get a signal sent to the shell alone.
     */
    private static void passOn(Process process, String signal) {
        Signals.handle(signal, () -> {
            process.descendants().forEach(ProcessHandle::destroy);
            process.destroy();
        });
    }

    /** One entry per JVM that announced itself (its .properties), ordered by pid; names made unique by #2, #3. */
    static List<ProcessRecording> collect(Path recordings, double seconds) throws IOException {
        List<Path> announced;
        try (Stream<Path> s = Files.list(recordings)) {
            announced = s.filter(p -> p.toString().endsWith(".properties"))
                    .map(p -> p.resolveSibling(p.getFileName().toString().replaceFirst("\\.properties$", ".jfr")))
                    .sorted(Comparator.comparingLong(JvmFacts::pid))
                    .toList();
        }
        Map<String, Integer> seen = new HashMap<>();
        List<ProcessRecording> out = new ArrayList<>();
        for (Path jfr : announced) {
            String main = JvmFacts.main(jfr);
            int n = seen.merge(main, 1, Integer::sum);
            String error = Files.isRegularFile(jfr)
                    ? ""
                    : "no recording: the JVM exited before --from, or was killed with SIGKILL";
            out.add(new ProcessRecording(
                    n == 1 ? main : main + "#" + n, JvmFacts.pid(jfr), jfr, JvmFacts.beside(jfr), seconds, error));
        }
        return out;
    }
}
