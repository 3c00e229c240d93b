package io.wirecost.cli.run;

/**
 * @param engine     async, jfr or none
 * @param event      async-profiler event (cpu, itimer, wall); ignored by jfr
 * @param intervalNs sampling interval
 */
public record ProfilerSettings(String engine, String event, long intervalNs) {

    public boolean enabled() {
        return !engine.equals("none");
    }

    /** The agent's option string for one process. */
    public String agentOptions(java.nio.file.Path file) {
        return "engine=" + engine + ",event=" + event + ",interval=" + intervalNs + ",start=manual,file=" + file.toAbsolutePath();
    }
}
