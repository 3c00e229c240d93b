package io.wirecost.cli;

import io.wirecost.attribution.RuleFileException;
import io.wirecost.attribution.RuleParser;
import io.wirecost.attribution.RuleSet;
import io.wirecost.cli.metrics.RunMetricsPublisher;
import io.wirecost.cli.report.Progress;
import io.wirecost.cli.report.RunWriter;
import io.wirecost.cli.report.Tables;
import io.wirecost.cli.run.JvmLauncher;
import io.wirecost.cli.run.ModuleClasspath;
import io.wirecost.cli.run.ProfilerSettings;
import io.wirecost.cli.run.RunMetadata;
import io.wirecost.cli.run.RunSettings;
import io.wirecost.cli.run.ScenarioResult;
import io.wirecost.cli.run.ScenarioRunner;
import io.wirecost.scenarios.ScenarioConfig;
import io.wirecost.scenarios.Scenarios;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code wirecost run}: scenarios under the profiler, timed by the papers' method, attributed. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Run scenarios in separate client and server JVMs under the profiler and print the tables.")
final class RunCommand implements Callable<Integer> {

    @Option(names = "--scenarios", split = ",", defaultValue = "tcp,rmi,rmi-ssl",
            description = "Scenarios to run, or 'all' (default: ${DEFAULT-VALUE}; known: tcp, rmi, rmi-ssl).")
    List<String> scenarios;

    @Option(names = "--quick", description = "Scale all counts down, for tests and CI.")
    boolean quick;

    @Option(names = "--out", description = "Output directory (default: a new folder under runs/).")
    Path out;

    @Option(names = "--profiler", defaultValue = "async", description = "async, jfr or none (default: ${DEFAULT-VALUE}).")
    String engine;

    @Option(names = "--event", defaultValue = "cpu", description = "async-profiler event: cpu (falls back to itimer), itimer, wall.")
    String event;

    @Option(names = "--interval", defaultValue = "1ms",
            description = "Sampling interval (default: ${DEFAULT-VALUE}; runs are short, so finer than the agent's 10ms default).")
    String interval;

    @Option(names = "--java-home", description = "JDK for the scenario JVMs (default: the JDK running wirecost).")
    Path javaHome;

    @Option(names = "--rules", description = "Category rule file (default: the built-in rules).")
    Path rulesFile;

    @Option(names = "--string-length", defaultValue = "" + ScenarioConfig.DEFAULT_STRING_LENGTH,
            description = "Characters in the returned string (default: ${DEFAULT-VALUE}).")
    int stringLength;

    @Option(names = "--warmup", description = "Warm-up calls per data type (default 5000, also with --quick).")
    Integer warmup;

    @Option(names = "--invocations", description = "Invocations per measurement (default 1000; quick 100).")
    Integer invocations;

    @Option(names = "--reps", description = "Measurements per data type (default 12: min and max are dropped).")
    Integer reps;

    @Option(names = "--scenario-option", paramLabel = "KEY=VALUE",
            description = "Scenario setting passed to every scenario JVM, repeatable (e.g. wss.suite=modern).")
    java.util.Map<String, String> scenarioOptions = new java.util.LinkedHashMap<>();

    @Option(names = "--jvm-opt", description = "Extra option for every scenario JVM, repeatable (e.g. --jvm-opt=-XX:+UseParallelGC).")
    List<String> jvmOptions = new ArrayList<>();

    @Option(names = "--metrics-port", description = "Serve the run's metrics for Prometheus on this port (0: any free port; default: no endpoint).")
    Integer metricsPort;

    @Option(names = "--metrics-bind", defaultValue = "127.0.0.1",
            description = "Address of the metrics endpoint (default: ${DEFAULT-VALUE}; 0.0.0.0 inside a container).")
    String metricsBind;

    @Option(names = "--metrics-linger", defaultValue = "15s",
            description = "Keep the metrics endpoint up this long after the run: one scrape interval (default: ${DEFAULT-VALUE}; 0: none).")
    String metricsLinger;

    @Option(names = "--push", paramLabel = "URL", description = "Push the final figures to this Pushgateway, e.g. http://localhost:9091.")
    String pushUrl;

