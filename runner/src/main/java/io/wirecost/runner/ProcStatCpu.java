package io.wirecost.runner;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The CPU time of a process that cannot report its own: the forward proxy of http-to-port (Privoxy, a C program, or
 * the embedded LittleProxy's own JVM), which the server JVM starts and announces in its endpoint ({@code proxy.pid}),
 * and the commands {@code bench} times. Read from {@code /proc/PID/stat} (user + system of every thread, those that
 * have ended included). The kernel keeps the exact sum but prints it in clock ticks, so one reading is off by up to a
 * tick either way; the error is unbiased, and the batches' spread carries it into the interval.
 */
public final class ProcStatCpu {

    /** The endpoint key under which a scenario's server names the proxy's process. */
    static final String PROXY_PID_KEY = "proxy.pid";

    private static final long NANOS_PER_TICK = 1_000_000_000L / clockTicksPerSecond();

    private final Path stat;

    private ProcStatCpu(long pid) {
        this.stat = Path.of("/proc", String.valueOf(pid), "stat");
    }

    /** The process {@code pid}; its {@link #nanos} are -1 where it cannot be read. */
    public static ProcStatCpu of(long pid) {
        return new ProcStatCpu(pid);
    }

    /** The proxy the endpoint names, or null where it names none or its CPU cannot be read. */
    static ProcStatCpu ofProxy(Map<String, String> endpoint) {
        String pid = endpoint.get(PROXY_PID_KEY);
        if (pid == null) return null;
        try {
            long p = Long.parseLong(pid.strip());
            if (p <= 0) return null;
            ProcStatCpu cpu = new ProcStatCpu(p);
            return cpu.nanos() < 0 ? null : cpu;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** User + system CPU nanoseconds of the process so far, -1 where unreadable (it ended). */
    public long nanos() {
        try {
            return parse(Files.readString(stat, StandardCharsets.US_ASCII)) * NANOS_PER_TICK;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** utime + stime (fields 14 and 15) in clock ticks; the command name (field 2) may hold blanks and ')'. */
    static long parse(String stat) {
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(f[11]) + Long.parseLong(f[12]); // fields 14 and 15, counted from field 3
    }

    private static long clockTicksPerSecond() {
        try {
            Process p = new ProcessBuilder("getconf", "CLK_TCK")
                    .redirectErrorStream(true)
                    .start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).strip();
            if (p.waitFor(5, TimeUnit.SECONDS) && p.exitValue() == 0) return Long.parseLong(out);
        } catch (IOException | NumberFormatException e) {
            // USER_HZ is 100 on every Linux architecture wirecost runs on
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 100;
    }
}
