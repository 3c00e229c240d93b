package io.wirecost.cli.bench;

import io.wirecost.runner.ChildProcesses;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a command and measures its wall time and peak resident memory. The peak is the kernel's own
 * high-water mark ({@code VmHWM} in /proc/PID/status), polled while the process runs: it only grows,
 * so the last reading before exit is the peak up to then. CPU time (user + system, from /proc/PID/stat,
 * polled alike, so it misses at most the last 5 ms) is the figure a loaded machine disturbs least.
 */
final class ProcessMeter {

    record Measurement(double wallSeconds, long peakRssKb, int exitCode, double cpuSeconds) {}

    private ProcessMeter() {}

    static Measurement run(List<String> command, Path log) throws IOException, InterruptedException {
        ProcessBuilder pb =
                new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        long t0 = System.nanoTime();
        Process p = pb.start();
        Path status = Path.of("/proc", String.valueOf(p.pid()), "status");
        Path stat = Path.of("/proc", String.valueOf(p.pid()), "stat");
        long peak = 0;
        long cpuTicks = 0;
        ChildProcesses.watch(p);
        try {
            while (!p.waitFor(5, TimeUnit.MILLISECONDS)) {
                peak = Math.max(peak, hwm(status));
                cpuTicks = Math.max(cpuTicks, cpuTicks(stat));
            }
        } finally {
            ChildProcesses.forget(p);
        }
        double wall = (System.nanoTime() - t0) / 1e9;
        return new Measurement(wall, peak, p.exitValue(), cpuTicks / (double) CLOCK_TICKS_PER_SECOND);
    }

    /** USER_HZ: 100 on every Linux the JDK supports (the kernel's ABI, whatever its internal HZ). */
    private static final int CLOCK_TICKS_PER_SECOND = 100;

    /** utime + stime, fields 14 and 15 of /proc/PID/stat, counted after the command name's closing parenthesis. */
    private static long cpuTicks(Path stat) {
        try {
            String s = Files.readString(stat);
            String[] f = s.substring(s.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(f[11]) + Long.parseLong(f[12]);
        } catch (IOException | RuntimeException e) {
            return 0; // the process exited between the check and the read
        }
    }

    private static long hwm(Path status) {
        try {
            for (String line : Files.readAllLines(status)) {
                if (line.startsWith("VmHWM:")) return Long.parseLong(line.replaceAll("\\D", ""));
            }
        } catch (IOException | RuntimeException e) {
            // the process exited between the check and the read
        }
        return 0;
    }

    static String java(Path javaHome) {
        return javaHome.resolve("bin").resolve("java").toString();
    }

    static String classpath() {
        return System.getProperty("java.class.path").replace(File.pathSeparatorChar, File.pathSeparatorChar);
    }
}
