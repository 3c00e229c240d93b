package io.wirecost.cli.run;

import io.wirecost.attribution.CategoryCounts;
import io.wirecost.attribution.RecordingException;
import io.wirecost.attribution.RecordingReader;
import io.wirecost.attribution.RecordingSummary;
import io.wirecost.attribution.RuleSet;
import io.wirecost.attribution.SampleMode;
import io.wirecost.attribution.StackClassifier;
import io.wirecost.scenarios.Operation;
import io.wirecost.scenarios.ScenarioDescriptor;
import io.wirecost.scenarios.ScenarioConfig;
import io.wirecost.scenarios.Scenarios;
import io.wirecost.scenarios.security.KeyMaterial;

import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Runs one scenario: server JVM, client JVM, warm-up, profiled measurement, instantiation, then the
 * attribution of both recordings. Never throws for a scenario failure: the result says what failed
 * and keeps every figure measured before it.
 */
public final class ScenarioRunner {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration START = Duration.ofSeconds(90);
    private static final Duration COMMAND = Duration.ofSeconds(60);

    private final JvmLauncher launcher;
    private final RunSettings settings;
    private final ProfilerSettings profiler;
    private final RuleSet rules;
    private final Path outDir;
    private final Consumer<String> progress;

    public ScenarioRunner(JvmLauncher launcher, RunSettings settings, ProfilerSettings profiler, RuleSet rules,
                          Path outDir, Consumer<String> progress) {
        this.launcher = launcher;
        this.settings = settings;
        this.profiler = profiler;
        this.rules = rules;
        this.outDir = outDir;
        this.progress = progress;
    }

    public ScenarioResult run(String name) {
        long t0 = System.nanoTime();
        ScenarioDescriptor scenario = Scenarios.descriptor(name);
        List<RttStatistics> rtt = new ArrayList<>();
        Map<String, Object> facts = new LinkedHashMap<>();
        Map<String, String> profilers = new LinkedHashMap<>();
        Map<String, Path> recordings = new LinkedHashMap<>();
        String error = "";
        Path keyDir = null;
        long calls = 0;
        try {
            if (scenario.needsKeys()) {
                keyDir = Files.createTempDirectory("wirecost-keys-");
                progress.accept(name + ": generating keys and certificates");
                KeyMaterial.generate(keyDir, Duration.ofDays(1));
            }
            ScenarioConfig config = new ScenarioConfig(settings.stringLength(), keyDir, settings.scenarioOptions());
            String configJson = JSON.writeValueAsString(config);
            Path recServer = outDir.resolve("recordings").resolve(name + "-server.jfr");
            Path recClient = outDir.resolve("recordings").resolve(name + "-client.jfr");
            Files.createDirectories(recServer.getParent());
            try (ChildJvm server = launcher.start(scenario, name + "-server", "io.wirecost.scenarios.harness.ServerMain",
                    List.of(name, configJson), recServer, outDir.resolve("logs").resolve(name + "-server.log"))) {
                @SuppressWarnings("unchecked")
                Map<String, String> endpoint = (Map<String, String>) server.await("start", START).get("endpoint");
                facts.put("endpoint", endpoint);
                try (ChildJvm client = launcher.start(scenario, name + "-client", "io.wirecost.scenarios.harness.ClientMain",
                        List.of(name, configJson, JSON.writeValueAsString(endpoint)), recClient,
                        outDir.resolve("logs").resolve(name + "-client.log"))) {
                    client.await("start", START);
                    client.call("connect", COMMAND);
                    progress.accept(name + ": warm-up, " + settings.warmupCalls() + " calls per data type");
                    // a first slice of the warm-up measures the pace; later limits scale with it (ws-security: 10+ ms a call)
                    int probe = Math.min(settings.warmupCalls(), 20);
                    long t = System.nanoTime();
                    client.call("warmup " + probe, timeoutFor(probe * 8L, Duration.ofSeconds(1)));
                    Duration pace = Duration.ofNanos(Math.max(5_000_000L, 3 * (System.nanoTime() - t) / Math.max(1, probe * 8L)));
                    client.call("warmup " + (settings.warmupCalls() - probe), timeoutFor((settings.warmupCalls() - probe) * 8L, pace));
                    if (profiler.enabled()) {
                        profilers.put("server", (String) server.call("profile-start " + recServer.toAbsolutePath(), COMMAND).get("profiler"));
                        profilers.put("client", (String) client.call("profile-start " + recClient.toAbsolutePath(), COMMAND).get("profiler"));
                    }
                    progress.accept(name + ": measuring " + settings.reps() + " x " + settings.invocations() + " calls per data type");
                    Map<String, Object> m = client.call("measure " + settings.reps() + " " + settings.invocations(),
                            timeoutFor((long) settings.reps() * settings.invocations() * 8, pace));
                    if (profiler.enabled()) {
                        server.call("profile-stop", COMMAND);
                        client.call("profile-stop", COMMAND);
                        recordings.put("server", recServer);
                        recordings.put("client", recClient);
                    }
                    rtt.addAll(statistics(m));
                    progress.accept(name + ": instantiation, " + settings.instantiationReps() + " fresh clients");
                    Map<String, Object> inst = client.call("instantiation " + settings.instantiationReps(),
                            timeoutFor(settings.instantiationReps() * 100L, pace));
                    rtt.add(RttStatistics.of("instantiation", longs(inst.get("instantiationNanos")), 1));
                    Map<String, Object> clientInfo = client.call("info", COMMAND);
                    calls = ((Number) clientInfo.get("calls")).longValue();
                    facts.put("client", clientInfo);
                    facts.put("server", server.call("info", COMMAND));
                }
            }
        } catch (ChildJvm.ChildFailure | IllegalArgumentException e) {
            error = e.getMessage();
        } catch (Exception e) {
            error = e.getClass().getSimpleName() + ": " + e.getMessage();
        } finally {
            deleteQuietly(keyDir);
        }
        Map<String, RoleAttribution> shares = new LinkedHashMap<>();
        try {
            shares.putAll(attribute(recordings));
        } catch (RecordingException e) {
            if (error.isEmpty()) error = e.getMessage();
        }
        Map<String, String> recordingPaths = new LinkedHashMap<>();
        recordings.forEach((role, p) -> recordingPaths.put(role, outDir.relativize(p).toString()));
        double seconds = (System.nanoTime() - t0) / 1e9;
        return new ScenarioResult(name, scenario.paperColumn(), error.isEmpty() ? "ok" : "failed", error, seconds, calls,
                rtt, shares, facts, profilers, recordingPaths);
    }

