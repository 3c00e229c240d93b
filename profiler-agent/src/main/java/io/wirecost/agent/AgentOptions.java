package io.wirecost.agent;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Options from {@code -javaagent:wirecost-agent.jar=key=value,...}. Unknown keys are errors, so a typo
 * disables the agent with a message instead of silently using a default.
 *
 * <pre>
 * java -javaagent:wirecost-agent.jar=engine=async,event=cpu,interval=10ms,file=/tmp/app.jfr -jar app.jar
 * java -javaagent:wirecost-agent.jar=metrics.port=9464,labels=service:demo;run:r1 -jar app.jar
 * </pre>
 *
 * @param engine     {@code async} (async-profiler, bundled), {@code jfr} (JDK Flight Recorder) or {@code none}
 * @param event      async-profiler event: {@code cpu} (falls back to {@code itimer}), {@code itimer}, {@code wall};
 *                   {@code cpu} with {@code engine=jfr}, which takes no other
 * @param intervalNs sampling interval in nanoseconds
 * @param file       where the recording goes; null when not given (see {@link #recordingFile()})
 * @param startNow   profile from start-up to shutdown; otherwise wait for the control MBean
 * @param rules      category rule file for live metrics; null: the built-in rules
 * @param metrics    live Prometheus metrics; null when {@code metrics.port} is not given
 * @param otlp       OTLP profiles to a Collector; null when {@code otlp.endpoint} is not given
 * @param dir        with no file=: the recording goes to {@code DIR/MAIN-PID.jfr}, the JVM's facts beside it
 *                   ({@code wirecost profile}: every JVM of a command names its own file)
 * @param fromNs     record only from this offset after start-up (0: from the start)
 * @param toNs       and until this offset (Long.MAX_VALUE: until exit)
 * @param extras     events recorded beside the sampling event, a subset of {@code alloc} and {@code lock}
 *                   ({@code also=alloc+lock}); empty by default, since each costs an event per sampled
 *                   allocation or contended lock
 * @param endpoints  {@code endpoints=on}: request boundaries of servlets, JAX-RS and Spring MVC handlers are
 *                   recorded beside each recording, for CPU per request by endpoint (docs/cost-per-request.md)
 * @param maxEndpoints {@code endpoints.max=N}: route templates named before the rest count as {@code other}
 */
public record AgentOptions(
        String engine,
        String event,
        long intervalNs,
        Path file,
        boolean startNow,
        Path rules,
        MetricsOptions metrics,
        OtlpOptions otlp,
        Path dir,
        long fromNs,
        long toNs,
        java.util.Set<String> extras,
        boolean endpoints,
        int maxEndpoints) {

    public AgentOptions {
        extras = java.util.Set.copyOf(extras);
    }

    /** Route templates kept apart before the rest count as {@code other}: a bounded label set. */
    public static final int DEFAULT_MAX_ENDPOINTS = 100;

    public static final long DEFAULT_INTERVAL_NS = 10_000_000L; // async-profiler's own default for cpu

    /**
     * itimer, not async-profiler's own default cpu: perf events are switched out and in on every context
     * switch of every profiled thread, which an RPC server does several times per call. Measured with
     * {@code wirecost bench overhead} on RMI round trips (docs/RESULTS.md): at the same interval cpu costs the
     * host measurably, itimer within the measurement's noise. An agent left in production takes the cheap one.
     */
    public static final String DEFAULT_EVENT = "itimer";

    private static final String KEYS =
            "engine, event, interval, also, endpoints, endpoints.max, file, dir, from, to, start, rules, role, labels, metrics.port, "
                    + "metrics.bind, metrics.period, metrics.window, metrics.auth-file, metrics.tls.keystore, metrics.tls.password-file, "
                    + "otlp.endpoint, otlp.headers, otlp.ca, otlp.interval, otlp.queue, service.name";

    public static AgentOptions parse(String args) {
        String engine = "async";
        String event = null;
        long interval = DEFAULT_INTERVAL_NS;
        Path file = null;
        boolean startNow = true;
        Path rules = null;
        Path dir = null;
        long from = 0;
        long to = Long.MAX_VALUE;
        java.util.Set<String> extras = java.util.Set.of();
        boolean endpoints = false;
        int maxEndpoints = DEFAULT_MAX_ENDPOINTS;
        Map<String, String> metricsKeys = new LinkedHashMap<>();
        Map<String, String> otlpKeys = new LinkedHashMap<>();
        if (args != null && !args.isBlank()) {
            for (String kv : args.split(",")) {
                int eq = kv.indexOf('=');
                if (eq <= 0) throw new IllegalArgumentException("expected key=value, got '" + kv + "'");
                String key = kv.substring(0, eq).trim();
                String value = kv.substring(eq + 1).trim();
                switch (key) {
                    case "engine" -> engine = oneOf(key, value, "async", "jfr", "none");
                    case "event" -> event = oneOf(key, value, "cpu", "ctimer", "itimer", "wall");
                    case "interval" -> interval = Durations.parse(key, value);
                    case "also" -> extras = extras(value);
                    case "endpoints" ->
                        endpoints = oneOf(key, value, "on", "off").equals("on");
                    case "endpoints.max" -> maxEndpoints = positive(key, value, 1000);
                    case "file" -> file = Path.of(value);
                    case "dir" -> dir = Path.of(value);
                    case "from" -> from = value.equals("0") ? 0 : Durations.parse(key, value);
                    case "to" -> to = Durations.parse(key, value);
                    case "start" ->
                        startNow = oneOf(key, value, "now", "manual").equals("now");
                    case "rules" -> rules = Path.of(value);
                    default -> {
                        if (OtlpOptions.KEYS.contains(key)) {
                            otlpKeys.put(key, value);
                            continue;
                        }
                        if (!MetricsOptions.KEYS.contains(key)) {
                            throw new IllegalArgumentException("unknown option '" + key + "' (" + KEYS + ")");
                        }
                        metricsKeys.put(key, value);
                    }
                }
            }
        }
        MetricsOptions metrics = MetricsOptions.of(metricsKeys);
        OtlpOptions otlp = OtlpOptions.of(otlpKeys, metrics);
        if (metrics == null && otlp == null && rules != null) {
            throw new IllegalArgumentException(
                    "rules= applies to live metrics or OTLP: add metrics.port=PORT or otlp.endpoint=URL");
        }
        if (to <= from) throw new IllegalArgumentException("to= must be after from=");
        if ((from > 0 || to != Long.MAX_VALUE) && (metrics != null || otlp != null || !startNow)) {
            throw new IllegalArgumentException(
                    "from= and to= apply to a whole-run recording: not with metrics.port or start=manual");
        }
        // JFR has one execution sampler: an async-profiler event beside it would be recorded in the run's words and
        // not honoured, so it is refused as the CLI refuses --event with --profiler jfr
        if (engine.equals("jfr") && event != null && !event.equals("cpu")) {
            throw new IllegalArgumentException("event=" + event + ": engine=jfr takes CPU samples only "
                    + "(jdk.ExecutionSample); " + event + " is an async-profiler event (engine=async)");
        }
        // checked here, so that the host's log gets one line naming the option rather than the engine's and the
        // facts writer's own failures at the first recording
        if (file != null) writableDirectory("file", file, file.toAbsolutePath().getParent());
        if (dir != null) writableDirectory("dir", dir, dir);
        if (event == null) event = engine.equals("jfr") ? "cpu" : DEFAULT_EVENT;
        if (endpoints && event.equals("wall")) {
            throw new IllegalArgumentException("endpoints=on measures CPU per request: not with event=wall");
        }
        return new AgentOptions(
                engine,
                event,
                interval,
                file,
                startNow,
                rules,
                metrics,
                otlp,
                dir,
                from,
                to,
                extras,
                endpoints,
                maxEndpoints);
    }

    private static void writableDirectory(String key, Path value, Path dir) {
        if (!java.nio.file.Files.isDirectory(dir))
            throw new IllegalArgumentException(
                    key + "=" + value + ": no such directory" + (dir.equals(value) ? "" : " (" + dir + ")"));
        if (!java.nio.file.Files.isWritable(dir))
            throw new IllegalArgumentException(key + "=" + value + ": the directory cannot be written to"
                    + (dir.equals(value) ? "" : " (" + dir + ")"));
    }

    /** {@code alloc}, {@code lock} or {@code alloc+lock}: '+' because ',' separates the agent's options. */
    static java.util.Set<String> extras(String value) {
        java.util.Set<String> out = new java.util.TreeSet<>();
        for (String e : value.split("\\+")) out.add(oneOf("also", e.trim(), "alloc", "lock"));
        return out;
    }

    /**
     * The file a whole-run recording goes to. Without live metrics it is always written (as before:
     * {@code wirecost-<pid>.jfr}); with live metrics only a {@code file=} given explicitly is kept, so
     * that a long-running service does not fill its disk with a recording nobody asked for.
     */
    public Path recordingFile() {
        if (file != null) return file;
        if (dir != null) return dir.resolve(ProcessFacts.name() + ".jfr");
        return Path.of("wirecost-" + ProcessHandle.current().pid() + ".jfr");
    }

    /**
     * Whether the JVM's facts go beside its recording ({@code dir=} without {@code file=}: {@code profile}'s JVMs, whose
     * command may have exited long before anyone could ask them).
     */
    public boolean factsBeside() {
        return dir != null && file == null;
    }

    public boolean windowed() {
        return fromNs > 0 || toNs != Long.MAX_VALUE;
    }

    public boolean keepsRecording() {
        return file != null || !live();
    }

    /**
     * Whether giving up on the profiler at exit loses nothing: live metrics only, with no file to write and no OTLP
     * window to send, end with the JVM whatever the profiler was doing.
     */
    public boolean losesNothingAtExit() {
        return metrics != null && otlp == null && file == null && startNow;
    }

    /** Whether recordings are rotated and read while the JVM runs: for live metrics, OTLP, or both. */
    public boolean live() {
        return metrics != null || otlp != null;
    }

    static int positive(String key, String value, int max) {
        try {
            int n = Integer.parseInt(value);
            if (n > 0 && n <= max) return n;
        } catch (NumberFormatException e) {
            // the message below names the option
        }
        throw new IllegalArgumentException(key + " must be a whole number from 1 to " + max + ", got '" + value + "'");
    }

    static String oneOf(String key, String value, String... allowed) {
        for (String a : allowed) if (a.equals(value)) return value;
        throw new IllegalArgumentException(
                key + " must be one of " + String.join("|", allowed) + ", got '" + value + "'");
    }

    /** {@code 10ms}, {@code 500us}, {@code 1000000} (ns), {@code 1s}. */
    public static long parseDuration(String text) {
        return Durations.parse("interval", text);
    }
}
