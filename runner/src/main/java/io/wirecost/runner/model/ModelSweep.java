package io.wirecost.runner.model;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.wirecost.runner.AtomicFiles;
import io.wirecost.runner.ChildJvm;
import io.wirecost.runner.JvmLauncher;
import io.wirecost.runner.JvmPair;
import io.wirecost.runner.ScenarioKeys;
import io.wirecost.scenarios.ScenarioConfig;
import io.wirecost.scenarios.ScenarioDescriptor;
import io.wirecost.scenarios.Scenarios;
import io.wirecost.scenarios.harness.Protocol;
import io.wirecost.scenarios.payload.Payload;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Seed 003's sweep for one scenario ({@code wirecost model}): one server and one client JVM; for every int-array size
 * NI and concurrency level CL, CL client threads (own connection each, no think time) call the inverting service, and
 * each point's mean latency is kept for {@link ModelFit}. model.csv grows point by point.
 *
 * @param levels the concurrency levels CL
 * @param ints   the int-array sizes NI
 * @param calls  timed calls per point, shared by the clients (fewer for arrays over 1,000 ints)
 * @param warmup untimed single-client calls per size before the sweep
 */
public record ModelSweep(List<Integer> levels, List<Integer> ints, int calls, int warmup) {

    public static final String CSV_HEADER =
            "scenario,clients,ints,calls,mean_micros,p50_micros,p99_micros,throughput_per_second\n";

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * Sweeps {@code name}, adding each point to {@code out} and its row to {@code csvText}, which is rewritten whole
     * to {@code csv} after every point (AtomicFiles), so an interrupted sweep leaves no half row.
     */
    public void run(
            JvmLauncher launcher, String name, Path dir, Path csv, StringBuilder csvText, List<ModelFit.Point> out)
            throws Exception {
        ScenarioDescriptor scenario = Scenarios.descriptor(name);
        // the run's key lifecycle: deleted after the scenario, and on Ctrl-C by its shutdown hook
        try (ScenarioKeys keys = ScenarioKeys.temporary()) {
            Path keyDir = keys.forScenario(scenario, line -> System.err.println("wirecost: " + line));
            String labels = String.join(",", ints.stream().map(n -> "ints-" + n).toList());
            String config = JSON.writeValueAsString(
                    new ScenarioConfig(ScenarioConfig.DEFAULT_STRING_LENGTH, keyDir, Map.of(Payload.OPTION, labels)));
            JvmPair.Files files = new JvmPair.Files(
                    dir.resolve(name + "-server.jfr"),
                    dir.resolve(name + "-client.jfr"),
                    dir.resolve("logs").resolve(name + "-server.log"),
                    dir.resolve("logs").resolve(name + "-client.log"));
            try (JvmPair jvms = JvmPair.start(launcher, scenario, name, config, files)) {
                ChildJvm client = jvms.client();
                System.err.println("wirecost: " + name + ": warm-up, " + warmup + " calls per size");
                client.call(new Protocol.Warmup(warmup), Duration.ofMinutes(30));
                for (int n : ints) {
                    for (int c : levels) {
                        // the same calls per point whatever CL; large arrays get fewer, or the sweep takes hours
                        int each = (int) Math.max(5, Math.ceil((double) calls / c / Math.max(1, n / 1000)));
                        Map<String, Object> m = client.call(
                                        new Protocol.Concurrent(c, 5, each, "ints-" + n), Duration.ofMinutes(30))
                                .values();
                        double mean = num(m, "mean_micros");
                        out.add(new ModelFit.Point(c, n, mean));
                        String row = String.format(
                                Locale.ROOT,
                                "%s,%d,%d,%d,%.2f,%.2f,%.2f,%.1f%n",
                                name,
                                c,
                                n,
                                ((Number) m.get("calls")).longValue(),
                                mean,
                                num(m, "p50_micros"),
                                num(m, "p99_micros"),
                                num(m, "throughput_per_second"));
                        AtomicFiles.write(csv, csvText.append(row).toString());
                        System.err.printf(Locale.ROOT, "wirecost: %s CL=%d NI=%d: %.1f µs%n", name, c, n, mean);
                    }
                }
            }
        }
    }

    private static double num(Map<String, Object> m, String key) {
        return ((Number) m.get(key)).doubleValue();
    }
}
