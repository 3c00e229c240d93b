package io.wirecost.cli.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.wirecost.runner.JvmLauncher;
import io.wirecost.runner.JvmPair;
import io.wirecost.runner.ModuleClasspath;
import io.wirecost.runner.ProfilerSettings;
import io.wirecost.runner.ScenarioKeys;
import io.wirecost.scenarios.ScenarioConfig;
import io.wirecost.scenarios.ScenarioDescriptor;
import io.wirecost.scenarios.Scenarios;
import io.wirecost.scenarios.harness.Protocol;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The segments {@code bench window} reads when it is given none: a scenario's server under its client's calls,
 * recorded by the agent as a host runs it by default (its default event and interval, allocations too, as with
 * {@code also=alloc}) for one window's length, once with async-profiler and once with JDK Flight Recorder. Each is
 * one profiler session written to one file, as each of the live session's segments is; the server has run its
 * warm-up first, as a long-running host has.
 */
final class ScenarioSegments {

    /** The agent's default interval (io.wirecost.agent.AgentOptions.DEFAULT_INTERVAL_NS; the CLI does not link the agent). */
    static final long AGENT_DEFAULT_INTERVAL_NS = 10_000_000L;

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int WARMUP_CALLS = 5_000;
    private static final int CALLS_PER_REQUEST = 500;

    private ScenarioSegments() {}

    /** One segment per engine (async, jfr), in {@code dir}, named {@code SCENARIO-ENGINE.jfr}. */
    static List<Path> record(String scenarioName, Duration window, Path dir, Consumer<String> progress)
            throws Exception {
        ScenarioDescriptor scenario = Scenarios.descriptor(scenarioName);
        Path agent = io.wirecost.cli.common.Locations.agentJar();
        if (!Files.isRegularFile(agent)) throw new IllegalStateException("agent jar not found at " + agent);
        ModuleClasspath classpath = new ModuleClasspath(io.wirecost.cli.common.Locations.projectRoot());
        List<Path> segments = new ArrayList<>();
        // deleted when the segments are written and, through ScenarioKeys' hook, on Ctrl-C
        try (ScenarioKeys keys = ScenarioKeys.temporary()) {
            String config = JSON.writeValueAsString(
                    new ScenarioConfig(ScenarioConfig.DEFAULT_STRING_LENGTH, keys.forScenario(scenario, progress)));
            for (String engine : List.of("async", "jfr")) {
                String label = scenarioName + "-" + engine;
                Path segment = dir.resolve(label + ".jfr");
                ProfilerSettings settings = new ProfilerSettings(
                        engine, BenchSetting.agentDefaultEvent(engine), AGENT_DEFAULT_INTERVAL_NS, Set.of("alloc"));
                JvmLauncher launcher = new JvmLauncher(
                        Path.of(System.getProperty("java.home")), classpath, agent, settings, List.of());
                progress.accept("recording one " + window.toSeconds() + " s window of " + scenarioName
                        + "'s server with the agent (engine " + engine + ", also=alloc) ...");
                JvmPair.Files files = new JvmPair.Files(
                        dir.resolve(label + "-unused.jfr"),
                        dir.resolve(label + "-client-unused.jfr"),
                        dir.resolve(label + "-server.log"),
                        dir.resolve(label + "-client.log"));
                try (JvmPair jvms = JvmPair.start(launcher, scenario, label, config, files)) {
                    Duration t = Duration.ofSeconds(60);
                    jvms.client().call(new Protocol.Warmup(WARMUP_CALLS), Duration.ofMinutes(10));
                    jvms.server()
                            .call(
                                    new Protocol.ProfileStart(
                                            segment.toAbsolutePath().toString()),
                                    t);
                    long end = System.nanoTime() + window.toNanos();
                    while (System.nanoTime() < end)
                        jvms.client().call(new Protocol.Measure(1, CALLS_PER_REQUEST, "int"), t);
                    jvms.server().call(new Protocol.ProfileStop(), t);
                }
                if (!Files.isRegularFile(segment))
                    throw new IllegalStateException(
                            "the agent wrote no segment for engine " + engine + ": see " + files.serverLog());
                segments.add(segment);
            }
        }
        return segments;
    }
}
