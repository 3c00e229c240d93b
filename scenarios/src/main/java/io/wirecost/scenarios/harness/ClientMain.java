package io.wirecost.scenarios.harness;

import io.wirecost.scenarios.Endpoint;
import io.wirecost.scenarios.Invocation;
import io.wirecost.scenarios.Operation;
import io.wirecost.scenarios.RttClient;
import io.wirecost.scenarios.Scenario;
import io.wirecost.scenarios.ScenarioConfig;
import io.wirecost.scenarios.Scenarios;
import io.wirecost.scenarios.payload.Payload;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The client JVM of a scenario: {@code ClientMain SCENARIO CONFIG_JSON ENDPOINT_JSON}. Serves the
 * runner's {@link Protocol} commands: connect, warmup, measure (wall, CPU and wait nanoseconds per
 * batch), instantiation, sizes, concurrent, profile-start, profile-stop, info, exit.
 *
 * <p>The papers' method (seed 000 section 3, seed 002 section 3): per data type, REPS measurements of
 * N consecutive invocations; this JVM reports the raw nanoseconds of each measurement and the runner
 * drops the extremes and averages.
 */
public final class ClientMain {

    private final Scenario scenario;
    private final ScenarioConfig config;
    private final Endpoint endpoint;
    /** {@code --payload}: measured instead of the eight RTTTester types, by name; empty without. */
    private final Map<String, Payload> payloads = new LinkedHashMap<>();

    private RttClient client;
    private long calls;

    private ClientMain(Scenario scenario, ScenarioConfig config, Endpoint endpoint) {
        this.scenario = scenario;
        this.config = config;
        this.endpoint = endpoint;
        for (Payload p : Payload.parseList(config.option(Payload.OPTION, ""))) payloads.put(p.name(), p);
    }

    /** The operation labels this run measures: the payloads' names, or the eight types. */
    private List<String> labels() {
        return payloads.isEmpty() ? operations() : List.copyOf(payloads.keySet());
    }

    /** Bound once per client: binding a payload builds its expected value, which must stay out of the timed loops. */
    private final Map<RttClient, Map<String, Invocation>> bound = new java.util.concurrent.ConcurrentHashMap<>();

    private Invocation invocation(RttClient c, String label) {
        return bound.computeIfAbsent(c, k -> new java.util.concurrent.ConcurrentHashMap<>())
                .computeIfAbsent(
                        label,
                        l -> payloads.containsKey(l)
                                ? c.invocation(payloads.get(l))
                                : c.invocation(Operation.byLabel(l)));
    }

    @SuppressWarnings("unchecked")
    public static void main(String[] args) throws Exception {
        LateClasses.load(); // before anything is compiled: a class loaded mid-run throws compiled code away
        ContendedLocks.exercise(); // likewise a lock first contended mid-run
        CommandLoop loop = new CommandLoop();
        ClientMain c = loop.startOrExit(() -> {
            Map<String, String> ep = CommandLoop.JSON.readValue(args[2], Map.class);
            return new ClientMain(
                    Scenarios.byName(args[0]),
                    CommandLoop.JSON.readValue(args[1], ScenarioConfig.class),
                    new Endpoint(ep));
        });
        loop.reply(Map.of("ready", true));
        AgentHandle.answer(loop)
                .on(Protocol.Connect.class, r -> c.connect())
                .on(Protocol.Warmup.class, r -> c.warmup(r.callsPerOperation()))
                .on(Protocol.Measure.class, r -> c.measure(r.reps(), r.calls(), r.operation()))
                .on(Protocol.Instantiation.class, r -> c.instantiation(r.reps()))
                .on(Protocol.Sizes.class, r -> c.sizes(r.calls()))
                .on(
                        Protocol.Concurrent.class,
                        r -> c.concurrent(r.clients(), r.warmupCalls(), r.callsEach(), r.operation()))
                .on(Protocol.Info.class, r -> c.info());
        loop.runThenExit(() -> {
            AgentHandle.stop();
            if (c.client != null) c.client.close();
        });
    }

    private Protocol.Connected connect() throws Exception {
        long t0 = System.nanoTime();
        client = scenario.connect(endpoint, config);
        return new Protocol.Connected(System.nanoTime() - t0);
    }

    /**
     * Warm-up goes through {@link #timeBatch}, the same code the measurement runs: a measurement loop
     * compiled for the first time (and deoptimised at every change of data type) would put the JIT
     * compiler inside the measured, profiled phase.
     */
    private Protocol.Calls warmup(int callsPerOperation) throws Exception {
        int batch = Math.max(1, Math.min(callsPerOperation, 100));
        for (int done = 0; done < callsPerOperation; done += batch) {
            int n = Math.min(batch, callsPerOperation - done);
            for (String op : labels()) timeBatch(invocation(client, op), n);
        }
        return new Protocol.Calls(calls);
    }

    private long timeBatch(Invocation inv, int n) throws Exception {
        long t0 = System.nanoTime();
        for (int i = 0; i < n; i++) inv.call();
        long elapsed = System.nanoTime() - t0;
        calls += n;
        return elapsed;
    }

