package io.wirecost.history;

import java.time.Instant;

/**
 * What is known of a run besides its figures: where it came from and the machine it measured on.
 *
 * @param key           SHA-256 of its results.json: the same run is refused a second time, wherever it was copied
 * @param kind          run, attach, profile (the command that made it), or "external" where it does not say
 * @param started       when the run began (null where results.json does not say)
 * @param loadAverage   the 1-minute load average at the start, mean over scenarios (NaN: not recorded)
 * @param stealPercent  CPU steal during the timed passes, mean over scenarios (NaN: not recorded)
 * @param busyPercent   the machine's busy CPU during the timed passes, mean over scenarios (NaN: not recorded)
 * @param settings      the run's method, settings and profiler as JSON
 * @param hostSpeedMbps the host's speed probed beside the run's scenarios, their median, MB/s (the runner's
 *                      {@code HostSpeedProbe}: one core's AES-GCM); NaN for runs that did not probe it
 */
public record RunFacts(
        String key,
        String runId,
        String kind,
        String dir,
        Instant started,
        String host,
        String cpuModel,
        String javaVersion,
        String method,
        double loadAverage,
        double stealPercent,
        double busyPercent,
        String settings,
        double hostSpeedMbps) {

    /** What the settings say, parsed once per distinct settings text: every change point of every metric asks. */
    private record Parsed(String measuredWith, String configuration) {}

    private static final java.util.Map<String, Parsed> PARSED = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * How the run measured, the part that {@code diff} refuses to compare across: the method and the profiler's
     * engine, event and interval ("adaptive, async cpu every 250000 ns"); "" where the stored settings do not say.
     */
    public String measuredWith() {
        return parsed().measuredWith();
    }

    /** {@code baseline} or {@code candidate} for a side of a two-sided run; "" for a run of one configuration. */
    public String configuration() {
        return parsed().configuration();
    }

    private Parsed parsed() {
        return PARSED.computeIfAbsent(settings == null ? "" : settings, RunFacts::parse);
    }

    private static Parsed parse(String settings) {
        com.fasterxml.jackson.databind.JsonNode s;
        try {
            s = new com.fasterxml.jackson.databind.ObjectMapper().readTree(settings.isEmpty() ? "{}" : settings);
        } catch (java.io.IOException e) {
            return new Parsed("", "");
        }
        String configuration = s.path("configuration").asText("");
        com.fasterxml.jackson.databind.JsonNode p = s.path("profiler");
        if (!p.hasNonNull("engine")) return new Parsed("", configuration);
        String method = s.path("settings").path("method").asText("");
        return new Parsed(
                (method.isEmpty() ? "" : method + ", ") + p.path("engine").asText() + " "
                        + p.path("event").asText("") + " every "
                        + p.path("intervalNs").asLong() + " ns",
                configuration);
    }
}
