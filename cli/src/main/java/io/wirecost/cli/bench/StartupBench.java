package io.wirecost.cli.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.wirecost.attribution.stats.Median;
import io.wirecost.runner.JvmLauncher;
import io.wirecost.runner.ModuleClasspath;
import io.wirecost.runner.ProfilerSettings;
import io.wirecost.runner.ScenarioKeys;
import io.wirecost.runner.ServerStartup;
import io.wirecost.runner.UsageException;
import io.wirecost.scenarios.ScenarioConfig;
import io.wirecost.scenarios.ScenarioDescriptor;
import io.wirecost.scenarios.Scenarios;
import io.wirecost.scenarios.files.FileTrees;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code wirecost bench startup}: what the agent adds to a service's start, per setting. A scenario's server JVM is
 * started and timed from launch to serving, with each setting's agent as a host runs it ({@code -javaagent}, profiling
 * from start-up, {@code start=now}) and without any agent (the reference), the settings taking turns round by round so
 * that the machine's drift falls on all alike.
 */
@Command(
        name = "startup",
        mixinStandardHelpOptions = true,
        description = "What the agent adds to a scenario server's start (launch to serving), wall and CPU, per setting,"
                + " beside the same JVM without the agent, with 95 %% intervals.")
final class StartupBench implements Callable<Integer> {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String REFERENCE = "no agent";

    @Option(
            names = "--scenario",
            defaultValue = "rest-json",
            description = "Scenario whose server is started (default: ${DEFAULT-VALUE}, Jersey on Tomcat; any of run's"
                    + " scenarios).")
    String scenario;

    @Option(
            names = "--settings",
            split = ",",
            defaultValue = "async-10ms,async-10ms+endpoints,jfr-10ms",
            description = "Agent settings, as bench overhead's: ENGINE-INTERVAL or async-EVENT-INTERVAL, optionally"
                    + " +endpoints (default: ${DEFAULT-VALUE}).")
    List<String> settings;

    @Option(
            names = "--rounds",
            defaultValue = "10",
            description = "Starts per setting and of the reference, taking turns (default: ${DEFAULT-VALUE}).")
    int rounds;

    @Override
    public Integer call() throws Exception {
        ScenarioName.check(scenario);
        PairedRatio.checkRounds(rounds);
        List<BenchSetting> parsed = settings.stream().map(BenchSetting::parse).toList();
        for (BenchSetting s : parsed)
            if (s.live())
                throw new UsageException("--settings: '" + s.label() + "': +otlp is bench overhead's (a start sends"
                        + " no window); start-up is measured with a recording file");
        ScenarioDescriptor descriptor = Scenarios.descriptor(scenario);
        Path agent = io.wirecost.cli.common.Locations.agentJar();
        ModuleClasspath classpath = new ModuleClasspath(io.wirecost.cli.common.Locations.projectRoot());
        Path javaHome = Path.of(System.getProperty("java.home"));
        Path work = Files.createTempDirectory("wirecost-startup-");
        try (ScenarioKeys keys = ScenarioKeys.temporary()) {
            String config = JSON.writeValueAsString(new ScenarioConfig(
                    ScenarioConfig.DEFAULT_STRING_LENGTH,
                    keys.forScenario(descriptor, m -> System.err.println("  " + m))));
            // index 0: the reference, a launcher with no agent
            List<String> labels = new ArrayList<>(List.of(REFERENCE));
            List<JvmLauncher> launchers = new ArrayList<>(
                    List.of(new JvmLauncher(javaHome, classpath, agent, ProfilerSettings.NONE, List.of())));
            for (BenchSetting s : parsed) {
                // as a host runs the agent: profiling from start-up into a file, not waiting for the harness's MBean
                launchers.add(new JvmLauncher(javaHome, classpath, agent, s.profiler(), List.of())
                        .liveAgent(Map.of(
                                "start",
                                "now",
                                "file",
                                recording(work, labels.size()).toString())));
                labels.add(s.label());
            }
            int n = launchers.size();
            double[][] wall = new double[n][rounds];
            double[][] cpu = new double[n][rounds];
            double loadBefore = LoadAverage.oneMinute();
            System.err.println("bench startup: " + scenario + "'s server, " + rounds + " starts each of " + n
                    + " (the first start of each not counted: the files it reads come into the page cache)");
            for (int round = -1; round < rounds; round++) {
                for (int k = 0; k < n; k++) {
                    // each round starts with another setting, so that none always follows the same one
                    int i = (k + Math.max(round, 0)) % n;
                    ServerStartup.Timed t = ServerStartup.time(
                            launchers.get(i),
                            descriptor,
                            "startup-" + i,
                            config,
                            recording(work, i),
                            work.resolve("startup-" + i + ".log"));
                    if (round < 0) continue;
                    wall[i][round] = t.wallNanos() / 1e6;
                    cpu[i][round] = t.cpuNanos() / 1e6;
                }
                if (round >= 0) System.err.println("  round " + (round + 1) + " of " + rounds);
            }
            print(labels, wall, cpu, loadBefore);
        } finally {
            FileTrees.deleteQuietly(work);
        }
        return 0;
    }

    private void print(List<String> labels, double[][] wall, double[][] cpu, double loadBefore) {
        System.out.printf(
                Locale.ROOT,
                "%nStart-up of %s's server JVM, launch to serving (median of %d starts), and the JVM's CPU until then;"
                        + " each setting beside the same JVM without the agent, round by round%n",
                scenario,
                rounds);
        System.out.printf(
                Locale.ROOT,
                "%-26s %9s %30s %9s %30s%n",
                "setting",
                "wall (ms)",
                "wall / no agent [95 % CI]",
                "CPU (ms)",
                "CPU / no agent [95 % CI]");
        for (int i = 0; i < labels.size(); i++) {
            System.out.printf(
                    Locale.ROOT,
                    "%-26s %9.0f %30s %9.0f %30s%n",
                    labels.get(i),
                    Median.of(wall[i]),
                    i == 0 ? "-" : ratio(wall[i], wall[0]),
                    Median.of(cpu[i]),
                    i == 0 ? "-" : ratio(cpu[i], cpu[0]));
        }
        System.out.println(LoadAverage.beforeAndAfter(loadBefore));
        System.out.println(
                "the agent as a host runs it (-javaagent, start=now, a recording file; wirecost's scenario"
                        + " JVMs also get -XX:+DebugNonSafepoints with it); the JVM's CPU is all its threads' (JIT and GC too)");
    }

    private static Path recording(Path work, int setting) {
        return work.resolve("startup-" + setting + ".jfr");
    }

    private static String ratio(double[] ours, double[] reference) {
        PairedRatio r = PairedRatio.of(ours, reference);
        return String.format(Locale.ROOT, "%.2f [%.2f, %.2f]", r.ratio(), r.low(), r.high());
    }
}
