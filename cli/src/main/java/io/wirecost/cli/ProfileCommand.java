package io.wirecost.cli;

import io.wirecost.cli.attach.ProcessRecording;
import io.wirecost.cli.common.Bounds;
import io.wirecost.cli.common.Locations;
import io.wirecost.cli.common.Offsets;
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
import java.util.List;
import java.util.concurrent.Callable;
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
 * ./wirecost profile --endpoints --repeat 5 --out runs/main -- ./load-test.sh
 * </pre>
 *
 * With {@code --repeat N} the command runs N times, one after the other, each JVM in fresh processes: the
 * repetitions {@code diff} needs to test a change against the spread between runs (CPU per request of each
 * endpoint with {@code --endpoints}, shares). The recordings of repetition K go to {@code recordings/rep-K/}.
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

    @Option(
            names = "--endpoints",
            description = "Record request boundaries (servlets, JAX-RS, Spring MVC, gRPC): CPU per request by endpoint"
                    + " in the run's tables and endpoints.csv, for diff (agent option endpoints=on).")
    boolean endpoints;

    @Option(
            names = "--repeat",
            defaultValue = "1",
            description = "Run the command this many times, one after the other (use 5 for diffs; default: 1).")
    int repeat;

    @Mixin
    ExternalRunOptions options;

    @Parameters(arity = "1..*", paramLabel = "COMMAND", description = "The command and its arguments, after --.")
    List<String> command;

    @Override
    public Integer call() throws Exception {
        ProfilerSettings profiler = options.profiler();
        options.checkRules();
        Offsets window = Offsets.of(from, to);
        Bounds.atLeast("--repeat", repeat, 1);
        if (endpoints && profiler.event().equals("wall"))
            throw new UsageException("--endpoints measures CPU per request: not with --event wall");
        options.checkOut();
        Path agentJar = Locations.requireAgentJar(Locations.agentJar().toAbsolutePath());
        Path dir = options.outputDirectory("profile");
        OffsetDateTime startedAt = OffsetDateTime.now(java.time.ZoneId.systemDefault());
        List<ProcessRecording> processes = new ArrayList<>();
        int exit = 0;
        try {
            exit = repetitions(dir, agentJar, profiler, window, processes);
        } catch (UsageException e) {
            options.abandon(dir); // nothing recorded: no empty run directory left behind
            throw e;
        }
        List<ScenarioResult> results = options.write(
                dir, profiler, processes, "profiled command: " + String.join(" ", command), startedAt, repeat);
        long jvms = processes.stream().filter(p -> p.repetition() == 1).count();
        System.out.println("Results: " + dir + " (" + jvms + " JVM" + (jvms == 1 ? "" : "s")
                + (repeat == 1 ? "" : " × " + repeat + " repetitions")
                + "; " + io.wirecost.cli.common.RunFiles.named(dir) + ")");
        if (exit != 0) System.err.println("wirecost: the command exited with status " + exit);
        return exit != 0 ? exit : results.stream().allMatch(ScenarioResult::ok) ? 0 : 1;
    }

    /** Runs the command {@code --repeat} times, each JVM's recording added to {@code processes}; the exit status. */
    private int repetitions(
            Path dir, Path agentJar, ProfilerSettings profiler, Offsets window, List<ProcessRecording> processes)
            throws Exception {
        int exit = 0;
        for (int rep = 1; rep <= repeat && exit == 0; rep++) {
            Path recordings = repeat == 1 ? dir.resolve("recordings") : dir.resolve("recordings/rep-" + rep);
            Files.createDirectories(recordings);
            for (Path p : List.of(agentJar, recordings)) {
                // JAVA_TOOL_OPTIONS splits on spaces and the agent's options on commas
                if (p.toString().matches(".*[\\s,].*"))
                    throw new UsageException(
                            p + ": a path with a space or comma cannot go into JAVA_TOOL_OPTIONS; use --out elsewhere");
            }
            AgentArguments arguments = AgentArguments.of(profiler).with("dir", recordings);
            if (window.fromNs() > 0) arguments.nanos("from", window.fromNs());
            if (window.toNs() != Long.MAX_VALUE) arguments.nanos("to", window.toNs());
            if (endpoints) arguments.with("endpoints", "on");
            if (repeat > 1) System.err.println("wirecost: repetition " + rep + " of " + repeat);
            long started = System.nanoTime();
            exit = runOnce(arguments.javaagent(agentJar));
            List<ProcessRecording> jvms = AnnouncedJvms.collect(recordings, (System.nanoTime() - started) / 1e9, rep);
            if (jvms.isEmpty()) {
                String why = "'" + String.join(" ", command)
                        + "' started no JVM that read JAVA_TOOL_OPTIONS (exit status " + exit + ")";
                if (processes.isEmpty()) throw new UsageException(why);
                // the repetitions before it are written
                System.err.println("wirecost: repetition " + rep + ": " + why + "; stopping");
                return exit == 0 ? 1 : exit;
            }
            processes.addAll(jvms);
            // a failed (or interrupted) repetition ends the run: the repetitions done are written
            if (exit != 0 && rep < repeat) System.err.println("wirecost: stopping after repetition " + rep);
        }
        return exit;
    }

    /** Runs the command once with the agent in JAVA_TOOL_OPTIONS; its exit status. */
    private int runOnce(String agent) throws InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command).inheritIO();
        String existing = pb.environment().get("JAVA_TOOL_OPTIONS");
        pb.environment()
                .put("JAVA_TOOL_OPTIONS", agent + (existing == null || existing.isBlank() ? "" : " " + existing));
        Process process;
        try {
            process = pb.start();
        } catch (IOException e) {
            // the JDK's "Cannot run program "x": error=2, No such file or directory": the reason is its last part
            String m = String.valueOf(e.getMessage());
            int reason = m.lastIndexOf(", ");
            throw new UsageException(
                    "cannot run '" + command.get(0) + "': " + (reason < 0 ? m : m.substring(reason + 2)));
        }
        passOn(process, "INT");
        passOn(process, "TERM");
        return process.waitFor();
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
}
