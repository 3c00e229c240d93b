package io.wirecost.cli.bench;

import io.wirecost.cli.common.Durations;
import io.wirecost.runner.ProfilerSettings;
import io.wirecost.runner.UsageException;
import java.util.List;
import java.util.Set;

/**
 * One {@code --settings} word of {@code bench overhead} and {@code bench startup}: {@code ENGINE-INTERVAL} (engine
 * {@code async} with the agent's default event, or {@code jfr}) or {@code async-EVENT-INTERVAL} (event {@code cpu},
 * {@code ctimer} or {@code itimer}), each optionally {@code +endpoints} (request boundaries, as {@code endpoints=on})
 * and {@code +otlp} (the agent's live session), in either order.
 */
record BenchSetting(String label, ProfilerSettings profiler, boolean live) {

    private static final String ENDPOINTS_SUFFIX = "+endpoints";
    private static final String OTLP_SUFFIX = "+otlp";

    /** The agent's default event (io.wirecost.agent.AgentOptions.DEFAULT_EVENT; the CLI does not link the agent). */
    private static final String AGENT_DEFAULT_EVENT = "itimer";

    /** The event the agent samples with {@code engine} when none is named: JFR takes CPU samples only. */
    static String agentDefaultEvent(String engine) {
        return engine.equals("jfr") ? "cpu" : AGENT_DEFAULT_EVENT;
    }

    static BenchSetting parse(String s) {
        String base = s;
        boolean endpoints = false, live = false;
        while (base.endsWith(ENDPOINTS_SUFFIX) && !endpoints || base.endsWith(OTLP_SUFFIX) && !live) {
            boolean e = base.endsWith(ENDPOINTS_SUFFIX);
            endpoints |= e;
            live |= !e;
            base = base.substring(0, base.length() - (e ? ENDPOINTS_SUFFIX : OTLP_SUFFIX).length());
        }
        String[] p = base.split("-");
        boolean ok = p.length == 2 && List.of("async", "jfr").contains(p[0])
                || p.length == 3
                        && p[0].equals("async")
                        && List.of("cpu", "ctimer", "itimer").contains(p[1]);
        if (!ok)
            throw new UsageException("--settings: '" + s + "' is not ENGINE-INTERVAL or async-EVENT-INTERVAL"
                    + " (event cpu, ctimer or itimer), optionally +endpoints and +otlp");
        long interval = Durations.parseNanos("--settings", p[p.length - 1]);
        return new BenchSetting(
                s,
                new ProfilerSettings(
                        p[0],
                        p.length == 3 ? p[1] : agentDefaultEvent(p[0]),
                        interval,
                        endpoints ? Set.of(ProfilerSettings.ENDPOINTS) : Set.of()),
                live);
    }

    /** Whether the request boundaries are instrumented. */
    boolean endpoints() {
        return profiler.extras().contains(ProfilerSettings.ENDPOINTS);
    }
}
