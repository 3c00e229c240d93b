package io.wirecost.agent;

import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import one.profiler.AsyncProfiler;

/**
 * async-profiler from the bundled {@code tools.profiler:async-profiler} jar. {@code cpu} uses perf
 * events; when the kernel refuses them (perf_event_paranoid, containers) it falls back to
 * {@code itimer} and says so. The fallback is remembered, so that rotating the recording every few
 * seconds does not ask the kernel again each time.
 */
final class AsyncProfilerEngine implements ProfilerEngine {

    private static final Pattern METRICS_BYTES = Pattern.compile("mem_[a-z_]+_kb (\\d+)");

    private final String requested;
    private String event;
    private String fallbackNote = "";
    private String version = "";
    private AsyncProfiler profiler;

    /** Whether the native library is loaded: false until the first start succeeds in loading it. */
    boolean loaded() {
        return profiler != null;
    }

    /**
     * Options recorded beside the sampling event into the same JFR file. alloc=512k is async-profiler's
     * own default sampling interval (one sample per 512 KiB allocated, weighted by bytes); lock=10us keeps
     * uncontended hand-offs out while still catching every wait a request can feel.
     */
    private final String extras;

    AsyncProfilerEngine(String event) {
        this(event, java.util.Set.of());
    }

    AsyncProfilerEngine(String event, java.util.Set<String> extras) {
        this(event, extras, false);
    }

    /**
     * {@code monotonicClock}: samples are timed in {@link System#nanoTime()}'s clock rather than the TSC
     * async-profiler may prefer, so that they join with the request boundaries the agent times in it.
     */
    AsyncProfilerEngine(String event, java.util.Set<String> extras, boolean monotonicClock) {
        this.requested = event;
        this.event = event;
        this.extras = (extras.contains("alloc") ? ",alloc=512k" : "")
                + (extras.contains("lock") ? ",lock=10us" : "")
                + (monotonicClock ? ",clock=monotonic" : "");
    }

    @Override
    public String start(Path file, long intervalNs) throws Exception {
        if (profiler == null) profiler = AsyncProfiler.getInstance(); // extracts and loads the bundled .so
        version = profiler.getVersion();
        try {
            profiler.execute(command(event, file, intervalNs));
        } catch (IllegalStateException | java.io.IOException e) {
            if (!event.equals("cpu")) throw e;
            profiler.execute(command("itimer", file, intervalNs));
            event = "itimer";
            fallbackNote = " (cpu refused: " + oneLine(e) + ")";
        }
        return "async-profiler " + version + " event=" + event + extras + (event.equals(requested) ? "" : fallbackNote);
    }

    private String command(String event, Path file, long intervalNs) {
        return "start,event=" + event + ",interval=" + intervalNs + extras + ",jfr,file=" + file.toAbsolutePath();
    }

    @Override
    public void stop() throws Exception {
        profiler.execute("stop");
    }

    @Override
    public String name() {
        return version.isEmpty() ? "async-profiler" : "async-profiler " + version;
    }

    @Override
    public String event() {
        return event;
    }

    @Override
    public long samples() {
        return profiler == null ? -1 : profiler.getSamples();
    }

    @Override
    public long nativeMemoryBytes() {
        if (profiler == null) return -1;
        try {
            // 4.5 replaced "meminfo" (which it answers with a warning on the host's output) by "metrics":
            // one mem_<structure>_kb line per structure the profiler keeps (4.5: call traces, flight recorder,
            // class map, thread filter, runtime stubs, native libraries); their sum is its memory
            long total = 0;
            boolean any = false;
            for (String line : profiler.execute("metrics").split("\n")) {
                Matcher b = METRICS_BYTES.matcher(line.strip());
                if (b.matches()) {
                    total += Long.parseLong(b.group(1)) * 1024;
                    any = true;
                }
            }
            return any ? total : -1;
        } catch (Exception e) {
            return -1;
        }
    }

    static String oneLine(Throwable t) {
        String m = String.valueOf(t.getMessage());
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }
}
