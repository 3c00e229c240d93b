package io.wirecost.runner;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.wirecost.attribution.RecordingException;
import io.wirecost.attribution.RuleSet;
import io.wirecost.scenarios.ScenarioConfig;
import io.wirecost.scenarios.ScenarioDescriptor;
import io.wirecost.scenarios.Scenarios;
import io.wirecost.scenarios.harness.Protocol;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Runs one scenario: server JVM, client JVM, then its passes in order (probe, message sizes, warm-up, timed,
 * concurrent, profiled, instantiation), then the attribution of both recordings. Never throws for a scenario
 * failure: the result says what failed and keeps every figure measured before it.
 */
public final class ScenarioRunner implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration START = Duration.ofSeconds(90);

    /** {@code --clients N}: the scenario option that asks for seed 003's concurrent load after the single-client method. */
    public static final String CLIENTS_OPTION = ConcurrentPass.CLIENTS_OPTION;

    private final JvmLauncher launcher;
    private final RunSettings settings;
    private final ProfilerSettings profiler;
    private final RuleSet rules;
    private final Path outDir;
    private final Consumer<String> progress;
    private ScenarioKeys keys = ScenarioKeys.temporary();
    /** The host's speed beside every scenario of the run, and the run's reference. */
    private final HostSpeedWatch hostSpeed;

    public ScenarioRunner(
            JvmLauncher launcher,
            RunSettings settings,
            ProfilerSettings profiler,
            RuleSet rules,
            Path outDir,
            Consumer<String> progress) {
        this.launcher = launcher;
        this.settings = settings;
        this.profiler = profiler;
        this.rules = rules;
        this.outDir = outDir;
        this.progress = progress;
        this.hostSpeed = HostSpeedWatch.of(settings);
    }

    /** Keep each run's generated keys (owner-only, in the temp directory) instead of deleting them. */
    public ScenarioRunner keepKeys(boolean keep) {
        keys.close();
        keys = ScenarioKeys.keptIf(keep);
        return this;
    }

    /** Deletes the run's generated keys (unless kept). */
    @Override
    public void close() {
        keys.close();
    }

    public ScenarioResult run(String name) {
        return run(name, 1);
    }

    /** Recordings, flame graphs and logs of repetitions after the first carry {@code .rK} in their names. */
    public ScenarioResult run(String name, int repetition) {
        String stem = repetition == 1 ? name : name + ".r" + repetition;
        long t0 = System.nanoTime();
        ScenarioDescriptor scenario = Scenarios.descriptor(name);
        Findings f = new Findings(SizePass.Result.before(settings));
        try {
            measure(scenario, stem, f);
        } catch (ChildJvm.ChildFailure | IllegalArgumentException e) {
            f.error = e.getMessage();
            if (f.rtt.isEmpty() && f.meter != null) f.rtt.addAll(f.meter.partial());
        } catch (Exception e) {
            f.error = e.getClass().getSimpleName() + ": " + e.getMessage();
        }
        ScenarioAttribution.Result attributed = ScenarioAttribution.Result.NONE;
        try {
            attributed = ScenarioAttribution.run(rules, profiler, outDir, stem, f.recordings);
        } catch (RecordingException | IOException e) {
            if (f.error.isEmpty()) f.error = e.getMessage();
        }
        Map<String, String> recordingPaths = new LinkedHashMap<>();
        f.recordings.forEach(
                (role, p) -> recordingPaths.put(role, outDir.relativize(p).toString()));
        return new ScenarioResult(
                name,
                repetition,
                scenario.paperColumn(),
                f.error.isEmpty() ? "ok" : "failed",
                f.error,
                (System.nanoTime() - t0) / 1e9,
                f.calls,
                f.rtt,
                f.profiledRtt,
                attributed.shares(),
                f.facts.build(),
                f.profilers,
                recordingPaths,
                f.sizes.sizes(),
                f.sizes.note(),
                f.cpu,
                attributed.companions());
    }

    /** The scenario's JVM pair and its passes, each pass's findings recorded as soon as it ends. */
    private void measure(ScenarioDescriptor scenario, String stem, Findings f) throws Exception {
        String name = scenario.name();
        Path keyDir = keys.forScenario(scenario, progress);
        if (keyDir != null) f.facts.keys(new ScenarioFacts.Keys(keyDir.toString(), keys.kept()));
        String config = JSON.writeValueAsString(
                new ScenarioConfig(settings.stringLength(), keyDir, settings.scenarioOptions()));
        Path recServer = outDir.resolve("recordings").resolve(stem + "-server.jfr");
        Path recClient = outDir.resolve("recordings").resolve(stem + "-client.jfr");
        Files.createDirectories(recServer.getParent());
        JvmPair.Files files = new JvmPair.Files(
                recServer,
                recClient,
                outDir.resolve("logs").resolve(stem + "-server.log"),
                outDir.resolve("logs").resolve(stem + "-client.log"));
        hostSpeed.warmUpBeside();
        try (JvmPair pair =
                JvmPair.start(launcher, scenario, name, name, config, files, START, ScenarioContext.COMMAND)) {
            hostSpeed.warmedUp();
            ScenarioContext ctx = ScenarioContext.of(name, stem, pair, settings, profiler, launcher, outDir, progress);
            f.facts.endpoint(pair.endpoint());
            if (ctx.proxy() != null) f.facts.cpuProcesses(List.of("client", "server", "proxy"));

            ctx.say("warm-up, " + settings.method().describeWarmup(settings));
            ProbePass.Probe probe = ProbePass.run(ctx);
            ctx = ctx.withPace(probe.pace());
            f.sizes = SizePass.run(ctx, SizePass.calls(ctx, probe));
            // the warm-up goes on after the size pass's calls: said, so that its seconds are not read as the sizes'
            if (f.sizes.callsMade() > 0) ctx.say("warm-up, the rest of it");
            WarmupPass.Result warm = WarmupPass.run(ctx, probe, f.sizes.callsMade());
            Counts counts = warm.counts();
            f.facts.counts(counts);
            f.facts.warmupCompiler(warm.compiler());

            ctx.say("timing " + counts.reps() + " x " + counts.invocations() + " calls per data type");
            f.meter = new BatchMeter(ctx);
            // between two probes of the host's speed, which the load and steal do not show; again where it moved
            HostSpeedWatch.Watched<TimedPass.Result> watched = hostSpeed.timedPass(ctx, f.meter, counts);
            TimedPass.Result timed = watched.kept();
            f.facts.hostSpeed(watched.speed(), (watched.speed().attempts() - 1L) * TimedPass.calls(ctx, counts, timed));
            f.timed(timed);
            if (timed.driftFailure() != null) throw timed.driftFailure();

            int clients = ConcurrentPass.clients(settings);
            if (clients > 1) f.facts.concurrency(ConcurrentPass.run(ctx, clients));

            if (profiler.enabled())
                f.profiled(ProfiledPass.run(ctx, f.meter, counts, timed.pass(), recServer, recClient));

            ctx.say("instantiation, " + settings.instantiationReps() + " fresh clients");
            Protocol.Instantiated inst = ctx.client()
                    .call(
                            new Protocol.Instantiation(settings.instantiationReps()),
                            ctx.timeoutFor(settings.instantiationReps() * 100L));
            f.rtt.add(RttStatistics.of("instantiation", inst.instantiationNanos(), 1));
            Map<String, Object> clientInfo = ctx.client()
                    .call(new Protocol.Info(), ScenarioContext.COMMAND)
                    .values();
            f.calls = ((Number) clientInfo.get("calls")).longValue();
            f.facts.jvms(
                    clientInfo,
                    ctx.server()
                            .call(new Protocol.Info(), ScenarioContext.COMMAND)
                            .values());
        }
    }

    /**
     * What one scenario has found so far: the passes' results as they end, so that a failure keeps every figure
     * measured before it. {@code facts} are results.json's {@code facts}, typed where a report reads them.
     */
    private static final class Findings {
        final List<RttStatistics> rtt = new ArrayList<>();
        final List<RttStatistics> profiledRtt = new ArrayList<>();
        final List<CpuStatistics> cpu = new ArrayList<>();
        final ScenarioFacts.Builder facts = ScenarioFacts.builder();
        final Map<String, String> profilers = new LinkedHashMap<>();
        final Map<String, Path> recordings = new LinkedHashMap<>();
        SizePass.Result sizes;
        String error = "";
        long calls;
        /** The timed and profiled passes' meter: what a pass failing part way measured. */
        BatchMeter meter;

        Findings(SizePass.Result sizes) {
            this.sizes = sizes;
        }

        void timed(TimedPass.Result t) {
            facts.timedPass(t.classesLoaded(), t.noise(), t.drift());
            rtt.addAll(t.rtt());
            cpu.addAll(t.cpu());
        }

        void profiled(ProfiledPass.Result p) {
            profilers.putAll(p.profilers());
            facts.profiledPass(p.pass().batches(), p.pass().invocations());
            profiledRtt.addAll(p.pass().rtt()); // its CPU includes the profiler's: not reported
            recordings.putAll(p.recordings());
        }
    }
}
