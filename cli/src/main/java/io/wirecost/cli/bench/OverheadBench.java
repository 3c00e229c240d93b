package io.wirecost.cli.bench;

import io.wirecost.runner.JvmLauncher;
import io.wirecost.runner.ModuleClasspath;
import io.wirecost.runner.OverheadRunner;
import io.wirecost.runner.OverheadStats;
import io.wirecost.runner.ProfilerSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code wirecost bench overhead}: what the agent costs a scenario's round trip, per profiler setting
 * (async-profiler with the agent's default event at its default 10 ms interval and at 1 ms, the other
 * events, JDK Flight Recorder), each as alternating blocks with profiling off and on in the same pair
 * of JVMs.
 */
@Command(
        name = "overhead",
        mixinStandardHelpOptions = true,
        description = "Profiler overhead on a scenario's round trip, with a 95 %% interval, per setting.")
final class OverheadBench implements Callable<Integer> {

    @Option(
            names = "--scenario",
            defaultValue = "rmi",
            description = "Scenario whose round trip is timed (default: ${DEFAULT-VALUE}; any of run's scenarios).")
    String scenario;

    /** Off/on pairs measured before the interval may stop a setting (unless --max-pairs stops it sooner). */
    private static final int MIN_PAIRS = 10;

    @Option(
            names = "--calls-per-block",
            defaultValue = "10000",
            description = "Invocations per block (default: ${DEFAULT-VALUE}).")
    int callsPerBlock;

    @Option(
            names = "--target",
            defaultValue = "1.0",
            description = "Stop when the 95 %% interval is within ± this many percent (default: ${DEFAULT-VALUE}).")
    double target;

    @Option(
            names = "--max-pairs",
            defaultValue = "200",
            description = "At most this many off/on pairs per setting (default: ${DEFAULT-VALUE}).")
    int maxPairs;

    @Option(
            names = "--budget",
            defaultValue = "5m",
            description = "Time budget per setting (default: ${DEFAULT-VALUE}).")
    String budget;

    @Option(
            names = "--settings",
            split = ",",
            defaultValue = "async-10ms,async-1ms,async-cpu-10ms,async-ctimer-10ms,jfr-10ms",
            description = "Settings: ENGINE-INTERVAL (engine async with the agent's default event, itimer, or jfr) or "
                    + "async-EVENT-INTERVAL (event cpu, ctimer, itimer), each optionally +endpoints (request "
                    + "boundaries recorded too, as endpoints=on) and/or +otlp (the agent's live session, each window "
                    + "exported to --otlp-endpoint) (default: ${DEFAULT-VALUE}).")
    List<String> settings;

    @Option(
            names = "--otlp-endpoint",
            paramLabel = "URL",
            description = "The OTLP/HTTP receiver (e.g. the Collector of collector/run.sh: http://127.0.0.1:4318) that "
                    + "the +otlp settings' agents send each window's profile to; needed by them.")
    String otlpEndpoint;

    @Option(
            names = "--window",
            defaultValue = AgentWindow.DEFAULT,
            description = "+otlp: the agent's window (otlp.interval), one block each (default: ${DEFAULT-VALUE}, the "
                    + "agent's).")
    String window;

