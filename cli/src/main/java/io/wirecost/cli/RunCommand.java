package io.wirecost.cli;

import io.wirecost.attribution.RuleFileException;
import io.wirecost.attribution.RuleLayers;
import io.wirecost.attribution.RuleSet;
import io.wirecost.cli.common.Durations;
import io.wirecost.cli.common.Locations;
import io.wirecost.cli.common.OutputDirectory;
import io.wirecost.report.ConcurrencyTable;
import io.wirecost.report.CpuTables;
import io.wirecost.report.Progress;
import io.wirecost.report.RunWriter;
import io.wirecost.report.Tables;
import io.wirecost.report.WireTraffic;
import io.wirecost.report.metrics.RunMetrics;
import io.wirecost.report.metrics.RunMetricsPublisher;
import io.wirecost.runner.JvmLauncher;
import io.wirecost.runner.ModuleClasspath;
import io.wirecost.runner.NetworkPair;
import io.wirecost.runner.ProfilerSettings;
import io.wirecost.runner.RunConfig;
import io.wirecost.runner.RunCoordinator;
import io.wirecost.runner.RunMetadata;
import io.wirecost.runner.RunMethod;
import io.wirecost.runner.RunSettings;
import io.wirecost.runner.ScenarioResult;
import io.wirecost.runner.ScenarioRunner;
import io.wirecost.runner.UsageException;
import io.wirecost.scenarios.ScenarioConfig;
import io.wirecost.scenarios.Scenarios;
import io.wirecost.scenarios.payload.Payload;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
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
            names = "--quick",
            description =
                    "Scale all counts down, for tests and CI: each scenario's passes cut to a few seconds at its own "
                            + "pace, 2,500 samples per role, the JIT compiling on another CPU.")
    boolean quick;

    @Option(
            names = "--method",
            paramLabel = "adaptive|paper",
            description =
                    "adaptive (default): warm-up until the pace settles, batches sized by time, more of them where calls are slow, "
                            + "ws-security's JVMs at a quarter of HotSpot's JIT thresholds (-XX:CompileThresholdScaling=0.25, unless --jvm-opt sets it), "
                            + "RMI's idle-connection reaper at an hour (-Dsun.rmi.transport.connectionTimeout=3600000, likewise); "
                            + "paper: the papers' exact counts (5,000 warm-up calls, 12 x 1,000 invocations per type, min and max dropped).")
    String method;

    @Option(names = "--out", description = "Output directory (default: a new folder under runs/).")
    Path out;

    @Option(
            names = "--profiler",
            defaultValue = "async",
            description = "async, jfr or none (default: ${DEFAULT-VALUE}).")
    String engine;

    @Option(
            names = "--event",
            defaultValue = "cpu",
            description = "async-profiler event: cpu (falls back to itimer), ctimer, itimer, wall.")
    String event;

    @Option(
            names = "--profile",
            defaultValue = "cpu",
            split = ",",
            description =
                    "What the profiled pass records: cpu, plus alloc (bytes allocated) and/or lock (time blocked), e.g. cpu,alloc,lock. "
                            + "Each extra one adds a companion table by category. endpoints: the server's request "
                            + "boundaries beside its recording, for attribute --by endpoint.")
    List<String> profile;

    @Option(
            names = "--interval",
            description =
                    "Sampling interval (default: 250us with async-profiler, where the profiled pass stops at a sample "
                            + "budget, so a finer interval shortens it; 1ms with --method paper or explicit counts, "
                            + "which fix the pass's length, and with JFR, whose sampler counts whole milliseconds).")
    String interval;

    @Option(names = "--java-home", description = "JDK for the scenario JVMs (default: the JDK running wirecost).")
    Path javaHome;

    @Option(
            names = "--rules",
            paramLabel = "FILE|pack:NAME",
            description = "Rule file or built-in pack layered over the built-in rules; repeatable, later wins.")
    List<String> rulesFiles = new ArrayList<>();

    @Option(
            names = "--string-length",
            defaultValue = "" + ScenarioConfig.DEFAULT_STRING_LENGTH,
            description = "Characters in the returned string (default: ${DEFAULT-VALUE}).")
    int stringLength;

    @Option(
            names = "--warmup",
            description =
                    "Warm-up calls per data type (default 5000; with --quick at most 5000, cut to a few seconds per scenario; "
                            + "giving --warmup or --invocations keeps the counts exact).")
    Integer warmup;

    @Option(
            names = "--invocations",
            description =
                    "Invocations per measurement (default 1000; adaptive and quick: sized by time, at most 1000).")
    Integer invocations;

    @Option(
            names = "--size-calls",
            description = "Calls per data type in the message-size pass (default 500; quick 50; 0: none).")
    Integer sizeCalls;

    @Option(names = "--reps", description = "Measurements per data type (default 12: min and max are dropped).")
    Integer reps;

    @Option(
            names = "--scenario-option",
            paramLabel = "KEY=VALUE",
            description = "Scenario setting passed to every scenario JVM, repeatable (e.g. wss.suite=modern).")
    java.util.Map<String, String> scenarioOptions = new java.util.LinkedHashMap<>();

    @Option(
            names = "--jce-provider",
            paramLabel = "sun|bc",
            description =
                    "JCE provider for rmi-ssl's and ws-security's crypto: the JDK's own (sun, default) or Bouncy Castle (bc); "
                            + "shorthand for --scenario-option jce.provider=...")
    String jceProvider;

    @Option(
            names = "--candidate-jce-provider",
            paramLabel = "sun|bc",
            description =
                    "Also run a candidate configuration with this JCE provider (seed 000/002's provider comparison).")
    String candidateJceProvider;

    @Option(
            names = "--payload",
            paramLabel = "NAME[,NAME...]",
            description =
                    "Seed 001/003 workloads instead of the eight data types: string-64|512|4096|8192, data2-4|32, "
                            + "data3-1|2|4|8|16, ints-N (every scenario carries them).")
    String payload;

    @Option(
            names = "--clients",
            defaultValue = "1",
            description =
                    "Also run N concurrent clients (seed 003: own connection each, no think time): throughput and latency percentiles.")
    int clients;

    @Option(
            names = "--jvm-opt",
            description = "Extra option for every scenario JVM, repeatable (e.g. --jvm-opt=-XX:+UseParallelGC).")
    List<String> jvmOptions = new ArrayList<>();

    @Option(
            names = "--repeat",
            defaultValue = "1",
            description =
                    "Run each scenario in this many fresh JVM pairs, to measure run-to-run variance (use 5 for diffs).")
    int repeat;

    @Option(
            names = "--set",
            paramLabel = "PROPERTY=VALUE",
            description =
                    "Maven property selecting a middleware version for the (baseline) run, e.g. metro.version=4.0.4; repeatable.")
    Map<String, String> mavenProperties = new LinkedHashMap<>();

    @Option(names = "--candidate-java-home", description = "Also run a candidate configuration with this JDK.")
    Path candidateJavaHome;

    @Option(
            names = "--candidate-set",
            paramLabel = "PROPERTY=VALUE",
            description =
                    "Also run a candidate configuration with this Maven property (middleware version); repeatable.")
    Map<String, String> candidateProperties = new LinkedHashMap<>();

    @Option(
            names = "--candidate-scenario-option",
            paramLabel = "KEY=VALUE",
            description = "Also run a candidate configuration with this scenario setting; repeatable.")
    Map<String, String> candidateScenarioOptions = new LinkedHashMap<>();

    @Option(
            names = "--call-timeout",
            defaultValue = "60s",
            description =
                    "A remote call that takes longer fails (RMI and JDK HTTP clients); 0 for none (default: ${DEFAULT-VALUE}).")
    String callTimeout;

    @Option(
            names = "--pin-cpu",
            paramLabel = "auto|none|CPU",
            defaultValue = "auto",
            description =
                    "Run every scenario JVM on one CPU (taskset): auto (default) the highest CPU when there are two or more "
                            + "(not with --clients), none, or a CPU number. Cross-CPU hand-offs on a VM with an idle CPU triple CPU per call.")
    String pinCpu;

    /** --pin-cpu resolved: the CPU, or null for none. */
    private Integer pinnedCpu;

    @Option(
            names = "--remote",
            description = "Client and server JVMs in two network namespaces joined by a veth pair (root).")
    boolean remote;

    @Option(names = "--rate", description = "With --remote: limit the link, e.g. 100mbit as in the papers (tc tbf).")
    String rate;

    @Option(
            names = "--keep-keys",
            description = "Keep the generated keys and certificates (owner-only temp directory) after the run.")
    boolean keepKeys;

    @Option(
            names = "--interleave",
            description =
                    "With a candidate: alternate baseline and candidate runs (ABAB...) so machine drift hits both.")
    boolean interleave;

    @Option(
            names = "--metrics-port",
            description =
                    "Serve the run's metrics for Prometheus on this port (0: any free port; default: no endpoint).")
    Integer metricsPort;

    @Option(
            names = "--metrics-bind",
            defaultValue = "127.0.0.1",
            description = "Address of the metrics endpoint (default: ${DEFAULT-VALUE}; 0.0.0.0 inside a container).")
    String metricsBind;

    @Option(
            names = "--metrics-linger",
            defaultValue = "15s",
            description =
                    "Keep the metrics endpoint up this long after the run: one scrape interval (default: ${DEFAULT-VALUE}; 0: none).")
    String metricsLinger;

    @Option(
            names = "--push",
            paramLabel = "URL",
            description = "Push the final figures to this Pushgateway, e.g. http://localhost:9091.")
    String pushUrl;

    @Override
    public Integer call() throws Exception {
        List<String> names = resolveScenarios();
        RuleSet rules = loadRules();
        if (repeat < 1) throw new UsageException("--repeat must be at least 1");
        if (jceProvider != null)
            scenarioOptions.put(
                    io.wirecost.scenarios.security.JceProviders.OPTION, jceChoice("--jce-provider", jceProvider));
        if (candidateJceProvider != null)
            candidateScenarioOptions.put(
                    io.wirecost.scenarios.security.JceProviders.OPTION,
                    jceChoice("--candidate-jce-provider", candidateJceProvider));
        try {
            Scenarios.checkOptions(scenarioOptions.keySet());
            Scenarios.checkOptions(candidateScenarioOptions.keySet());
        } catch (IllegalArgumentException e) {
            throw new UsageException("--scenario-option: " + e.getMessage());
        }
        if (payload != null) scenarioOptions.put(Payload.OPTION, checkPayload(payload, names));
        if (clients < 1 || clients > 500) throw new UsageException("--clients must be 1 to 500, got " + clients);
        if (clients > 1) scenarioOptions.put(ScenarioRunner.CLIENTS_OPTION, String.valueOf(clients));
        RunSettings base = quick ? RunSettings.quick(stringLength) : RunSettings.full(stringLength);
        if (method != null
                && !List.of(RunMethod.PAPER.label(), RunMethod.ADAPTIVE.label()).contains(method)) {
            throw new UsageException("--method must be adaptive or paper, got '" + method + "'");
        }
        if (method != null && quick)
            throw new UsageException("--method and --quick: choose one (--quick is a method of its own)");
        boolean explicitCounts = warmup != null || invocations != null || reps != null;
        if (RunMethod.ADAPTIVE.label().equals(method) && explicitCounts) {
            throw new UsageException(
                    "--method adaptive sizes the counts itself: drop --warmup, --invocations and --reps, or use --method paper");
        }
        // explicit counts are kept exactly: they are the papers' method with other numbers
        RunMethod chosen = quick
                ? (warmup == null && invocations == null ? RunMethod.QUICK : RunMethod.PAPER)
                : method != null ? RunMethod.of(method) : explicitCounts ? RunMethod.PAPER : RunMethod.ADAPTIVE;
        RunSettings settings = new RunSettings(
                warmup != null ? warmup : base.warmupCalls(),
                reps != null ? reps : base.reps(),
                invocations != null ? invocations : base.invocations(),
                base.instantiationReps(),
                stringLength,
                quick,
                scenarioOptions,
                sizeCalls != null ? sizeCalls : base.sizeCalls(),
                chosen.timeBudget(),
                chosen);
        ProfilerSettings profiler = profilerSettings(chosen);
        if (!isAddressLiteral(metricsBind)) {
            throw new UsageException(
                    "--metrics-bind must be an IP address like 127.0.0.1 or 0.0.0.0, got '" + metricsBind + "'");
        }
        long lingerNs = metricsLinger.equals("0") ? 0 : Durations.parseNanos("--metrics-linger", metricsLinger);
        java.net.URI push = RunMetricsPublisher.pushTarget(pushUrl);
        Path agentJar = Locations.agentJar();
        if (profiler.enabled() && !Files.isRegularFile(agentJar)) {
            throw new UsageException(
                    "profiler agent not found at " + agentJar + " (build with: mvn -q package -DskipTests)");
        }
        boolean twoSided =
                candidateJavaHome != null || !candidateProperties.isEmpty() || !candidateScenarioOptions.isEmpty();
        if (interleave && !twoSided) {
            throw new UsageException(
                    "--interleave needs a candidate (--candidate-java-home, --candidate-set or --candidate-scenario-option)");
        }
        Path home =
                checkJavaHome("--java-home", javaHome != null ? javaHome : Path.of(System.getProperty("java.home")));
        List<RunConfig> configs = new ArrayList<>();
        configs.add(new RunConfig(twoSided ? "baseline" : "", home, mavenProperties, scenarioOptions));
        if (twoSided) {
            Map<String, String> cand = new LinkedHashMap<>(mavenProperties);
            cand.putAll(candidateProperties);
            Map<String, String> candOptions = new LinkedHashMap<>(scenarioOptions);
            candOptions.putAll(candidateScenarioOptions);
            configs.add(new RunConfig(
                    "candidate",
                    checkJavaHome("--candidate-java-home", candidateJavaHome != null ? candidateJavaHome : home),
                    cand,
                    candOptions));
        }
        if (rate != null && !remote) throw new UsageException("--rate needs --remote");
        if (rate != null && !rate.matches("\\d+(k|m|g)?bit"))
            throw new UsageException("--rate must look like 100mbit, got '" + rate + "'");
        pinnedCpu = io.wirecost.runner.CpuPinning.choose("--pin-cpu", pinCpu, clients > 1);
        NetworkPair network = null;
        if (remote) {
            for (String n : names) {
                if (!Scenarios.runsRemote(n))
                    throw new UsageException(
                            "--remote does not support scenario '" + n + "' (its design is loopback-only)");
            }
            String why = NetworkPair.unavailable();
            if (why != null) throw new UsageException(why);
            network = NetworkPair.create(rate);
            for (RunConfig c : new ArrayList<>(configs)) {
                Map<String, String> o = new LinkedHashMap<>(c.scenarioOptions());
                o.put("bind.host", network.serverAddress());
                configs.set(configs.indexOf(c), new RunConfig(c.label(), c.javaHome(), c.mavenProperties(), o));
            }
        }
        try {
            return execute(names, profiler, rules, settings, agentJar, configs, twoSided, network, lingerNs, push);
        } finally {
            if (network != null) network.close();
        }
    }

    private Integer execute(
            List<String> names,
            ProfilerSettings profiler,
            RuleSet rules,
            RunSettings settings,
            Path agentJar,
            List<RunConfig> configs,
            boolean twoSided,
            NetworkPair network,
            long lingerNs,
            java.net.URI push)
            throws Exception {
        Path dir = outputDirectory();
        Progress progress = new Progress(System.err, System.console() != null);
        List<RunCoordinator.Side> sides = new ArrayList<>();
        for (RunConfig c : configs) {
            Path sideDir = c.label().isEmpty() ? dir : Files.createDirectories(dir.resolve(c.label()));
            JvmLauncher launcher = new JvmLauncher(
                            c.javaHome(),
                            new ModuleClasspath(Locations.projectRoot(), c.mavenProperties()),
                            agentJar,
                            profiler,
                            jvmOptions)
                    .callTimeout(
                            callTimeout.equals("0")
                                    ? 0
                                    : Durations.parseNanos("--call-timeout", callTimeout) / 1_000_000)
                    .network(network)
                    .pinCpu(pinnedCpu)
                    // --quick too: its start-up and few seconds of warm-up then compile on the idle CPU (start-up of
                    // all 13 scenarios 48 -> 23 s), to the end where it cut the warm-up (ScenarioRunner); the papers'
                    // method keeps its JIT on the pinned CPU
                    .warmupCompilerCpu(
                            settings.method() == RunMethod.PAPER
                                    ? null
                                    : io.wirecost.runner.CpuPinning.compilerCpu(pinnedCpu),
                            settings.method() == RunMethod.QUICK)
                    .adaptiveMethod(settings.method() == RunMethod.ADAPTIVE);
            Map<String, List<String>> methodJvmOptions = new LinkedHashMap<>();
            for (String name : names) {
                List<String> options = launcher.methodJvmOptions(Scenarios.descriptor(name));
                if (!options.isEmpty()) methodJvmOptions.put(name, options);
            }
            RunMetadata meta = new RunMetadata(
                    dir.getFileName().toString() + (c.label().isEmpty() ? "" : "/" + c.label()),
                    OffsetDateTime.now().toString(),
                    Locations.hostName(),
                    Locations.version(),
                    c.javaHome().toString(),
                    launcher.featureVersion(),
                    settings.withScenarioOptions(c.scenarioOptions()),
                    profiler,
                    names,
                    Arrays.asList(ProcessHandle.current().info().arguments().orElse(new String[0])),
                    c.label(),
                    c.mavenProperties(),
                    repeat,
                    interleave,
                    network == null ? "loopback (client and server JVMs on one host)" : network.describe(),
                    launcher.cpuAffinity(),
                    methodJvmOptions);
            sides.add(new RunCoordinator.Side(
                    c,
                    new ScenarioRunner(
                                    launcher,
                                    settings.withScenarioOptions(c.scenarioOptions()),
                                    profiler,
                                    rules,
                                    sideDir,
                                    progress)
                            .keepKeys(keepKeys),
                    new RunWriter(sideDir, rules),
                    meta,
                    new ArrayList<>()));
        }
        System.err.println("wirecost: writing to " + dir);
        RunMetricsPublisher metrics = RunMetricsPublisher.start(
                metricsPort, metricsBind, lingerNs, push, dir.getFileName().toString(), System.err);
        metrics.update(metricsSources(sides));
        RunCoordinator coordinator = new RunCoordinator(sides, names, repeat, interleave, progress);
        coordinator.afterEach(() -> metrics.update(metricsSources(sides)));
        try {
            coordinator.run();
        } finally {
            for (RunCoordinator.Side side : sides) side.runner().close(); // the run's generated keys
        }
        progress.done();

        boolean failed = false;
        for (RunCoordinator.Side side : sides) {
            List<ScenarioResult> results = RunCoordinator.firstRepetitions(side.results());
            if (!side.config().label().isEmpty())
                System.out.println(
                        "\n==== " + side.config().label() + ": " + side.config().javaHome()
                                + (side.config().mavenProperties().isEmpty()
                                        ? ""
                                        : " " + side.config().mavenProperties()));
            System.out.println();
            // the method and the counts each scenario used, which the adaptive method and --quick size themselves
            System.out.println("Method: "
                    + io.wirecost.report.CountsTable.method(side.meta().settings()));
            System.out.print(
                    io.wirecost.report.CountsTable.table(side.results()).text());
            System.out.println();
            System.out.print(Tables.roundTrips(results).text());
            System.out.println();
            System.out.print(CpuTables.perCall(side.results()).text());
            System.out.println();
            System.out.print(Tables.factors(side.results()).text());
            System.out.println();
            System.out.print(Tables.messageSizes(results).text());
            System.out.println();
            System.out.print(Tables.sizeFactors(results).text());
            System.out.println();
            System.out.print(io.wirecost.report.TodayFactors.table(results).text());
            if (payload != null) {
                System.out.println();
                System.out.print(WireTraffic.table(results).text());
            }
            if (clients > 1) {
                System.out.println();
                System.out.print(ConcurrencyTable.table(results).text());
            }
            System.out.println();
            System.out.print(Tables.relativeTime(results, rules, "all").text());
            for (String kind : io.wirecost.report.CompanionTables.KINDS) {
                if (!io.wirecost.report.CompanionTables.present(results, kind)) continue;
                System.out.println();
                System.out.print(io.wirecost.report.CompanionTables.table(results, rules, kind)
                        .text());
            }
            if (repeat > 1)
                System.out.println("(tables show repetition 1 of " + repeat + "; results.json holds all of them)");
            for (ScenarioResult r : side.results()) {
                if (!r.ok()) {
                    System.err.println("wirecost: " + r.scenario() + (repeat > 1 ? " #" + r.repetition() : "")
                            + " failed: " + r.error());
                    failed = true;
                }
            }
        }
        if (sides.size() == 2) {
            System.out.println();
            System.out.print(Tables.configurationFactors(
                            RunCoordinator.firstRepetitions(sides.get(0).results()),
                            RunCoordinator.firstRepetitions(sides.get(1).results()),
                            sides.get(0).config().scenarioOptions(),
                            sides.get(1).config().scenarioOptions())
                    .text());
        }
        System.out.println();
        System.out.println("Results: " + dir
                + " (results.json, shares.csv, rtt.csv, cpu.csv, sizes.csv, table.md, metrics.prom, report.html, "
                + "recordings/, flames/, captures/)");
        if (twoSided)
            System.out.println("Compare: ./wirecost diff " + dir.resolve("baseline") + " " + dir.resolve("candidate"));
        boolean pushed = metrics.finish(metricsSources(sides));
        return failed || !pushed ? 1 : 0;
    }

    /** What the metrics endpoint and the push show: each configuration's first repetitions, as metrics.prom. */
    private static List<RunMetrics.Source> metricsSources(List<RunCoordinator.Side> sides) {
        List<RunMetrics.Source> out = new ArrayList<>();
        for (RunCoordinator.Side side : sides) {
            out.add(new RunMetrics.Source(side.meta(), RunCoordinator.firstRepetitions(side.results())));
        }
        return out;
    }

    private static String jceChoice(String option, String value) {
        if (!value.equals("sun") && !value.equals("bc"))
            throw new UsageException(option + " must be sun or bc, got '" + value + "'");
        return value;
    }

    /** Unknown payloads and scenarios that cannot carry one are refused before any JVM starts. */
    static String checkPayload(String payload, List<String> names) {
        List<Payload> list;
        try {
            list = Payload.parseList(payload);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--payload: " + e.getMessage());
        }
        if (list.isEmpty()) throw new UsageException("--payload needs at least one name");
        for (String n : names) {
            if (!Payload.CARRIERS.contains(n)) {
                throw new UsageException("scenario '" + n + "' cannot carry a payload (--payload works with "
                        + String.join(", ", new java.util.TreeSet<>(Payload.CARRIERS)) + ")");
            }
        }
        return String.join(",", list.stream().map(Payload::name).toList());
    }

    /** An IPv4 or IPv6 literal (or localhost): checked without a name lookup, which could hang offline. */
    static boolean isAddressLiteral(String text) {
        if (text.equals("localhost")) return true;
        if (!text.matches("\\d{1,3}(\\.\\d{1,3}){3}") && !text.matches("[0-9a-fA-F:]*:[0-9a-fA-F:.]*")) return false;
        try {
            InetAddress.getByName(text); // a literal: parsed, never looked up
            return true;
        } catch (java.net.UnknownHostException e) {
            return false;
        }
    }

    private static Path checkJavaHome(String option, Path home) {
        if (!Files.isExecutable(home.resolve("bin").resolve("java")))
            throw new UsageException(option + " " + home + " has no bin/java");
        return home;
    }

    private List<String> resolveScenarios() {
        try {
            return Scenarios.resolve(scenarios);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--scenarios: " + e.getMessage());
        }
    }

    private ProfilerSettings profilerSettings(RunMethod chosenMethod) {
        if (!List.of("async", "jfr", "none").contains(engine))
            throw new UsageException("--profiler must be async, jfr or none, got '" + engine + "'");
        if (!List.of("cpu", "ctimer", "itimer", "wall").contains(event))
            throw new UsageException("--event must be cpu, ctimer, itimer or wall, got '" + event + "'");
        return new ProfilerSettings(
                engine, event, intervalNanos(engine, interval, chosenMethod), profileExtras(profile));
    }

    /**
     * {@code --interval} for {@code engine}, or its default: 250 µs for async-profiler where the profiled pass stops
     * at its sample budget (the adaptive method, --quick), 1 ms otherwise. The budget (5,000 per role) took tcp's
     * and rmi's two JVMs 10 s of CPU on their one CPU at 1 ms; the pass runs apart from the timed pass, so the
     * profiler's cost at the finer rate does not reach the reported figures (docs/RESULTS.md, 2026-11-26). Where the
     * papers' counts fix the profiled pass's length, a finer interval would only make it slower (the profiler's cost
     * at four times the rate: ws-literal's profiled calls 249 -> 347 µs). JFR's method sampler takes whole
     * milliseconds.
     */
    static long intervalNanos(String engine, String interval, RunMethod method) {
        long ns = interval == null
                ? (engine.equals("jfr") || method == RunMethod.PAPER ? 1_000_000L : 250_000L)
                : Durations.parseNanos("--interval", interval);
        if (engine.equals("jfr") && ns < 1_000_000L)
            throw new UsageException("--interval: JFR samples at most once a millisecond, got '" + interval + "'");
        return ns;
    }

    /** The events {@code --profile} adds to CPU samples; CPU stays, since the relative-time table needs it. */
    static java.util.Set<String> profileExtras(List<String> profile) {
        java.util.Set<String> extras = new java.util.TreeSet<>();
        for (String p : profile) {
            switch (p.trim()) {
                case "cpu" -> {}
                case "alloc", "lock", ProfilerSettings.ENDPOINTS -> extras.add(p.trim());
                default ->
                    throw new UsageException(
                            "--profile: each item must be cpu, alloc, lock or endpoints, got '" + p + "'");
            }
        }
        if (!profile.stream().map(String::trim).toList().contains("cpu")) {
            throw new UsageException(
                    "--profile must include cpu (e.g. cpu,alloc,lock), got '" + String.join(",", profile) + "'");
        }
        return extras;
    }

    private RuleSet loadRules() {
        try {
            if (RuleLayers.needsDetection(rulesFiles)) {
                throw new UsageException(
                        "--rules pack:auto: run knows its scenarios' libraries; name packs (pack:NAME) or use pack:auto with attribute");
            }
            return io.wirecost.attribution.Attributor.rules(rulesFiles);
        } catch (RuleFileException e) {
            throw new UsageException(e.getMessage());
        }
    }

    private Path outputDirectory() throws Exception {
        Path dir = out != null
                ? out
                : Path.of("runs", LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        if (Files.exists(dir.resolve("results.json"))) {
            throw new UsageException("--out " + dir + " already holds a run; choose another directory");
        }
        return OutputDirectory.create("--out", dir);
    }
}