    /** Generous per-command limits: a hung JVM must not hang the run, a slow scenario must not fail. */
    private static Duration timeoutFor(long calls, Duration pace) {
        return Duration.ofSeconds(60).plus(pace.multipliedBy(calls));   // a minute plus 5 ms, or 3 x the probed time, per call
    }

    @SuppressWarnings("unchecked")
    private List<RttStatistics> statistics(Map<String, Object> measure) {
        Map<String, Object> batches = (Map<String, Object>) measure.get("batchNanos");
        int n = ((Number) measure.get("invocationsPerBatch")).intValue();
        List<RttStatistics> out = new ArrayList<>();
        for (Operation op : Operation.all()) out.add(RttStatistics.of(op.label(), longs(batches.get(op.label())), n));
        List<RttStatistics> primitives = new ArrayList<>();
        for (Operation op : Operation.all()) if (op.primitive()) primitives.add(out.get(op.ordinal()));
        out.add(RttStatistics.geometricMean("primitives-geomean", primitives));
        return out;
    }

    private static long[] longs(Object list) {
        return ((List<?>) list).stream().mapToLong(o -> ((Number) o).longValue()).toArray();
    }

    private Map<String, RoleAttribution> attribute(Map<String, Path> recordings) throws RecordingException {
        Map<String, RoleAttribution> out = new LinkedHashMap<>();
        if (recordings.isEmpty()) return out;
        RecordingReader reader = new RecordingReader(SampleMode.CPU);
        CategoryCounts all = new CategoryCounts(rules.categories());
        List<RecordingSummary> summaries = new ArrayList<>();
        for (String role : List.of("client", "server")) {
            Path p = recordings.get(role);
            if (p == null) continue;
            CategoryCounts counts = new CategoryCounts(rules.categories());
            RecordingSummary s = reader.read(p, new StackClassifier(rules, counts));
            summaries.add(s);
            all.merge(counts);
            out.put(role, new RoleAttribution(role, counts.toAttribution(describe(List.of(s))), List.of(s)));
        }
        out.put("all", new RoleAttribution("all", all.toAttribution(describe(summaries)), summaries));
        return out;
    }

    static String describe(List<RecordingSummary> summaries) {
        Map<String, Long> events = new java.util.TreeMap<>();
        String producer = summaries.isEmpty() ? "" : summaries.get(0).producer();
        for (RecordingSummary s : summaries) s.eventCounts().forEach((k, v) -> events.merge(k, v, Long::sum));
        StringBuilder sb = new StringBuilder(producer).append(" CPU samples:");
        events.forEach((k, v) -> sb.append(' ').append(k).append('=').append(v));
        return sb.toString();
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null) return;
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // best effort; the directory is owner-only and under the temp dir
        }
    }
}
