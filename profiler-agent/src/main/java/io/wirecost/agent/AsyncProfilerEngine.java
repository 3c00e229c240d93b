package io.wirecost.agent;

import one.profiler.AsyncProfiler;

import java.nio.file.Path;

/**
 * async-profiler from the bundled {@code tools.profiler:async-profiler} jar. {@code cpu} uses perf
 * events; when the kernel refuses them (perf_event_paranoid, containers) it falls back to
 * {@code itimer} and says so.
 */
final class AsyncProfilerEngine implements ProfilerEngine {

    private final String event;
    private AsyncProfiler profiler;

    AsyncProfilerEngine(String event) {
        this.event = event;
    }

    @Override
    public String start(Path file, long intervalNs) throws Exception {
        if (profiler == null) profiler = AsyncProfiler.getInstance();   // extracts and loads the bundled .so
        String version = profiler.getVersion();
        try {
            profiler.execute(command(event, file, intervalNs));
            return "async-profiler " + version + " event=" + event;
        } catch (IllegalStateException | java.io.IOException e) {
            if (!event.equals("cpu")) throw e;
            profiler.execute(command("itimer", file, intervalNs));
            return "async-profiler " + version + " event=itimer (cpu refused: " + oneLine(e) + ")";
        }
    }

    private static String command(String event, Path file, long intervalNs) {
        return "start,event=" + event + ",interval=" + intervalNs + ",jfr,file=" + file.toAbsolutePath();
    }

    @Override
    public void stop() throws Exception {
        profiler.execute("stop");
    }

    private static String oneLine(Throwable t) {
        String m = String.valueOf(t.getMessage());
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }
}
