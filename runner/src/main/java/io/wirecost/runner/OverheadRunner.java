package io.wirecost.runner;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.wirecost.scenarios.ScenarioConfig;
import io.wirecost.scenarios.ScenarioDescriptor;
import io.wirecost.scenarios.Scenarios;
import io.wirecost.scenarios.harness.Protocol;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * Measures what the profiler costs a scenario: one pair of JVMs with the agent attached, measured
 * blocks alternating with profiling off and on (both JVMs), in the same JVMs so that JVM-to-JVM
 * variance drops out. The overhead of each on-block is taken against the mean of its two off-neighbours
 * (which cancels slow drift), and blocks continue until the 95 % interval is narrow enough or the time
 * budget is spent.
 */
public final class OverheadRunner {

    /**
     * Per-block mean round trip, microseconds, in order; even indexes off, odd on; and the OTLP profiles the
     * agents had accepted in live-window blocks (-1 for recording blocks).
     */
    public record Blocks(List<Double> micros, long profilesSent) {}

    /**
     * When the off/on pairs stop: after at least {@code minPairs}, once the overhead's 95 % interval has a half-width
     * of at most {@code halfWidthPercent} or the {@code budget} is spent, and at {@code maxPairs} in any case.
     */
    public record Stop(int minPairs, int maxPairs, double halfWidthPercent, Duration budget) {}

    /** One block: its mean round trip, microseconds, with profiling off or on. */
    private interface Block {
        double run(ChildJvm server, ChildJvm client, boolean on) throws Exception;
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final JvmLauncher launcher;
    private final Path workDir;
    private final Consumer<String> progress;

    public OverheadRunner(JvmLauncher launcher, Path workDir, Consumer<String> progress) {
        this.launcher = launcher;
        this.workDir = workDir;
        this.progress = progress;
    }

    /** @param callsPerBlock invocations of the {@code int} operation per block */
    public Blocks measure(String scenarioName, String label, int warmup, int callsPerBlock, Stop stop)
            throws Exception {
        Block b = (server, client, on) -> block(server, client, callsPerBlock, on, work(label));
        return new Blocks(measure(scenarioName, label, warmup, stop, b), -1);
    }

    /**
     * As {@link #measure}, in blocks of one window of the agent's live session (see {@link LiveWindowBlocks}): the
     * launcher's agent must have {@code otlp.endpoint} among its {@link JvmLauncher#liveAgent live options}.
     */
    public Blocks measureLiveWindows(
            String scenarioName, String label, int warmup, int callsPerBlock, Duration window, Stop stop)
            throws Exception {
        LiveWindowBlocks windows = new LiveWindowBlocks(callsPerBlock, window);
        List<Double> micros = measure(scenarioName, label, warmup, stop, windows::block);
        return new Blocks(micros, windows.profilesSent());
    }

    private List<Double> measure(String scenarioName, String label, int warmup, Stop stop, Block block)
            throws Exception {
        ScenarioDescriptor scenario = Scenarios.descriptor(scenarioName);
        // deleted when the blocks end and, through ScenarioKeys' hook, on Ctrl-C
        try (ScenarioKeys keys = ScenarioKeys.temporary()) {
            Path keyDir = keys.forScenario(scenario, progress);
            String config = JSON.writeValueAsString(new ScenarioConfig(ScenarioConfig.DEFAULT_STRING_LENGTH, keyDir));
            Path rec = workDir.resolve(label + ".jfr");
            List<Double> micros = new ArrayList<>();
            long deadline = System.nanoTime() + stop.budget().toNanos();
            JvmPair.Files files = new JvmPair.Files(
                    workDir.resolve(label + "-server.jfr"),
                    rec,
                    workDir.resolve(label + "-server.log"),
                    workDir.resolve(label + "-client.log"));
            try (JvmPair jvms = JvmPair.start(launcher, scenario, label, config, files)) {
                ChildJvm server = jvms.server();
                ChildJvm client = jvms.client();
                client.call(new Protocol.Warmup(warmup), Duration.ofMinutes(10));
                // a profiled warm-up block too: the profiler's own code must be compiled before it is measured
                block.run(server, client, true);
                for (int pair = 0; pair < stop.maxPairs(); pair++) {
                    micros.add(block.run(server, client, false));
                    micros.add(block.run(server, client, true));
                    if (pair + 1 >= stop.minPairs()) {
                        double[] ci = OverheadStats.overhead(micros);
                        progress.accept(String.format(
                                Locale.ROOT,
                                "%s: %d pairs, overhead %+.2f %% (95 %% CI %+.2f to %+.2f)",
                                label,
                                pair + 1,
                                ci[0],
                                ci[1],
                                ci[2]));
                        if ((ci[2] - ci[1]) / 2 <= stop.halfWidthPercent() || System.nanoTime() > deadline) break;
                    }
                }
                micros.add(block.run(server, client, false)); // every on-block between two off-blocks
            }
            return micros;
        }
    }

    private Path[] work(String label) {
        return new Path[] {workDir.resolve(label + "-server.jfr"), workDir.resolve(label + "-client.jfr")};
    }

    private static double block(ChildJvm server, ChildJvm client, int calls, boolean profiled, Path[] recordings)
            throws Exception {
        Duration t = Duration.ofSeconds(60 + calls / 200);
        if (profiled) {
            server.call(new Protocol.ProfileStart(recordings[0].toAbsolutePath().toString()), t);
            client.call(new Protocol.ProfileStart(recordings[1].toAbsolutePath().toString()), t);
        }
        // settle after switching, on and off alike: the profiler's start-up (per-thread perf events, its
        // recorder thread) is not what a long-running profiled application pays per call
        client.call(new Protocol.Measure(1, Math.max(100, calls / 10), "int"), t);
        Protocol.Measured m = client.call(new Protocol.Measure(1, calls, "int"), t);
        if (profiled) {
            server.call(new Protocol.ProfileStop(), t);
            client.call(new Protocol.ProfileStop(), t);
        }
        long nanos = m.batchNanos().get("int")[0];
        return nanos / 1000.0 / calls;
    }
}