    /** CPU nanoseconds of this JVM during the last measured batch (see {@link ProcessCpu}). */
    private long lastBatchCpuNanos;
    /** Run-queue wait of this JVM's threads during the last measured batch (see {@link ProcessCpu#waitNanos}). */
    private long lastBatchWaitNanos;

    /** {@link #timeBatch} with this JVM's CPU time read at its boundaries, outside the timed interval. */
    private long timeBatchWithCpu(Invocation inv, int n) throws Exception {
        long cpu0 = ProcessCpu.nanos();
        long wait0 = ProcessCpu.waitNanos();
        long elapsed = timeBatch(inv, n);
        long cpu1 = ProcessCpu.nanos();
        lastBatchCpuNanos = cpu0 < 0 || cpu1 < 0 ? -1 : cpu1 - cpu0;
        long wait1 = ProcessCpu.waitNanos();
        lastBatchWaitNanos = wait0 < 0 || wait1 < 0 ? -1 : wait1 - wait0;
        return elapsed;
    }

    /** REPS measurements of N invocations of one operation (or of each, when none is named). */
    private Protocol.Measured measure(int reps, int n, String only) throws Exception {
        Map<String, long[]> batches = new LinkedHashMap<>();
        Map<String, long[]> cpu = new LinkedHashMap<>();
        Map<String, long[]> wait = new LinkedHashMap<>();
        for (String op : labels()) {
            if (only != null && !op.equals(only)) continue;
            Invocation inv = invocation(client, op);
            long[] nanos = new long[reps];
            long[] cpuNanos = new long[reps];
            long[] waitNanos = new long[reps];
            for (int r = 0; r < reps; r++) {
                nanos[r] = timeBatchWithCpu(inv, n);
                cpuNanos[r] = lastBatchCpuNanos;
                waitNanos[r] = lastBatchWaitNanos;
            }
            batches.put(op, nanos);
            cpu.put(op, cpuNanos);
            wait.put(op, waitNanos);
        }
        if (batches.isEmpty()) throw new IllegalArgumentException("unknown operation '" + only + "'");
        return new Protocol.Measured(batches, cpu, wait, n, calls);
    }

    /**
     * {@code --clients N} (seed 003): N concurrent clients, each connected anew, WARMUP untimed and CALLS
     * timed calls of one operation each; latency percentiles and throughput.
     */
    private Protocol.Facts concurrent(int n, int warmupCalls, int callsEach, String label) throws Exception {
        List<RttClient> clients = new java.util.ArrayList<>();
        try {
            for (int i = 0; i < n; i++) clients.add(scenario.connect(endpoint, config));
            Map<String, Object> m =
                    new LinkedHashMap<>(ConcurrentLoad.run(clients, c -> invocation(c, label), warmupCalls, callsEach));
            calls += (long) n * (warmupCalls + callsEach);
            m.put("operation", label);
            m.put("calls_total", calls);
            return new Protocol.Facts(m);
        } finally {
            for (RttClient c : clients) {
                bound.remove(c);
                c.close();
            }
        }
    }

    /** A fresh client obtains a usable reference and makes its first call, REPS times. */
    private Protocol.Instantiated instantiation(int reps) throws Exception {
        long[] nanos = new long[reps];
        for (int r = 0; r < reps; r++) {
            long t0 = System.nanoTime();
            try (RttClient fresh = scenario.connect(endpoint, config)) {
                fresh.invocation(Operation.INT).call();
                nanos[r] = System.nanoTime() - t0;
            }
            calls++;
        }
        return new Protocol.Instantiated(nanos, calls);
    }

    /**
     * The message-size pass: K calls per data type, in wall-clock windows separated by pauses, so that a
     * packet capture of the same period can be split by operation (the runner captures; this JVM only calls).
     */
    private Protocol.SizeWindows sizes(int k) throws Exception {
        List<Protocol.SizeWindow> windows = new java.util.ArrayList<>();
        for (String op : labels()) {
            Thread.sleep(50); // trailing ACKs of the previous type land before this window opens
            long start = nowMicros();
            Invocation inv = invocation(client, op);
            for (int i = 0; i < k; i++) inv.call();
            calls += k;
            windows.add(new Protocol.SizeWindow(op, k, start));
        }
        Thread.sleep(50);
        return new Protocol.SizeWindows(windows, nowMicros(), calls);
    }

    private static long nowMicros() {
        java.time.Instant now = java.time.Instant.now();
        return now.getEpochSecond() * 1_000_000L + now.getNano() / 1000;
    }

    private Protocol.Facts info() {
        Map<String, Object> m = new LinkedHashMap<>(JvmFacts.read());
        m.put("scenario", client == null ? Map.of() : client.info());
        m.put("calls", calls);
        return new Protocol.Facts(m);
    }

    static List<String> operations() {
        return Operation.all().stream().map(Operation::label).toList();
    }
}
