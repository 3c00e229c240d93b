package io.wirecost.runner;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.wirecost.attribution.Attributor;
import io.wirecost.attribution.CategoryCounts;
import io.wirecost.attribution.RecordingException;
import io.wirecost.attribution.RecordingSummary;
import io.wirecost.attribution.RuleSet;
import io.wirecost.attribution.SampleMode;
import io.wirecost.scenarios.Operation;
import io.wirecost.scenarios.ScenarioConfig;
import io.wirecost.scenarios.ScenarioDescriptor;
import io.wirecost.scenarios.Scenarios;
import io.wirecost.scenarios.files.FileTrees;
import io.wirecost.scenarios.harness.Protocol;
import io.wirecost.scenarios.payload.Payload;
import io.wirecost.scenarios.security.KeyMaterial;
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
 * Runs one scenario: server JVM, client JVM, warm-up, profiled measurement, instantiation, then the
 * attribution of both recordings. Never throws for a scenario failure: the result says what failed
 * and keeps every figure measured before it.
 */
public final class ScenarioRunner implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration START = Duration.ofSeconds(90);
    private static final Duration COMMAND = Duration.ofSeconds(60);

    private final JvmLauncher launcher;
    private final RunSettings settings;
    private final ProfilerSettings profiler;
    private final RuleSet rules;
    private final Path outDir;
    private final Consumer<String> progress;
    private boolean keepKeys;
    /** Time allowed per call in command limits: 5 ms, or 3 x the pace probed at the start of the warm-up. */
    private Duration pace = Duration.ofMillis(5);

    /** Keep each run's generated keys (owner-only, in the temp directory) instead of deleting them. */
    public ScenarioRunner keepKeys(boolean keep) {
        this.keepKeys = keep;
        return this;
    }

    /** The run's keys and certificates: generated at the first scenario that needs them, deleted by {@link #close}. */
    private Path keyDir;

    /**
     * Key directories not yet deleted, removed by a shutdown hook too: Ctrl-C ends the JVM through its hooks
     * without unwinding the run (as for {@link WireCapture}), and private keys must not outlive it.
     */
    private static final java.util.Set<Path> UNDELETED_KEYS = java.util.concurrent.ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime()
                .addShutdownHook(
                        new Thread(() -> UNDELETED_KEYS.forEach(FileTrees::deleteQuietly), "wirecost-key-reaper"));
    }

    /**
     * The run's keys, generated once: five RSA 2048 keys and their certificates took 2.5 to 3.6 s in each of
     * rmi-ssl, ws-security and grpc-tls; one set serves them all (each run, and each side of a comparison, still
     * generates its own).
     */
    private Path keys(String scenario) throws Exception {
        if (keyDir == null) {
            Path dir = Files.createTempDirectory("wirecost-keys-");
            if (!keepKeys) UNDELETED_KEYS.add(dir);
            progress.accept(scenario + ": generating keys and certificates");
            KeyMaterial.generate(dir, Duration.ofDays(1));
            keyDir = dir;
        }
        return keyDir;
    }

    /** Deletes the run's generated keys (unless kept). */
    @Override
    public void close() {
        if (keyDir != null && !keepKeys) {
            FileTrees.deleteQuietly(keyDir);
            UNDELETED_KEYS.remove(keyDir);
        }
        keyDir = null;
    }

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
    }

    public ScenarioResult run(String name) {
        return run(name, 1);
    }

    /** Recordings, flame graphs and logs of repetitions after the first carry {@code .rK} in their names. */
    public ScenarioResult run(String name, int repetition) {
        String stem = repetition == 1 ? name : name + ".r" + repetition;
        long t0 = System.nanoTime();
        ScenarioDescriptor scenario = Scenarios.descriptor(name);
        List<RttStatistics> rtt = new ArrayList<>();
        Map<String, Object> facts = new LinkedHashMap<>();
        Map<String, String> profilers = new LinkedHashMap<>();
        Map<String, Path> recordings = new LinkedHashMap<>();
        String error = "";
        List<MessageSize> sizes = new ArrayList<>();
        List<RttStatistics> profiledRtt = new ArrayList<>();
        List<CpuStatistics> cpu = new ArrayList<>();
        partial = List.of();
        proxy = null;
        pace = Duration.ofMillis(5); // each scenario probes its own
        counts = Counts.fixed(settings);
        warmupCompiler = new LinkedHashMap<>();
        String sizesNote = settings.sizeCalls() == 0 ? "not measured (--size-calls 0)" : "not measured";
        Path keyDir = null;
        long calls = 0;
        try {
            if (scenario.needsKeys()) {
                keyDir = keys(name);
                facts.put("keys", Map.of("dir", keyDir.toString(), "kept", keepKeys));
            }
            ScenarioConfig config = new ScenarioConfig(settings.stringLength(), keyDir, settings.scenarioOptions());
            String configJson = JSON.writeValueAsString(config);
            Path recServer = outDir.resolve("recordings").resolve(stem + "-server.jfr");
            Path recClient = outDir.resolve("recordings").resolve(stem + "-client.jfr");
            Files.createDirectories(recServer.getParent());
            JvmPair.Files files = new JvmPair.Files(
                    recServer,
                    recClient,
                    outDir.resolve("logs").resolve(stem + "-server.log"),
                    outDir.resolve("logs").resolve(stem + "-client.log"));
            try (JvmPair pair = JvmPair.start(launcher, scenario, name, name, configJson, files, START, COMMAND)) {
                ChildJvm server = pair.server();
                ChildJvm client = pair.client();
                facts.put("endpoint", pair.endpoint());
                proxy = ProxyCpu.of(pair.endpoint());
                if (proxy != null) facts.put("cpu_processes", List.of("client", "server", "proxy"));
                progress.accept(name + ": warm-up, "
                        + switch (settings.method()) {
                            case RunSettings.QUICK -> "at most " + settings.warmupCalls() + " calls per data type";
                            case RunSettings.ADAPTIVE -> "until the pace settles";
                            default -> settings.warmupCalls() + " calls per data type";
                        });
                // a first slice of the warm-up measures the pace; later limits scale with it (ws-security: 10+ ms a
                // call)
                // --quick: 5 calls per type, and their time counts against its warm-up's: ws-security's first 20
                // cold calls per type took 14 s, more than the whole warm-up --quick allows (6 s)
                int probe = Math.min(settings.warmupCalls(), settings.method().equals(RunSettings.QUICK) ? 5 : 20);
                long ops = labels().size();
                long t = System.nanoTime();
                double probeNanosPerCall;
                if (settings.quick()) {
                    // as the gate's error rates were measured: its warm-up is cut where the JIT is still busy anyway
                    client.call(new Protocol.Warmup(probe), timeoutFor(probe * ops, Duration.ofSeconds(1)));
                    probeNanosPerCall = (double) (System.nanoTime() - t) / Math.max(1, probe * ops);
                } else {
                    probeNanosPerCall = probe(server, client, probe) / Math.max(1, probe * ops);
                }
                pace = Duration.ofNanos(Math.max(5_000_000L, (long) (3 * probeNanosPerCall)));
                // message sizes depend on neither the JIT nor the clock, so they are measured first, where their
                // calls warm the JVMs up too (with --quick, within its warm-up time); measured after the timed and
                // profiled passes they added 1 to 6 s a scenario
                long warmupStart = settings.method().equals(RunSettings.QUICK) ? t : System.nanoTime();
                int sizeCalls = settings.method().equals(RunSettings.PAPER)
                        ? settings.sizeCalls()
                        : sizeCalls(probeNanosPerCall, ops);
                sizeCallsMade = 0;
                sizesNote = measureSizes(stem, server, client, sizeCalls, sizes);
                // counts.warmupCalls stays the warm-up's own calls (the probe's included, the size pass's not), so
                // that results.json's counts still add up to the calls made: warm-up + timed + profiled + sizes
                counts = switch (settings.method()) {
                    case RunSettings.QUICK ->
                        quickWarmup(server, client, probe, ops, probeNanosPerCall, warmupStart, sizeCallsMade);
                    case RunSettings.ADAPTIVE ->
                        adaptiveWarmup(server, client, probe, ops, probeNanosPerCall, sizeCallsMade);
                    default -> Counts.fixed(settings, sizeCallsMade); // the settings' counts, the size calls made
                };
                if (settings.method().equals(RunSettings.PAPER)) {
                    // the papers' 5,000 warm-up calls (the probe's among them) before the timed pass; the size
                    // pass's calls come on top
                    client.call(
                            new Protocol.Warmup(settings.warmupCalls() - probe),
                            timeoutFor((settings.warmupCalls() - probe) * ops, pace));
                }
                facts.put("counts", counts);
                if (!warmupCompiler.isEmpty()) facts.put("warmup_compiler", warmupCompiler);
                // the timed pass runs as before: every thread of both JVMs on the pinned CPU (a no-op where
                // the compiler threads never left it or came back during --quick's warm-up). Not where --quick cut
                // the warm-up: it does not wait for the JIT, which is then still at 85 to 99 % of a CPU (the
                // web-service stacks after 5 s); brought back, it took the pinned CPU from the calls and stretched
                // ws-literal's 3 s timed pass to 10 s. There it stays on the other CPU to the end (compiler threads
                // are not counted in CPU per call either way).
                boolean jitStaysAway = settings.method().equals(RunSettings.QUICK)
                        && !warmupCompiler.isEmpty()
                        && counts.warmupCalls() < settings.warmupCalls();
                if (!warmupCompiler.isEmpty() && settings.method().equals(RunSettings.QUICK))
                    warmupCompiler.putIfAbsent("until", jitStaysAway ? "end" : "timed pass");
                if (!jitStaysAway) {
                    launcher.compileOnPinnedCpu(server);
                    launcher.compileOnPinnedCpu(client);
                }
                progress.accept(
                        name + ": timing " + counts.reps() + " x " + counts.invocations() + " calls per data type");
                // timed without the profiler, as the papers timed: perf-event sampling alone slows an RMI
                // ping-pong by about 30 % here (bench overhead), through its cost on every context switch
                long[] classesBefore = settings.quick() ? null : classesLoaded(server, client);
                MachineNoise.Snapshot before = MachineNoise.read();
                Pass timed;
                // the memory probe only where the drift is measured: it is what the probe's figure is read beside
                try (MemoryPace memory = settings.quick() ? null : MemoryPace.start()) {
                    long timedFrom = System.nanoTime();
                    timed = measureAll(server, client, counts.reps());
                    if (classesBefore != null) {
                        // none, since the probe runs the timed pass's own commands: a class loaded here may have
                        // thrown away compiled code the warm-up made, and the first type is then measured on code
                        // compiling again
                        long[] classesAfter = classesLoaded(server, client);
                        Map<String, Long> loaded = new LinkedHashMap<>();
                        loaded.put("server", classesAfter[0] - classesBefore[0]);
                        loaded.put("client", classesAfter[1] - classesBefore[1]);
                        facts.put("timed_pass_classes_loaded", loaded);
                    }
                    Map<String, Object> noise = new LinkedHashMap<>(MachineNoise.between(before, MachineNoise.read()));
                    // the contention the timed pass met: what a diff checks both sides had alike (Gate)
                    if (!Double.isNaN(timed.waitMicrosPerCall()))
                        noise.put("runqueue_wait_micros_per_call", timed.waitMicrosPerCall());
                    facts.put("noise", noise);
                    rtt.addAll(timed.rtt());
                    cpu.addAll(timed.cpu());
                    // not with --quick, counts given or not: its time budget already says where it cut the warm-up,
                    // its gate decides from repetitions, and its calls stay the ones asked for
                    Map<String, Object> drift = settings.quick() ? Map.of() : drift(server, client, timed);
                    if (!drift.isEmpty()) {
                        // the re-measurement is the scenario's second part: the move between the parts widens
                        // every interval of the scenario (PartSpread), so that they hold the next run's figure
                        double cpuMove = PartSpread.move((double) drift.get("cpu_micros_per_call_timed"), (double)
                                drift.get("cpu_micros_per_call_again"));
                        double rttMove = drift.containsKey("rtt_micros_per_call_again")
                                ? PartSpread.move((double) drift.get("rtt_micros_per_call_timed"), (double)
                                        drift.get("rtt_micros_per_call_again"))
                                : 0;
                        rtt.clear();
                        rtt.addAll(PartSpread.rtt(timed.rtt(), rttMove));
                        cpu.clear();
                        cpu.addAll(PartSpread.cpu(timed.cpu(), cpuMove));
                        drift = new LinkedHashMap<>(drift);
                        drift.put("interval_part_spread_rtt", rttMove);
                        drift.put("interval_part_spread_cpu", cpuMove);
                        Estimate pace = memory == null ? null : memory.drift(timedFrom, System.nanoTime());
                        if (pace != null) {
                            drift = new LinkedHashMap<>(drift);
                            drift.put("memory_pace_ratio", pace.value());
                            drift.put("memory_pace_ci_low", pace.low());
                            drift.put("memory_pace_ci_high", pace.high());
                        }
                        facts.put("drift", drift);
                    }
                }
                int clients = Integer.parseInt(settings.scenarioOptions().getOrDefault(CLIENTS_OPTION, "1"));
                if (clients > 1) facts.put("concurrency", measureConcurrent(name, client, clients));
                if (profiler.enabled()) {
                    profilers.put(
                            "server",
                            server.call(
                                            new Protocol.ProfileStart(
                                                    recServer.toAbsolutePath().toString()),
                                            COMMAND)
                                    .profiler());
                    profilers.put(
                            "client",
                            client.call(
                                            new Protocol.ProfileStart(
                                                    recClient.toAbsolutePath().toString()),
                                            COMMAND)
                                    .profiler());
                    progress.accept(name + ": profiling the same calls again");
                    Pass profiled;
                    if (settings.method().equals(RunSettings.PAPER)) {
                        profiled = measureAll(server, client, counts.reps());
                    } else {
                        // sized by samples; --quick's never longer than its timed pass, the adaptive one's at
                        // most five times as long (the fast calls need that many for their budget)
                        int cap = settings.method().equals(RunSettings.QUICK)
                                ? counts.reps()
                                : Settle.profiledCap(counts.reps());
                        profiled = profiledPass(server, client, timed, cap, ops);
                    }
                    facts.put("profiled_batches", profiled.batches());
                    facts.put("profiled_invocations", profiled.invocations());
                    profiledRtt.addAll(profiled.rtt()); // its CPU includes the profiler's: not reported
                    server.call(new Protocol.ProfileStop(), COMMAND);
                    client.call(new Protocol.ProfileStop(), COMMAND);
                    recordings.put("server", recServer);
                    recordings.put("client", recClient);
                }
                progress.accept(name + ": instantiation, " + settings.instantiationReps() + " fresh clients");
                Protocol.Instantiated inst = client.call(
                        new Protocol.Instantiation(settings.instantiationReps()),
                        timeoutFor(settings.instantiationReps() * 100L, pace));
                rtt.add(RttStatistics.of("instantiation", inst.instantiationNanos(), 1));
                Map<String, Object> clientInfo =
                        client.call(new Protocol.Info(), COMMAND).values();
                calls = ((Number) clientInfo.get("calls")).longValue();
                facts.put("client", clientInfo);
                facts.put("server", server.call(new Protocol.Info(), COMMAND).values());
            }
        } catch (ChildJvm.ChildFailure | IllegalArgumentException e) {
            error = e.getMessage();
            if (rtt.isEmpty()) rtt.addAll(partial);
        } catch (Exception e) {
            error = e.getClass().getSimpleName() + ": " + e.getMessage();
        }
        Map<String, RoleAttribution> shares = new LinkedHashMap<>();
        Map<String, RoleAttribution> companions = new LinkedHashMap<>();
        try {
            shares.putAll(attribute(recordings));
            companions.putAll(companions(recordings));
            writeFlames(stem, recordings);
        } catch (RecordingException | IOException e) {
            if (error.isEmpty()) error = e.getMessage();
        }
        Map<String, String> recordingPaths = new LinkedHashMap<>();
        recordings.forEach(
                (role, p) -> recordingPaths.put(role, outDir.relativize(p).toString()));
        double seconds = (System.nanoTime() - t0) / 1e9;
        return new ScenarioResult(
                name,
                repetition,
                scenario.paperColumn(),
                error.isEmpty() ? "ok" : "failed",
                error,
                seconds,
                calls,
                rtt,
                profiledRtt,
                shares,
                facts,
                profilers,
                recordingPaths,
                sizes,
                sizesNote,
                cpu,
                companions);
    }

    /**
     * The message-size pass: the client makes {@code sizeCalls} calls per data type while tcpdump
     * captures the traffic of the server JVM's listening ports. Returns how sizes were (or why they were
     * not) measured; a capture problem never fails the scenario.
     */
    @SuppressWarnings("unchecked")
    private String measureSizes(String name, ChildJvm server, ChildJvm client, int sizeCalls, List<MessageSize> out)
            throws ChildJvm.ChildFailure, InterruptedException {
        if (sizeCalls == 0) return "not measured (--size-calls 0)";
        java.util.Optional<String> why = WireCapture.unavailable();
        if (why.isPresent()) return "not measured: " + why.get();
        java.util.Set<Integer> ports;
        try {
            ports = ListeningPorts.of(server.pid());
        } catch (IOException e) {
            return "not measured: cannot read the server's ports from /proc: " + e.getMessage();
        }
        if (ports.isEmpty()) return "not measured: the server JVM listens on no TCP port";
        progress.accept(name + ": message sizes, " + sizeCalls + " calls per data type under tcpdump");
        Path pcap = outDir.resolve("captures").resolve(name + ".pcap");
        Protocol.SizeWindows reply;
        try {
            Files.createDirectories(pcap.getParent());
            try (WireCapture capture = WireCapture.start(ports, pcap, launcher.network())) {
                reply = client.call(
                        new Protocol.Sizes(sizeCalls), timeoutFor(sizeCalls * (long) labels().size(), pace));
                sizeCallsMade = sizeCalls;
                capture.stop();
            }
            List<Protocol.SizeWindow> w = reply.windows();
            List<WireCapture.Window> windows = new ArrayList<>();
            for (int i = 0; i < w.size(); i++) {
                long end = i + 1 < w.size() ? w.get(i + 1).startMicros() : reply.endMicros();
                windows.add(new WireCapture.Window(
                        w.get(i).operation(), w.get(i).calls(), w.get(i).startMicros(), end));
            }
            out.addAll(WireCapture.sizes(pcap, ports, windows));
        } catch (IOException e) {
            return "not measured: " + e.getMessage();
        }
        return "tcpdump on " + (launcher.network() != null ? launcher.network().serverInterface() : "lo")
                + ", server ports " + ports + ", " + sizeCalls + " calls per data type";
    }

    /** Generous per-command limits: a hung JVM must not hang the run, a slow scenario must not fail. */
    private static Duration timeoutFor(long calls, Duration pace) {
        return Duration.ofSeconds(60)
                .plus(pace.multipliedBy(calls)); // a minute plus 5 ms, or 3 x the probed time, per call
    }

    /** One timed pass: round trips and CPU per call. */
    /**
     * @param waitMicrosPerCall run-queue wait of both JVMs per call: the contention the pass met (NaN: unknown)
     * @param nanosPerCall      the pass's mean round trip over every batch and type (NaN: none measured)
     * @param batches           batches per type
     * @param invocations       calls per batch
     */
    private record Pass(
            List<RttStatistics> rtt,
            List<CpuStatistics> cpu,
            double waitMicrosPerCall,
            double nanosPerCall,
            int batches,
            int invocations) {}

    /**
     * The papers' measurement of every data type: {@code reps} batches each ({@link #measureBatches}),
     * summarised. Types measured before a failure are kept.
     */
    private Pass measureAll(ChildJvm server, ChildJvm client, int reps) throws ChildJvm.ChildFailure {
        return summarize(measureBatches(server, client, reps, counts.invocations(), null));
    }

    /** Every batch of a pass as measured, per operation in measuring order: what {@link #summarize} turns into statistics. */
    private record Batches(
            int invocations,
            Map<String, long[]> nanos,
            Map<String, long[]> clientCpu,
            Map<String, long[]> serverCpu,
            Map<String, long[]> proxyCpu,
            long waitNanos,
            long waitCalls,
            boolean waitKnown) {

        /** These batches followed by {@code more}'s, operation by operation. */
        Batches then(Batches more) {
            if (more.invocations != invocations) throw new IllegalArgumentException("batches of different sizes");
            return new Batches(
                    invocations,
                    concat(nanos, more.nanos),
                    concat(clientCpu, more.clientCpu),
                    concat(serverCpu, more.serverCpu),
                    concat(proxyCpu, more.proxyCpu),
                    waitNanos + more.waitNanos,
                    waitCalls + more.waitCalls,
                    waitKnown && more.waitKnown);
        }

        private static Map<String, long[]> concat(Map<String, long[]> a, Map<String, long[]> b) {
            Map<String, long[]> out = new LinkedHashMap<>();
            a.forEach((op, x) -> {
                long[] y = b.getOrDefault(op, new long[0]);
                long[] both = java.util.Arrays.copyOf(x, x.length + y.length);
                System.arraycopy(y, 0, both, x.length, y.length);
                out.put(op, both);
            });
            return out;
        }
    }

    /**
     * {@code reps} batches of every data type, one batch per command: the server JVM reads its CPU time
     * between batches (the client reads its own inside the measure command), so every batch has the CPU of
     * both processes. Types measured before a failure are kept ({@code before}: batches already measured
     * in this pass, or null). {@code n}: calls per batch.
     */
    private Batches measureBatches(ChildJvm server, ChildJvm client, int reps, int n, Batches before)
            throws ChildJvm.ChildFailure {
        return measureBatches(server, client, reps, n, before, labels());
    }

    /** Batches measured again after the timed pass to see whether the figure moved while it was measured. */
    static final int DRIFT_BATCHES = 5;

    /**
     * The timed pass's first type measured again right after it ({@value #DRIFT_BATCHES} batches of the same
     * size), CPU per call of both JVMs: results.json's {@code facts.drift}, what {@code NoiseFlags} reads. The
     * types are measured one after the other, as the papers did, so a JIT still at work when the warm-up ended
     * makes the later types come out cheaper than the first; ws-security's CPU per call came out at 8.1 ms in one
     * run and 12.3 ms in another of the same code, the second falling from 12.0 ms for int to 8.5 ms for string,
     * the last type, and nothing said so (docs/RESULTS.md). Empty where CPU time is unreadable.
     */
    private Map<String, Object> drift(ChildJvm server, ChildJvm client, Pass timed) throws ChildJvm.ChildFailure {
        String op = labels().get(0);
        CpuStatistics first = timed.cpu().stream()
                .filter(c -> c.operation().equals(op) && c.role().equals("all"))
                .findFirst()
                .orElse(null);
        if (first == null) return Map.of();
        int n = counts.invocations();
        Batches again = measureBatches(server, client, DRIFT_BATCHES, n, null, List.of(op));
        CpuStatistics last =
                CpuPass.of(
                                op,
                                again.clientCpu().get(op),
                                again.serverCpu().get(op),
                                again.proxyCpu().get(op),
                                n)
                        .stream()
                        .filter(c -> c.role().equals("all"))
                        .findFirst()
                        .orElse(null);
        if (last == null) return Map.of();
        Estimate ratio = last.perCallMicros().ratio(first.perCallMicros());
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("operation", op);
        out.put("cpu_micros_per_call_timed", first.meanMicros());
        out.put("cpu_micros_per_call_again", last.meanMicros());
        out.put("ratio", ratio.value());
        out.put("ci_low", ratio.low());
        out.put("ci_high", ratio.high());
        out.put("batches", DRIFT_BATCHES);
        out.put("invocations", n);
        timed.rtt().stream().filter(r -> r.operation().equals(op)).findFirst().ifPresent(r -> {
            out.put("rtt_micros_per_call_timed", r.meanMicros());
            out.put(
                    "rtt_micros_per_call_again",
                    RttStatistics.of(op, again.nanos().get(op), n).meanMicros());
        });
        return out;
    }

    private Batches measureBatches(
            ChildJvm server, ChildJvm client, int reps, int n, Batches before, List<String> operations)
            throws ChildJvm.ChildFailure {
        long waitNanos = 0;
        long waitCalls = 0;
        boolean waitKnown = true;
        Map<String, long[]> nanosByOp = new LinkedHashMap<>();
        Map<String, long[]> clientByOp = new LinkedHashMap<>();
        Map<String, long[]> serverByOp = new LinkedHashMap<>();
        Map<String, long[]> proxyByOp = new LinkedHashMap<>();
        try {
            for (String op : operations) {
                long[] nanos = new long[reps];
                long[] clientCpu = new long[reps];
                long[] serverCpu = new long[reps];
                long[] proxyCpu = proxy == null ? null : new long[reps];
                long[] cpuBefore = serverCpuNanos(server);
                long proxyBefore = proxy == null ? -1 : proxy.nanos();
                for (int r = 0; r < reps; r++) {
                    Protocol.Measured m = client.call(new Protocol.Measure(1, n, op), timeoutFor(n, pace));
                    long[] after = serverCpuNanos(server);
                    if (proxyCpu != null) {
                        long proxyAfter = proxy.nanos();
                        proxyCpu[r] = proxyBefore < 0 || proxyAfter < 0 ? -1 : proxyAfter - proxyBefore;
                        proxyBefore = proxyAfter;
                    }
                    nanos[r] = m.batchNanos().get(op)[0];
                    clientCpu[r] = m.batchCpuNanos().get(op)[0];
                    serverCpu[r] = cpuBefore[0] < 0 || after[0] < 0 ? -1 : after[0] - cpuBefore[0];
                    long clientWait = m.batchWaitNanos().get(op)[0];
                    if (clientWait < 0 || cpuBefore[1] < 0 || after[1] < 0) waitKnown = false;
                    else waitNanos += clientWait + after[1] - cpuBefore[1];
                    waitCalls += n;
                    cpuBefore = after;
                }
                nanosByOp.put(op, nanos);
                clientByOp.put(op, clientCpu);
                serverByOp.put(op, serverCpu);
                if (proxyCpu != null) proxyByOp.put(op, proxyCpu);
            }
            return new Batches(n, nanosByOp, clientByOp, serverByOp, proxyByOp, waitNanos, waitCalls, waitKnown);
        } catch (ChildJvm.ChildFailure e) {
            Batches done =
                    new Batches(n, nanosByOp, clientByOp, serverByOp, proxyByOp, waitNanos, waitCalls, waitKnown);
            partial = summarize(before == null ? done : before.then(done)).rtt();
            throw e;
        }
    }

    /** Round trips and CPU per call of every type, then the primitives' geometric mean of each role. */
    private Pass summarize(Batches b) {
        List<RttStatistics> out = new ArrayList<>();
        List<CpuStatistics> cpu = new ArrayList<>();
        int n = b.invocations();
        long totalNanos = 0;
        long batches = 0;
        int reps = 0;
        for (long[] nanos : b.nanos().values()) {
            for (long x : nanos) totalNanos += x;
            batches += nanos.length;
            reps = Math.max(reps, nanos.length);
        }
        long calls = batches * n;
        b.nanos().forEach((op, nanos) -> {
            out.add(RttStatistics.of(op, nanos, n));
            cpu.addAll(CpuPass.of(
                    op,
                    b.clientCpu().get(op),
                    b.serverCpu().get(op),
                    b.proxyCpu().get(op),
                    n));
        });
        if (payloads().isEmpty() && out.size() == labels().size()) {
            out.add(geomean(out));
            cpu.addAll(CpuPass.geomeans(cpu, primitiveLabels()));
        }
        return new Pass(
                out,
                cpu,
                b.waitKnown() && b.waitCalls() > 0 ? b.waitNanos() / 1e3 / b.waitCalls() : Double.NaN,
                calls > 0 ? (double) totalNanos / calls : Double.NaN,
                reps,
                n);
    }

    /**
     * The profiled pass, sized by samples (adaptive and --quick): {@value Settle#PROFILED_PROBE_BATCHES} batches of
     * every type first, of as many calls as the timed pass's CPU per call says reach the sample budget
     * ({@value Settle#SAMPLE_BUDGET} per role, --quick's {@value Settle#QUICK_SAMPLE_BUDGET};
     * {@link Settle#profiledInvocations}), then as many more as bring each role to the budget at the rate its
     * profiler counted so far ({@link Settle#profiledBatchesFromSamples}), counted again after each step; where a
     * profiler does not count (JFR), one step estimated from those batches' CPU per call
     * ({@link Settle#profiledBatches}). {@code capAtTimedSize}: the most batches per type, in the timed pass's
     * batches, converted to calls. With every batch as long as the timed pass's (before 2026-11-26), the slow
     * stacks' three probe batches per type took 8 to 27 s where a few seconds reach the budget.
     */
    private Pass profiledPass(ChildJvm server, ChildJvm client, Pass timed, int capAtTimedSize, long ops)
            throws ChildJvm.ChildFailure {
        int timedN = counts.invocations();
        int minCalls = Double.isNaN(timed.nanosPerCall())
                ? timedN
                : (int) Math.ceil(PROFILED_MIN_BATCH.toNanos() / timed.nanosPerCall());
        int budget = settings.method().equals(RunSettings.QUICK) ? Settle.QUICK_SAMPLE_BUDGET : Settle.SAMPLE_BUDGET;
        int n = Settle.profiledInvocations(timed.cpu(), profiler.intervalNs(), budget, timedN, (int) ops, minCalls);
        int cap = (int) Math.ceil((double) capAtTimedSize * timedN / n);
        int fallback = Math.min(cap, (int) Math.ceil((double) counts.reps() * timedN / n)); // the timed pass's calls
        int done = Math.min(Settle.PROFILED_PROBE_BATCHES, cap);
        Batches all = measureBatches(server, client, done, n, null);
        // the rate can drift (the profiler's start-up costs the first batches most): check again after each step
        while (done < cap) {
            long[] samples = {
                client.call(new Protocol.Samples(), COMMAND).samples(),
                server.call(new Protocol.Samples(), COMMAND).samples()
            };
            int wanted = Settle.profiledBatchesFromSamples(samples, budget, done, fallback, cap);
            boolean counted = wanted >= 0;
            if (!counted)
                wanted = Settle.profiledBatches(
                        summarize(all).cpu(), profiler.intervalNs(), budget, n, (int) ops, fallback, cap);
            if (wanted <= done) break;
            all = all.then(measureBatches(server, client, wanted - done, n, all));
            done = wanted;
            if (!counted) break;
        }
        return summarize(all);
    }

    /**
     * The shortest profiled batch: calls between two batches cost the harness a few milliseconds (a command to
     * each JVM, their CPU readings), which a batch of this length keeps to about a tenth.
     */
    static final Duration PROFILED_MIN_BATCH = Duration.ofMillis(50);

    /** The server JVM's CPU and run-queue wait counters, nanoseconds ({-1, -1} where it cannot read them). */
    private static long[] serverCpuNanos(ChildJvm server) throws ChildJvm.ChildFailure {
        Protocol.CpuReading m = server.call(new Protocol.Cpu(), COMMAND);
        return new long[] {m.cpuNanos(), m.waitNanos()};
    }

    private static List<String> primitiveLabels() {
        return Operation.all().stream()
                .filter(Operation::primitive)
                .map(Operation::label)
                .toList();
    }

    /**
     * The counts a scenario actually used: the papers' (or the command line's), or sized at the scenario's
     * own pace by {@code --quick} or the adaptive method. Written to results.json ({@code facts.counts}).
     *
     * @param warmupCalls warm-up calls per data type, the probe included
     * @param invocations invocations per measurement batch
     * @param sizeCalls   calls per data type the message-size pass made (0 where it was skipped)
     * @param reps        measurement batches per data type (the smallest and largest are dropped)
     * @param method      paper, adaptive or quick
     * @param settled     adaptive: whether the warm-up ended because the pace settled (false: it hit its bound)
     * @param warmupPacesMicros adaptive: the pace of each warm-up chunk, µs per call, the rule's input
     * @param warmupChunkMillis adaptive: the length of a warm-up chunk (null otherwise)
     */
    public record Counts(
            int warmupCalls,
            int invocations,
            int sizeCalls,
            int reps,
            String method,
            Boolean settled,
            List<Double> warmupPacesMicros,
            Long warmupChunkMillis) {
        static Counts fixed(RunSettings s) {
            return fixed(s, s.sizeCalls());
        }

        static Counts fixed(RunSettings s, int sizeCallsMade) {
            return new Counts(
                    s.warmupCalls(), s.invocations(), sizeCallsMade, s.reps(), s.method(), null, List.of(), null);
        }
    }

    private Counts counts;
    /** The process between client and server whose CPU counts too (http-to-port's proxy); null where none. */
    private ProxyCpu proxy;
    /**
     * Calls per data type the message-size pass made: its count where the client made them, 0 where the pass was
     * skipped (no tcpdump, no port), so that counts.sizeCalls adds up with the calls that succeeded.
     */
    private int sizeCallsMade;
    /**
     * Adaptive and --quick, compiling on another CPU: where, for how many chunks, how busy the JIT was at the end,
     * and (--quick) until when (results.json).
     */
    private Map<String, Object> warmupCompiler = new LinkedHashMap<>();

    /**
     * --quick: warm-up per scenario, at most the counts asked for; a 25 µs tcp call keeps them all. 5 s since the JIT
     * compiles on the other CPU meanwhile (6 s before, when it shared the calls' CPU): ws-literal warms up with
     * 500 to 900 calls per type where it made 66 to 174 in 6 s.
     */
    static final Duration QUICK_WARMUP = Duration.ofSeconds(5);
    /**
     * --quick: the fewest invocations per batch. Only ws-security's calls (15 to 20 ms under --quick) are slow enough
     * to reach it: 12 x 8 batches of 3 take 6 s where 5 took 10; a batch of 3 such calls still lasts 50 ms, far
     * longer than the harness's work between batches.
     */
    static final int QUICK_MIN_INVOCATIONS = 3;
    /**
     * --quick: the most invocations per batch when they are sized by time, the papers' count. Batches of a
     * fixed 100 calls (the first --quick) made CPU per call 70 % higher and four times as variable between
     * repetitions on rmi: each batch boundary costs both JVMs some harness work (the runner's command, the
     * /proc reading) that short batches cannot dilute, and a fast call pays it on every 100th call
     * (docs/RESULTS.md, "CPU per call: the harness's share and pinning"). Sized by time, rmi's 20 µs calls get the
     * full 1,000 within the pass's budget and ws-security's 10 ms calls still get a handful.
     */
    static final int QUICK_MAX_INVOCATIONS = 1_000;
    /** --quick: time for one timed pass (12 batches x 8 types) and for the message-size pass. */
    static final Duration QUICK_PASS = Duration.ofSeconds(3);

    /**
     * --quick: the warm-up in chunks of about half a second until its count or {@link #QUICK_WARMUP} is
     * reached (the size pass before it included), then invocations sized by the pace of the last chunk (as
     * JMH sizes iterations by time), at least {@link #QUICK_MIN_INVOCATIONS} per batch: ws-security gets batches of 3, tcp and rmi
     * the papers' 1,000. Every scenario then fits in well under a minute.
     */
    private Counts quickWarmup(
            ChildJvm server,
            ChildJvm client,
            int done,
            long ops,
            double probeNanosPerCall,
            long startNanos,
            int sizeCalls)
            throws ChildJvm.ChildFailure {
        // the size pass's calls were the warm-up's first: its time counts against the warm-up's
        Duration left = QUICK_WARMUP.minusNanos(System.nanoTime() - startNanos);
        Integer compilerCpu = launcher.warmupCompilerCpu();
        long deadline = System.nanoTime() + (left.isNegative() ? 0 : left.toNanos());
        // once the warm-up's full count is within reach (its remaining calls fit in its time at the last chunk's
        // pace: tcp, rmi, rmi-ssl, corba after a chunk or two), the JIT comes back to the calls' CPU for the rest of
        // it and for the passes, as before this rule: left on the other CPU until the timed pass, under two busy
        // loops (CpuPerCallUnderLoadIT in CI) it lagged there and rmi's CPU per call came out as high as rmi-ssl's
        // (never stops the warm-up; "until" in results.json records that the JIT came back)
        StopRule bringJitBack = (calls, paces, compiling) -> {
            if (compilerCpu != null && !warmupCompiler.containsKey("until") && !paces.isEmpty()) {
                double restNanos = (settings.warmupCalls() - calls) * (double) ops * paces.get(paces.size() - 1) * 1e3;
                if (System.nanoTime() + restNanos <= deadline) {
                    launcher.compileOnPinnedCpu(server);
                    launcher.compileOnPinnedCpu(client);
                    warmupCompiler.put("until", "warm-up");
                }
            }
            return false;
        };
        // the probe's own pace (cold, so slow: the first chunk is short), not the command limits' 5 ms floor
        Warmup w = warmUp(
                client,
                done,
                ops,
                probeNanosPerCall,
                0.5e9,
                settings.warmupCalls(),
                left.isNegative() ? Duration.ZERO : left,
                bringJitBack,
                compilerCpu == null ? null : () -> compileNanos(server, client));
        // where the JIT compiled, and how busy it still was when the timed pass began: --quick does not wait for it,
        // so a high last share says code was still being replaced during the passes
        if (compilerCpu != null) recordCompiler(compilerCpu, w);
        int invocations = (int) Math.max(
                QUICK_MIN_INVOCATIONS,
                Math.min(QUICK_MAX_INVOCATIONS, QUICK_PASS.toNanos() / w.perCallNanos() / ops / settings.reps()));
        return new Counts(w.calls(), invocations, sizeCalls, settings.reps(), RunSettings.QUICK, null, List.of(), null);
    }

    /** Adaptive: the shortest warm-up, a call's worth of the papers' at most, before the settle rule may end it. */
    static final Duration ADAPTIVE_MIN_WARMUP = Duration.ofSeconds(3);
    /** Adaptive: the longest warm-up, whether or not the pace settled (results.json says which). */
    static final Duration ADAPTIVE_MAX_WARMUP = Duration.ofSeconds(120);
    /** When a warm-up ends: on its calls per type, the chunks' paces (µs) and the JIT's share of the last chunks (%, NaN: unknown). */
    @FunctionalInterface
    interface StopRule {
        boolean stop(int calls, List<Double> pacesMicros, double compilePercent);
    }

    /** Adaptive: one warm-up chunk, the settle rule's unit: long enough that ws-security's 10-35 ms calls average out. */
    static final Duration ADAPTIVE_CHUNK = Duration.ofSeconds(1);
    /**
     * Adaptive: the chunk of scenarios whose cold probe ran faster than {@link #SHORT_CHUNK_BELOW} a call (all but
     * ws-security): half a second still holds thousands of their calls, and the rule's eight chunks then take 4 s
     * instead of 8, where tcp's and rmi's paces stop moving within two. The rule's trend threshold is per second
     * ({@link Settle#settled(List, double)}), so a shorter chunk does not let a slower JIT trend through.
     */
    static final Duration ADAPTIVE_SHORT_CHUNK = Duration.ofMillis(500);
    /** Adaptive: cold probe paces below this get {@link #ADAPTIVE_SHORT_CHUNK} (ws-security's: 50 to 90 ms; the others' under 10). */
    static final Duration SHORT_CHUNK_BELOW = Duration.ofMillis(20);

    /**
     * Adaptive: a bound in calls per type that only scenarios under a few µs a call reach; time
     * ({@link #ADAPTIVE_MAX_WARMUP}) is the real bound. At 50,000 the settle rule's eight one-second chunks
     * never completed for tcp, rmi and rmi-ssl on a quiet machine (4 to 11 s of warm-up), and every default
     * run flagged them unsettled while rmi's pace was still falling (10.8 to 8.6 µs a call).
     */
    static final int ADAPTIVE_MAX_WARMUP_CALLS = 5_000_000;
    /** Adaptive: each measurement batch lasts about this long (at most the papers' 1,000 calls). */
    static final Duration ADAPTIVE_BATCH = Duration.ofMillis(250);

    /**
     * The adaptive method (the default): warm-up in chunks of about a second until the pace per call
     * has settled ({@link Settle}), at least the papers' 5,000 calls per type where they fit in
     * {@link #ADAPTIVE_MIN_WARMUP} and at most {@link #ADAPTIVE_MAX_WARMUP}; then batches sized by time as JMH
     * sizes its iterations: {@link #ADAPTIVE_BATCH} each, at most the papers' 1,000 calls. Fast scenarios
     * (tcp to corba, 15-300 µs a call) get the papers' counts exactly; ws-security (about 10 ms a call)
     * gets batches of about 25 calls where the papers' 12 x 1,000 per type took 36 of a full run's 42
     * minutes, and makes up for the smaller batches with more of them ({@link Settle#batchesFor})
     * (docs/RESULTS.md, "The adaptive method and --quick").
     */
    private Counts adaptiveWarmup(
            ChildJvm server, ChildJvm client, int done, long ops, double probeNanosPerCall, int sizeCalls)
            throws ChildJvm.ChildFailure {
        int minimum = (int) Math.min(settings.warmupCalls(), ADAPTIVE_MIN_WARMUP.toNanos() / probeNanosPerCall / ops);
        Duration chunk = probeNanosPerCall < SHORT_CHUNK_BELOW.toNanos() ? ADAPTIVE_SHORT_CHUNK : ADAPTIVE_CHUNK;
        double chunkSeconds = chunk.toNanos() / 1e9;
        StopRule settle = (calls, paces, compiling) -> calls >= minimum && Settle.settled(paces, chunkSeconds);
        // with the JIT on the other CPU the paces show how good the compiled code is, not how busy the compiler
        // is: they must also find it quiet (or unreadable), or its work would land in the timed pass
        StopRule settleAndQuiet = (calls, paces, compiling) ->
                settle.stop(calls, paces, compiling) && !(compiling > Settle.QUIET_COMPILE_PERCENT);
        long start = System.nanoTime();
        Integer compilerCpu = launcher.warmupCompilerCpu();
        Warmup w = warmUp(
                client,
                done,
                ops,
                probeNanosPerCall,
                chunk.toNanos(),
                ADAPTIVE_MAX_WARMUP_CALLS,
                ADAPTIVE_MAX_WARMUP,
                compilerCpu == null ? settle : settleAndQuiet,
                compilerCpu == null ? null : () -> compileNanos(server, client));
        if (compilerCpu != null) {
            recordCompiler(compilerCpu, w);
            if (w.stopped() && !(w.compilePercent() <= Settle.QUIET_COMPILE_PERCENT)) {
                // settled with the JIT's share unreadable: unknown is not quiet, so go on with the compiler back
                // on the calls' CPU, under the one-CPU rule, which sees the JIT's work in the pace
                launcher.compileOnPinnedCpu(server);
                launcher.compileOnPinnedCpu(client);
                Duration left = ADAPTIVE_MAX_WARMUP.minusNanos(System.nanoTime() - start);
                Warmup pinned = warmUp(
                        client,
                        w.calls(),
                        ops,
                        w.perCallNanos(),
                        chunk.toNanos(),
                        ADAPTIVE_MAX_WARMUP_CALLS,
                        left.isNegative() ? Duration.ZERO : left,
                        settle,
                        null);
                List<Double> paces = new ArrayList<>(w.pacesMicros());
                paces.addAll(pinned.pacesMicros());
                warmupCompiler.put("pinned_chunks", pinned.pacesMicros().size());
                w = new Warmup(
                        pinned.calls(),
                        pinned.pacesMicros().isEmpty() ? w.perCallNanos() : pinned.perCallNanos(),
                        List.copyOf(paces),
                        pinned.stopped(),
                        Double.NaN,
                        List.of());
            }
        }
        boolean settled = w.stopped();
        int invocations = (int) Math.max(5, Math.min(1_000, ADAPTIVE_BATCH.toNanos() / w.perCallNanos()));
        return new Counts(
                w.calls(),
                invocations,
                sizeCalls,
                Settle.batchesFor(invocations, settings.reps()),
                RunSettings.ADAPTIVE,
                settled,
                w.pacesMicros(),
                chunk.toMillis());
    }

    /** results.json's {@code facts.warmup_compiler}: the CPU the JIT compiled on, the warm-up's chunks, its share after them. */
    private void recordCompiler(int cpu, Warmup w) {
        warmupCompiler.put("cpu", cpu);
        warmupCompiler.put("chunks", w.pacesMicros().size());
        warmupCompiler.put("compile_percent_last_chunks", w.compilePercent());
        warmupCompiler.put("compile_percents", w.compilePercents());
    }

    /** CPU time so far of both JVMs' compiler threads, ns; -1 where unreadable. */
    private static long compileNanos(ChildJvm server, ChildJvm client) {
        long a = CompilerThreads.cpuNanos(server.pid());
        long b = CompilerThreads.cpuNanos(client.pid());
        return a < 0 || b < 0 ? -1 : a + b;
    }

    /**
     * A warm-up's outcome: calls per type, the last chunk's pace, every chunk's pace (µs), whether {@code stop}
     * ended it, and the JIT's CPU over its last {@value Settle#WINDOW} chunks as a percentage of their time
     * (NaN where not measured).
     */
    private record Warmup(
            int calls,
            double perCallNanos,
            List<Double> pacesMicros,
            boolean stopped,
            double compilePercent,
            List<Double> compilePercents) {}

    /**
     * Warm-up calls in chunks of about {@code chunkNanos} at the pace of the chunk before, until
     * {@code maxCalls} per type, {@code maxTime}, or {@code stop} says so on the calls and the chunks' paces so
     * far; {@code compileNanos}, when not null, is read at every chunk's end for {@link Warmup#compilePercent}.
     */
    private Warmup warmUp(
            ChildJvm client,
            int done,
            long ops,
            double perCallNanos,
            double chunkNanos,
            int maxCalls,
            Duration maxTime,
            StopRule stop,
            java.util.function.LongSupplier compileNanos)
            throws ChildJvm.ChildFailure {
        long start = System.nanoTime();
        List<Double> paces = new ArrayList<>();
        List<Long> wall = new ArrayList<>();
        List<Long> compiled = new ArrayList<>();
        List<Double> compilePercents = new ArrayList<>();
        int jitWindow = Settle.compileWindow(chunkNanos / 1e9);
        if (compileNanos != null) compiled.add(compileNanos.getAsLong());
        boolean stopped = false;
        double compiling = Double.NaN; // the JIT's share as of the last chunk
        while (done < maxCalls && System.nanoTime() - start < maxTime.toNanos()) {
            int chunk = (int) Math.max(1, Math.min(maxCalls - done, chunkNanos / perCallNanos / ops));
            long t = System.nanoTime();
            client.call(new Protocol.Warmup(chunk), timeoutFor(chunk * ops, pace));
            long took = System.nanoTime() - t;
            if (compileNanos != null) compiled.add(compileNanos.getAsLong());
            wall.add(took);
            perCallNanos = (double) took / (chunk * ops);
            paces.add(perCallNanos / 1e3);
            done += chunk;
            compiling = compileNanos == null ? Double.NaN : Settle.compilePercent(wall, compiled, jitWindow);
            if (!Double.isNaN(compiling)) compilePercents.add(Math.round(compiling * 10) / 10.0);
            if (stop.stop(done, paces, compiling)) {
                stopped = true;
                break;
            }
        }
        return new Warmup(done, perCallNanos, List.copyOf(paces), stopped, compiling, List.copyOf(compilePercents));
    }

    /**
     * The probe: {@code calls} calls of every type in batches of the timed pass's own commands (the client's
     * measure, the server's CPU reading before and after each), {@link #PROBE_REPLIES} replies of each kind at
     * least; returns the calls' own time, ns.
     *
     * <p>Why not a warm-up command: the first timed batch used to load what only the measuring code needs (the
     * /proc reader, java.lang.management, the JSON types of a measurement's answer) in both JVMs, and loading
     * classes can invalidate compiled code that relied on the classes loaded so far (HotSpot's class hierarchy
     * dependencies). With -XX:+PrintCompilation, ws-literal's client made 54 compiled methods of its call path not
     * entrant within 60 ms of the first timed batch (HttpURLConnection, ReentrantLock, Woodstox: docs/RESULTS.md,
     * 2026-11-28), so the first type was measured on code compiling again: ws-literal's int came out 14 to 29 %
     * dearer than its other primitives in three runs, 2 % cheaper to 6 % dearer with this probe. Run once here,
     * that happens before the warm-up, which then compiles the call path with the measuring code loaded.
     * Not with --quick, whose gate error rates were measured with a warm-up command as its probe.
     */
    private double probe(ChildJvm server, ChildJvm client, int calls) throws ChildJvm.ChildFailure {
        if (calls == 0) return 0;
        // its own loop rather than measureBatches: the probe's calls must add up to exactly `calls` per type (the
        // counts in results.json), so its batches differ in size, and a failure here must surface as the child's
        // error, not as measureBatches' summary of too few batches for statistics
        List<String> ops = labels();
        int batches = (PROBE_REPLIES + ops.size() - 1) / ops.size();
        long nanos = 0;
        serverCpuNanos(server);
        for (String op : ops) {
            for (int b = 0; b < batches; b++) {
                int n = (int) ((long) calls * (b + 1) / batches - (long) calls * b / batches);
                Protocol.Measured m = client.call(new Protocol.Measure(1, n, op), timeoutFor(n, Duration.ofSeconds(1)));
                nanos += m.batchNanos().get(op)[0];
                serverCpuNanos(server);
            }
        }
        classesLoaded(server, client); // its own code too
        return nanos;
    }

    /**
     * Replies of each kind the probe gets at least (its calls cut into that many batches over the types): the JDK
     * makes a reflective method fast by generating a class for it at its 16th invocation (inflation, threshold 15),
     * and the JSON replies are read from their records by reflection, so with one batch per type (8 replies) both
     * JVMs still loaded 15 to 18 classes (jdk.internal.reflect's generator, GeneratedMethodAccessorN) in the timed
     * pass.
     */
    static final int PROBE_REPLIES = 16;

    /** Classes each JVM has loaded so far: {server, client}. */
    private static long[] classesLoaded(ChildJvm server, ChildJvm client) throws ChildJvm.ChildFailure {
        return new long[] {
            server.call(new Protocol.Classes(), COMMAND).loaded(),
            client.call(new Protocol.Classes(), COMMAND).loaded()
        };
    }

    /** Message-size calls per type: at most the settings', about {@link #QUICK_PASS} at the probe's pace, at least 5. */
    private int sizeCalls(double perCallNanos, long ops) {
        return settings.sizeCalls() == 0
                ? 0
                : (int) Math.max(5, Math.min(settings.sizeCalls(), QUICK_PASS.toNanos() / perCallNanos / ops));
    }

    /** {@code --payload}: the seed 001/003 workloads measured instead of the eight types (empty: the types). */
    private List<Payload> payloads() {
        return Payload.parseList(settings.scenarioOptions().getOrDefault(Payload.OPTION, ""));
    }

    /** The operation labels: the payloads' names, or the eight data types. */
    private List<String> labels() {
        List<Payload> p = payloads();
        return p.isEmpty()
                ? Operation.all().stream().map(Operation::label).toList()
                : p.stream().map(Payload::name).toList();
    }

    /** {@code --clients N}: the scenario option that asks for seed 003's concurrent load after the single-client method. */
    public static final String CLIENTS_OPTION = "clients";

    /**
     * Seed 003: N client threads in the client JVM, each with its own connection, no think time; per
     * operation, 50 untimed calls per client to open its connection, then {@code invocations} timed
     * calls each. The single-client figures above stay the papers' method.
     */
    private List<Map<String, Object>> measureConcurrent(String name, ChildJvm client, int n)
            throws ChildJvm.ChildFailure {
        progress.accept(
                name + ": " + n + " concurrent clients, " + settings.invocations() + " calls each per operation");
        List<Map<String, Object>> out = new ArrayList<>();
        for (String op : labels()) {
            Map<String, Object> m = new LinkedHashMap<>(client.call(
                            new Protocol.Concurrent(n, 50, settings.invocations(), op),
                            timeoutFor((long) n * (50 + settings.invocations()), pace))
                    .values());
            m.remove("calls_total");
            out.add(m);
        }
        return out;
    }

    /** Types measured by a measureAll that failed part way. */
    private List<RttStatistics> partial = List.of();

    private static RttStatistics geomean(List<RttStatistics> perType) {
        List<RttStatistics> primitives = new ArrayList<>();
        for (Operation op : Operation.all()) {
            if (op.primitive())
                perType.stream()
                        .filter(r -> r.operation().equals(op.label()))
                        .findFirst()
                        .ifPresent(primitives::add);
        }
        return RttStatistics.geometricMean("primitives-geomean", primitives);
    }

    private Map<String, RoleAttribution> attribute(Map<String, Path> recordings) throws RecordingException {
        Map<String, RoleAttribution> out = new LinkedHashMap<>();
        if (recordings.isEmpty()) return out;
        Attributor attributor = new Attributor(rules, SampleMode.CPU, io.wirecost.attribution.AttributionMode.SELF);
        CategoryCounts all = attributor.newCounts();
        List<RecordingSummary> summaries = new ArrayList<>();
        for (String role : List.of("client", "server")) {
            Path p = recordings.get(role);
            if (p == null) continue;
            CategoryCounts counts = attributor.newCounts();
            RecordingSummary s = attributor.read(p, counts);
            summaries.add(s);
            all.merge(counts);
            out.put(role, new RoleAttribution(role, counts.toAttribution(describe(List.of(s))), List.of(s)));
        }
        out.put("all", new RoleAttribution("all", all.toAttribution(describe(summaries)), summaries));
        return out;
    }

    /**
     * Bytes allocated and time blocked by category, client and server together, from the same recordings
     * as the CPU shares ({@code --profile cpu,alloc,lock}): the engine's --mode alloc and --mode lock.
     */
    private Map<String, RoleAttribution> companions(Map<String, Path> recordings) throws RecordingException {
        Map<String, RoleAttribution> out = new LinkedHashMap<>();
        for (String kind : profiler.companions()) {
            SampleMode mode = kind.equals("alloc") ? SampleMode.ALLOC : SampleMode.LOCK;
            Attributor attributor = new Attributor(rules, mode, io.wirecost.attribution.AttributionMode.SELF);
            CategoryCounts all = attributor.newCounts();
            List<RecordingSummary> summaries = new ArrayList<>();
            for (String role : List.of("client", "server")) {
                Path p = recordings.get(role);
                if (p == null) continue;
                CategoryCounts counts = attributor.newCounts();
                summaries.add(attributor.read(p, counts));
                all.merge(counts);
            }
            if (!summaries.isEmpty())
                out.put(
                        kind,
                        new RoleAttribution(
                                kind,
                                all.toAttribution(kind + " " + mode.unit() + ": " + describeEvents(summaries)),
                                summaries));
        }
        return out;
    }

    private static String describeEvents(List<RecordingSummary> summaries) {
        Map<String, Long> events = new java.util.TreeMap<>();
        for (RecordingSummary s : summaries) s.eventCounts().forEach((k, v) -> events.merge(k, v, Long::sum));
        StringBuilder sb = new StringBuilder(summaries.get(0).producer());
        events.forEach((k, v) -> sb.append(' ').append(k).append('=').append(v));
        return sb.toString();
    }

    /** {@code flames/<scenario>-<role>.html} for every profiled process, by async-profiler's own template. */
    private void writeFlames(String scenario, Map<String, Path> recordings) throws RecordingException, IOException {
        for (Map.Entry<String, Path> e : recordings.entrySet()) {
            io.wirecost.runner.FlameFile.write(
                    outDir,
                    scenario + "-" + e.getKey(),
                    "wirecost " + scenario + " " + e.getKey() + " (CPU, measured phase)",
                    rules,
                    e.getValue());
        }
    }

    static String describe(List<RecordingSummary> summaries) {
        Map<String, Long> events = new java.util.TreeMap<>();
        String producer = summaries.isEmpty() ? "" : summaries.get(0).producer();
        for (RecordingSummary s : summaries) s.eventCounts().forEach((k, v) -> events.merge(k, v, Long::sum));
        StringBuilder sb = new StringBuilder(producer).append(" CPU samples:");
        events.forEach((k, v) -> sb.append(' ').append(k).append('=').append(v));
        return sb.toString();
    }
}
