package io.wirecost.cli;

import io.wirecost.attribution.RuleLayers;
import io.wirecost.attribution.RuleSet;
import io.wirecost.cli.common.Bounds;
import io.wirecost.cli.common.Locations;
import io.wirecost.report.Progress;
import io.wirecost.report.metrics.RunMetricsPublisher;
import io.wirecost.runner.NetworkPair;
import io.wirecost.runner.ProfilerSettings;
import io.wirecost.runner.RunConfig;
import io.wirecost.runner.RunCoordinator;
import io.wirecost.runner.RunSettings;
import io.wirecost.runner.UsageException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code wirecost run}: scenarios under the profiler, timed by the papers' method, attributed. */
@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        description = "Run scenarios in separate client and server JVMs under the profiler and print the tables.")
final class RunCommand implements Callable<Integer> {

    @Option(
            names = "--scenarios",
            split = ",",
            defaultValue = "tcp,rmi,rmi-ssl",
            description =
                    "Scenarios to run, comma-separated; 'all', 'papers' (the papers' nine) and 'today' (gRPC and REST) name sets"
                            + " (default: ${DEFAULT-VALUE}; see docs/running.md for the list).")
    List<String> scenarios;

    @Option(
            names = "--rules",
            paramLabel = "FILE|pack:NAME",
            description = "Rule file or built-in pack layered over the built-in rules; repeatable, later wins.")
    List<String> rulesFiles = new ArrayList<>();

    @Option(
            names = "--repeat",
            defaultValue = "1",
            description =
                    "Run each scenario in this many fresh JVM pairs, to measure run-to-run variance (use 5 for diffs).")
    int repeat;

    @Option(
            names = "--keep-keys",
            description = "Keep the generated keys and certificates (owner-only temp directory) after the run.")
    boolean keepKeys;

    @Mixin
    CountsOptions counts;

    @Mixin
    ProfilerOptions profiler;

    @Mixin
    ScenarioOptions scenarioOptions;

    @Mixin
    CandidateOptions candidate;

    @Mixin
    JvmOptions jvm;

    @Mixin
    NetworkOptions network;

    @Mixin
    MetricsOptions metrics;

    @Mixin
    OutputOptions output;

    @Override
    public Integer call() throws Exception {
        List<String> names = ScenarioList.resolve(scenarios);
        RuleSet rules = loadRules();
        Bounds.atLeast("--repeat", repeat, 1);
        scenarioOptions.checked(candidate);
        Map<String, String> options = scenarioOptions.forScenarios(names);
        RunSettings settings = counts.settings(options);
        ProfilerSettings profilerSettings = profiler.settings(settings.method());
        MetricsOptions.Checked metricsChecked = metrics.checked();
        Path agentJar = Locations.agentJar();
        if (profilerSettings.enabled()) Locations.requireAgentJar(agentJar);
        List<RunConfig> configs = candidate.configs(jvm.jdk.home(), options);
        network.check();
        Integer pinnedCpu = jvm.pinnedCpu(scenarioOptions.clients > 1);
        NetworkPair pair = network.open(names);
        try {
            return execute(new RunPlan(
                    names,
                    rules,
                    settings,
                    profilerSettings,
                    agentJar,
                    NetworkOptions.bound(configs, pair),
                    pair,
                    pinnedCpu,
                    jvm.callTimeoutMillis(),
                    jvm.jdk.jvmOptions,
                    repeat,
                    candidate.interleave,
                    keepKeys,
                    metricsChecked));
        } finally {
            if (pair != null) pair.close();
        }
    }

    private Integer execute(RunPlan plan) throws Exception {
        Path dir = output.create("", "results.json", "a run");
        Progress progress = new Progress(System.err, System.console() != null);
        List<RunCoordinator.Side> sides = new ArrayList<>();
        for (RunConfig c : plan.configs()) sides.add(RunSides.side(plan, c, dir, progress));
        System.err.println("wirecost: writing to " + dir);
        RunMetricsPublisher published = plan.metrics().start(dir.getFileName().toString());
        published.update(RunSides.metricsSources(sides));
        RunCoordinator coordinator =
                new RunCoordinator(sides, plan.scenarios(), plan.repeat(), plan.interleave(), progress);
        try (StoppedRunNotice stopped = new StoppedRunNotice(dir, plan.repeat())) {
            coordinator.afterEach(() -> {
                published.update(RunSides.metricsSources(sides));
                stopped.finished(sides);
            });
            coordinator.run();
        } finally {
            for (RunCoordinator.Side side : sides) side.runner().close(); // the run's generated keys
        }
        progress.done();

        boolean failed =
                RunSummary.print(plan, sides, dir, scenarioOptions.payload != null, scenarioOptions.clients > 1);
        boolean pushed = published.finish(RunSides.metricsSources(sides));
        return failed || !pushed ? 1 : 0;
    }

    private RuleSet loadRules() {
        if (RuleLayers.needsDetection(rulesFiles)) {
            throw new UsageException(
                    "--rules pack:auto: run knows its scenarios' libraries; name packs (pack:NAME) or use pack:auto with attribute");
        }
        return LoadedRules.load(rulesFiles, true, null);
    }
}
