package io.wirecost.cli;

import io.wirecost.attribution.RuleLayers;
import io.wirecost.cli.attach.AgentLink;
import io.wirecost.cli.attach.JvmFacts;
import io.wirecost.cli.attach.ProcessRecording;
import io.wirecost.cli.attach.TargetCheck;
import io.wirecost.cli.common.Bounds;
import io.wirecost.cli.common.Durations;
import io.wirecost.cli.common.Locations;
import io.wirecost.runner.AgentArguments;
import io.wirecost.runner.ProfilerSettings;
import io.wirecost.runner.ScenarioResult;
import io.wirecost.runner.UsageException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code wirecost attach PID}: profiles a JVM that is already running, for a while, without restarting it.
 *
 * <pre>
 * ./wirecost attach 4242 --duration 30s --out runs/my-service
 * ./wirecost attach 4242 --metrics-port 9464     # live metrics stay up until: ./wirecost detach 4242
 * </pre>
 *
 * The agent is loaded through the Attach API on the first attach and reused by later ones; it records
 * only between start and stop, and stops on its own if wirecost dies before it can say stop.
 */
@Command(
        name = "attach",
        mixinStandardHelpOptions = true,
        description = "Profile a running JVM of yours (by pid) for a while and write a run directory.")
final class AttachCommand implements Callable<Integer> {

    /** How long after the planned stop the agent stops by itself when no stop came. */
    private static final long SAFETY_MARGIN_NS = 60_000_000_000L;

    private static final long POLL_MS = 100;

    @Parameters(index = "0", paramLabel = "PID", description = "Process id of the JVM (jps or jcmd lists them).")
    long pid;

    @Option(names = "--duration", defaultValue = "30s", description = "How long to record (default: ${DEFAULT-VALUE}).")
    String duration;

    @Option(
            names = "--metrics-port",
            paramLabel = "PORT",
            description =
                    "Serve live Prometheus metrics from the target on this port (loopback) until 'wirecost detach PID'.")
    Integer metricsPort;

    @Mixin
    ExternalRunOptions options;

    @Override
    public Integer call() throws Exception {
        TargetCheck.requireAttachModule();
        long durationNs = Durations.parseNanos("--duration", duration);
        ProfilerSettings profiler = options.profiler();
        options.checkRules();
        if (metricsPort != null) Bounds.within("--metrics-port", metricsPort, 1, 65535);
        if (metricsPort != null && options.rules.size() > 1)
            throw new UsageException(
                    "--metrics-port counts with one --rules file or pack, got " + options.rules.size());
        options.checkOut();
        Path agentJar = Locations.requireAgentJar(Locations.agentJar());
        ProcessHandle target = TargetCheck.check(pid);
        Path dir = options.outputDirectory("attach-" + pid);

        Map<String, Object> facts;
        Path file;
        long started;
        try (AgentLink link = AgentLink.open(pid, agentJar, dir)) {
            Map<String, String> reply = link.request(new AgentArguments()
                    .with("attach.command", "start")
                    .with("attach.dir", dir.resolve("recordings"))
                    .nanos("attach.stop-after", durationNs + SAFETY_MARGIN_NS)
                    .sampling(profiler)
                    .with(liveMetrics())
                    .toString());
            file = Path.of(reply.get("file"));
            facts = JvmFacts.beside(file).facts();
            System.err.println("wirecost: recording pid " + pid + " (" + facts.get("main_class") + ", "
                    + facts.get("java.vm.name") + " "
                    + facts.get("java.version") + ") for " + duration + " with " + reply.get("engine") + " "
                    + reply.get("event")
                    + (reply.get("live_metrics").isEmpty()
                            ? ""
                            : "; live metrics on port " + reply.get("live_metrics") + " until 'wirecost detach " + pid
                                    + "'"));
        } catch (Exception e) {
            options.abandon(dir); // the JVM refused the agent or the recording: no empty run directory left behind
            throw e;
        }
        started = System.nanoTime();
        OffsetDateTime startedAt = OffsetDateTime.now(java.time.ZoneId.systemDefault());
        // Ctrl-C of wirecost still stops the profiler in the target, and the run is written from what was recorded
        Thread stopper = new Thread(() -> stop(agentJar, dir), "wirecost-attach-stop");
        Runtime.getRuntime().addShutdownHook(stopper);
        while (System.nanoTime() - started < durationNs && target.isAlive()) Thread.sleep(POLL_MS);
        stop(agentJar, dir);
        Runtime.getRuntime().removeShutdownHook(stopper);
        double seconds = (System.nanoTime() - started) / 1e9;

        String error =
                target.isAlive() || Files.isRegularFile(file) ? "" : "the JVM exited before its recording was written";
        ProcessRecording rec = new ProcessRecording(JvmFacts.main(file), pid, file, facts, seconds, error);
        List<ScenarioResult> results =
                options.write(dir, profiler, List.of(rec), "attached to pid " + pid, startedAt, 1);
        System.out.println("Results: " + dir + " (" + io.wirecost.cli.common.RunFiles.named(dir) + ")");
        return results.get(0).ok() ? 0 : 1;
    }

    /** {@code metrics.port} and the rules of the live view, for {@code --metrics-port}; none without it. */
    private Map<String, Object> liveMetrics() {
        Map<String, Object> m = new LinkedHashMap<>();
        if (metricsPort == null) return m;
        m.put("metrics.port", metricsPort);
        // pack:auto needs frames the live view has not seen yet: the live counts use the built-in rules then
        String layer = options.layers().get(0);
        if (!layer.equals(RuleLayers.AUTO))
            m.put("rules", layer.startsWith(RuleLayers.PACK_PREFIX) ? layer : Path.of(layer));
        return m;
    }

    /** Idempotent on the agent's side; a target that exited meanwhile has written its recording at exit. */
    private synchronized void stop(Path agentJar, Path dir) {
        if (!ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) return;
        try (AgentLink link = AgentLink.open(pid, agentJar, dir)) {
            link.request("attach.command=stop");
        } catch (UsageException e) {
            System.err.println("wirecost: " + e.getMessage());
        }
    }
}