    @Override
    public Integer call() throws Exception {
        ScenarioName.check(scenario);
        io.wirecost.cli.common.Bounds.atLeast("--calls-per-block", callsPerBlock, 1);
        io.wirecost.cli.common.Bounds.atLeast("--max-pairs", maxPairs, 2); // an interval needs two
        if (!(target > 0)) throw new io.wirecost.runner.UsageException("--target must be > 0, got " + target);
        OverheadRunner.Stop stop = new OverheadRunner.Stop(
                MIN_PAIRS,
                maxPairs,
                target,
                Duration.ofNanos(io.wirecost.cli.common.Durations.parseNanos("--budget", budget)));
        Duration windowLength = AgentWindow.parse(window);
        // parsed first: a typo in the last setting is refused before the first one has measured for minutes
        List<BenchSetting> parsed = settings.stream().map(BenchSetting::parse).toList();
        boolean otlp = parsed.stream().anyMatch(BenchSetting::live);
        if (otlp && otlpEndpoint == null)
            throw new io.wirecost.runner.UsageException(
                    "--otlp-endpoint URL is needed by the +otlp settings (an OTLP/HTTP receiver, e.g. collector/run.sh's"
                            + " http://127.0.0.1:4318)");
        if (otlpEndpoint != null && !otlpEndpoint.startsWith("http://") && !otlpEndpoint.startsWith("https://"))
            throw new io.wirecost.runner.UsageException(
                    "--otlp-endpoint: an http:// or https:// URL, got '" + otlpEndpoint + "'");
        Path work = Files.createTempDirectory("wirecost-overhead-");
        Path agent = io.wirecost.cli.common.Locations.agentJar();
        Path root = io.wirecost.cli.common.Locations.projectRoot();
        List<String[]> rows = new ArrayList<>();
        List<String> sent = new ArrayList<>();
        double loadBefore = LoadAverage.oneMinute();
        for (BenchSetting setting : parsed) {
            String s = setting.label();
            boolean live = setting.live();
            // +endpoints: the request boundaries are instrumented in both blocks and recorded in the profiled ones, as
            // a host with endpoints=on and start=manual pays them
            ProfilerSettings prof = setting.profiler();
            JvmLauncher launcher = new JvmLauncher(
                    Path.of(System.getProperty("java.home")), new ModuleClasspath(root), agent, prof, List.of());
            OverheadRunner runner = new OverheadRunner(launcher, work, m -> System.err.println("  " + m));
            OverheadRunner.Blocks b;
            if (live) {
                // the agent as a fleet host runs it: its defaults, each window's profile sent to the receiver
                launcher.liveAgent(java.util.Map.of(
                        "otlp.endpoint",
                        otlpEndpoint,
                        "otlp.interval",
                        windowLength.toNanos() + "ns",
                        "service.name",
                        "wirecost-bench"));
                System.err.println(s + ": measuring " + scenario + " in blocks of one " + window
                        + " window, off/on alternating; profiles to " + otlpEndpoint);
                b = runner.measureLiveWindows(scenario, s, 5_000, callsPerBlock, windowLength, stop);
                sent.add(s + ": " + b.profilesSent() + " profiles accepted by " + otlpEndpoint);
            } else {
                System.err.println(s + ": measuring " + scenario + " in blocks of " + callsPerBlock
                        + " calls, off/on alternating");
                b = runner.measure(scenario, s, 5_000, callsPerBlock, stop);
            }
            double[] o = OverheadStats.overhead(b.micros());
            double off = 0;
            int n = 0;
            for (int i = 0; i < b.micros().size(); i += 2) {
                off += b.micros().get(i);
                n++;
            }
            rows.add(new String[] {
                s,
                String.format(Locale.ROOT, "%.2f", off / n),
                String.valueOf(b.micros().size() / 2),
                String.format(Locale.ROOT, "%+.2f %%", o[0]),
                String.format(Locale.ROOT, "%+.2f to %+.2f %%", o[1], o[2])
            });
        }
        System.out.printf(
                Locale.ROOT,
                "%nProfiler overhead on %s round trips (int), alternating off/on blocks of %d calls in the same JVMs%s%n",
                scenario,
                callsPerBlock,
                otlp ? " (+otlp: of one " + window + " window, below)" : "");
        System.out.printf(
                Locale.ROOT, "%-22s %14s %8s %10s %22s%n", "setting", "off (µs/call)", "pairs", "overhead", "95 % CI");
        for (String[] r : rows) System.out.printf(Locale.ROOT, "%-22s %14s %8s %10s %22s%n", (Object[]) r);
        System.out.println(LoadAverage.beforeAndAfter(loadBefore));
        System.out.println(
                "targets: the agent's default (async-10ms: itimer, 10 ms) not distinguishable from 0 at ±2 %;"
                        + " 1 ms under 5 %");
        if (parsed.stream().anyMatch(BenchSetting::endpoints))
            System.out.println("+endpoints: the instrumented request boundaries are in both blocks; recording them is"
                    + " in the profiled ones (the cost of endpoints=on is its row beside the same setting's without)");
        if (otlp) {
            System.out.println("+otlp: blocks of one " + window + " window each: on, the agent's live session (as"
                    + " start=now runs it) until the window has ended and its profile was accepted, so the window's"
                    + " rotation, reading, encoding and sending fall inside the timed calls once per window; off, as"
                    + " long unprofiled");
            sent.forEach(System.out::println);
        }
        System.out.println(
                "event cpu uses perf events, which cost something on every context switch of a profiled thread;"
                        + " itimer and ctimer do not");
        return 0;
    }
}