    @Override
    public Integer call() throws Exception {
        List<String> names = resolveScenarios();
        ProfilerSettings profiler = profilerSettings();
        RuleSet rules = loadRules();
        RunSettings base = quick ? RunSettings.quick(stringLength) : RunSettings.full(stringLength);
        RunSettings settings = new RunSettings(warmup != null ? warmup : base.warmupCalls(), reps != null ? reps : base.reps(),
                invocations != null ? invocations : base.invocations(), base.instantiationReps(), stringLength, quick,
                scenarioOptions);
        Path home = javaHome != null ? javaHome : Path.of(System.getProperty("java.home"));
        if (!Files.isExecutable(home.resolve("bin").resolve("java"))) {
            throw new UsageException("--java-home " + home + " has no bin/java");
        }
        long lingerNs = metricsLinger.equals("0") ? 0 : Durations.parseNanos("--metrics-linger", metricsLinger);
        java.net.URI push = RunMetricsPublisher.pushTarget(pushUrl);
        Path agentJar = Locations.agentJar();
        if (profiler.enabled() && !Files.isRegularFile(agentJar)) {
            throw new UsageException("profiler agent not found at " + agentJar + " (build with: mvn -q package -DskipTests)");
        }
        Path dir = outputDirectory();
        JvmLauncher launcher = new JvmLauncher(home, new ModuleClasspath(Locations.projectRoot()), agentJar, profiler, jvmOptions);
        RunMetadata meta = new RunMetadata(dir.getFileName().toString(), OffsetDateTime.now().toString(), hostName(),
                Locations.version(), home.toString(), launcher.featureVersion(), settings, profiler, names,
                Arrays.asList(ProcessHandle.current().info().arguments().orElse(new String[0])));

        Progress progress = new Progress(System.err, System.console() != null);
        RunWriter writer = new RunWriter(dir, rules);
        ScenarioRunner runner = new ScenarioRunner(launcher, settings, profiler, rules, dir, progress);
        List<ScenarioResult> results = new ArrayList<>();
        RunMetricsPublisher metrics = RunMetricsPublisher.start(meta, metricsPort, metricsBind, lingerNs, push, System.err);
        System.err.println("wirecost: writing to " + dir);
        for (String name : names) {
            progress.accept(name + ": starting server and client JVMs");
            ScenarioResult r = runner.run(name);
            results.add(r);
            writer.write(meta, results);   // after every scenario: an interrupted run keeps what it measured
            metrics.update(meta, results);
            progress.accept(name + ": " + (r.ok() ? "done" : "FAILED: " + r.error()) + String.format(" (%.1f s)", r.seconds()));
            progress.done();
        }
        System.out.println();
        System.out.print(Tables.roundTrips(results).text());
        System.out.println();
        System.out.print(Tables.factors(results).text());
        System.out.println();
        System.out.print(Tables.relativeTime(results, rules, "all").text());
        System.out.println();
        System.out.println("Results: " + dir + " (results.json, shares.csv, rtt.csv, table.md, metrics.prom, report.html, recordings/)");
        boolean pushed = metrics.finish(meta, results);
        long failed = results.stream().filter(r -> !r.ok()).count();
        if (failed > 0) {
            for (ScenarioResult r : results) if (!r.ok()) System.err.println("wirecost: " + r.scenario() + " failed: " + r.error());
            return 1;
        }
        return pushed ? 0 : 1;
    }

    private List<String> resolveScenarios() {
        if (scenarios.size() == 1 && scenarios.get(0).equals("all")) return Scenarios.names();
        for (String s : scenarios) {
            if (!Scenarios.names().contains(s)) {
                throw new UsageException("unknown scenario '" + s + "' (known: " + String.join(", ", Scenarios.names()) + ", all)");
            }
        }
        return List.copyOf(new java.util.LinkedHashSet<>(scenarios));
    }

    private ProfilerSettings profilerSettings() {
        if (!List.of("async", "jfr", "none").contains(engine)) throw new UsageException("--profiler must be async, jfr or none, got '" + engine + "'");
        if (!List.of("cpu", "itimer", "wall").contains(event)) throw new UsageException("--event must be cpu, itimer or wall, got '" + event + "'");
        return new ProfilerSettings(engine, event, Durations.parseNanos("--interval", interval));
    }

    private RuleSet loadRules() {
        if (rulesFile == null) return RuleSet.defaults();
        try {
            return RuleParser.parse(rulesFile);
        } catch (RuleFileException e) {
            throw new UsageException(e.getMessage());
        }
    }

    private Path outputDirectory() throws Exception {
        Path dir = out != null ? out
                : Path.of("runs", LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        if (Files.exists(dir.resolve("results.json"))) {
            throw new UsageException("--out " + dir + " already holds a run; choose another directory");
        }
        Files.createDirectories(dir);
        return dir;
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (Exception e) {
            return "unknown";
        }
    }
}
