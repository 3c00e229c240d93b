package io.wirecost.agent;

import java.nio.file.Path;
import java.util.Locale;

/**
 * Options from {@code -javaagent:wirecost-agent.jar=key=value,...}.
 *
 * <pre>
 * java -javaagent:wirecost-agent.jar=engine=async,event=cpu,interval=10ms,file=/tmp/app.jfr -jar app.jar
 * </pre>
 *
 * @param engine     {@code async} (async-profiler, bundled), {@code jfr} (JDK Flight Recorder) or {@code none}
 * @param event      async-profiler event: {@code cpu} (falls back to {@code itimer}), {@code itimer}, {@code wall}
 * @param intervalNs sampling interval in nanoseconds
 * @param file       where the recording goes
 * @param startNow   profile from start-up to shutdown; otherwise wait for the control MBean
 */
public record AgentOptions(String engine, String event, long intervalNs, Path file, boolean startNow) {

    public static final long DEFAULT_INTERVAL_NS = 10_000_000L;   // async-profiler's own default for cpu

    public static AgentOptions parse(String args) {
        String engine = "async";
        String event = "cpu";
        long interval = DEFAULT_INTERVAL_NS;
        Path file = Path.of("wirecost-" + ProcessHandle.current().pid() + ".jfr");
        boolean startNow = true;
        if (args != null && !args.isBlank()) {
            for (String kv : args.split(",")) {
                int eq = kv.indexOf('=');
                if (eq <= 0) throw new IllegalArgumentException("expected key=value, got '" + kv + "'");
                String key = kv.substring(0, eq).trim();
                String value = kv.substring(eq + 1).trim();
                switch (key) {
                    case "engine":
                        engine = oneOf(key, value, "async", "jfr", "none");
                        break;
                    case "event":
                        event = oneOf(key, value, "cpu", "itimer", "wall");
                        break;
                    case "interval":
                        interval = parseDuration(value);
                        break;
                    case "file":
                        file = Path.of(value);
                        break;
                    case "start":
                        startNow = oneOf(key, value, "now", "manual").equals("now");
                        break;
                    default:
                        throw new IllegalArgumentException("unknown option '" + key + "' (engine, event, interval, file, start)");
                }
            }
        }
        return new AgentOptions(engine, event, interval, file, startNow);
    }

    private static String oneOf(String key, String value, String... allowed) {
        for (String a : allowed) if (a.equals(value)) return value;
        throw new IllegalArgumentException(key + " must be one of " + String.join("|", allowed) + ", got '" + value + "'");
    }

    /** {@code 10ms}, {@code 500us}, {@code 1000000} (ns), {@code 1s}. */
    public static long parseDuration(String text) {
        String t = text.toLowerCase(Locale.ROOT).trim();
        long unit = 1;
        if (t.endsWith("ms")) { unit = 1_000_000L; t = t.substring(0, t.length() - 2); }
        else if (t.endsWith("us")) { unit = 1_000L; t = t.substring(0, t.length() - 2); }
        else if (t.endsWith("ns")) { t = t.substring(0, t.length() - 2); }
        else if (t.endsWith("s")) { unit = 1_000_000_000L; t = t.substring(0, t.length() - 1); }
        try {
            long v = Long.parseLong(t) * unit;
            if (v <= 0) throw new NumberFormatException();
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("interval must be a positive duration like 10ms, got '" + text + "'");
        }
    }
}
