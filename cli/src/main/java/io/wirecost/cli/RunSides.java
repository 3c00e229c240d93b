package io.wirecost.cli;

import io.wirecost.cli.common.Locations;
import io.wirecost.report.Progress;
import io.wirecost.report.RunWriter;
import io.wirecost.report.metrics.RunMetrics;
import io.wirecost.runner.CpuPinning;
import io.wirecost.runner.JvmLauncher;
import io.wirecost.runner.ModuleClasspath;
import io.wirecost.runner.RunConfig;
import io.wirecost.runner.RunCoordinator;
import io.wirecost.runner.RunMetadata;
import io.wirecost.runner.RunMethod;
import io.wirecost.runner.RunSettings;
import io.wirecost.runner.ScenarioRunner;
import io.wirecost.scenarios.Scenarios;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The sides of a {@code run} (the baseline, and a candidate): each configuration's launcher, runner, writer, metadata. */
final class RunSides {

    private RunSides() {}

    /** One configuration's launcher, runner, writer and metadata. */
    static RunCoordinator.Side side(RunPlan plan, RunConfig c, Path dir, Progress progress) throws Exception {
        Path sideDir = c.label().isEmpty() ? dir : Files.createDirectories(dir.resolve(c.label()));
        RunSettings settings = plan.settings();
        JvmLauncher launcher = new JvmLauncher(
                        c.javaHome(),
                        new ModuleClasspath(Locations.projectRoot(), c.mavenProperties()),
                        plan.agentJar(),
                        plan.profiler(),
                        plan.jvmOptions())
                .callTimeout(plan.callTimeoutMillis())
                .network(plan.network())
                .pinCpu(plan.pinnedCpu())
                // --quick too: its start-up and few seconds of warm-up then compile on the idle CPU (which halved
                // the scenarios' start-up), to the end where it cut the warm-up (WarmupPass); the papers' method
                // keeps its JIT on the pinned CPU
                .warmupCompilerCpu(
                        settings.method() == RunMethod.PAPER ? null : CpuPinning.compilerCpu(plan.pinnedCpu()),
                        settings.method() == RunMethod.QUICK)
                .adaptiveMethod(settings.method() == RunMethod.ADAPTIVE);
        Map<String, List<String>> methodJvmOptions = new LinkedHashMap<>();
        for (String name : plan.scenarios()) {
            List<String> options = launcher.methodJvmOptions(Scenarios.descriptor(name));
            if (!options.isEmpty()) methodJvmOptions.put(name, options);
        }
        RunMetadata meta = new RunMetadata(
                dir.getFileName().toString() + (c.label().isEmpty() ? "" : "/" + c.label()),
                OffsetDateTime.now(java.time.ZoneId.systemDefault()).toString(),
                Locations.hostName(),
                Locations.version(),
                c.javaHome().toString(),
                launcher.featureVersion(),
                settings.withScenarioOptions(c.scenarioOptions()),
                plan.profiler(),
                plan.scenarios(),
                Arrays.asList(ProcessHandle.current().info().arguments().orElse(new String[0])),
                c.label(),
                c.mavenProperties(),
                plan.repeat(),
                plan.interleave(),
                plan.network() == null
                        ? "loopback (client and server JVMs on one host)"
                        : plan.network().describe(),
                launcher.cpuAffinity(),
                methodJvmOptions);
        ScenarioRunner runner = new ScenarioRunner(
                        launcher,
                        settings.withScenarioOptions(c.scenarioOptions()),
                        plan.profiler(),
                        plan.rules(),
                        sideDir,
                        progress)
                .keepKeys(plan.keepKeys());
        return new RunCoordinator.Side(c, runner, new RunWriter(sideDir, plan.rules()), meta, new ArrayList<>());
    }

    /** What the metrics endpoint and the push show: each configuration's first repetitions, as metrics.prom. */
    static List<RunMetrics.Source> metricsSources(List<RunCoordinator.Side> sides) {
        List<RunMetrics.Source> out = new ArrayList<>();
        for (RunCoordinator.Side side : sides) {
            out.add(new RunMetrics.Source(side.meta(), RunCoordinator.firstRepetitions(side.results())));
        }
        return out;
    }
}
