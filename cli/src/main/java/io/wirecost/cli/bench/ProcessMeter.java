package io.wirecost.cli.bench;

import io.wirecost.runner.ChildProcesses;
import io.wirecost.runner.ProcStatCpu;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a command and measures its wall time and peak resident memory. The peak is the kernel's own
 * high-water mark ({@code VmHWM} in /proc/PID/status), polled while the process runs: it only grows,
 * so the last reading before exit is the peak up to then. CPU time ({@link ProcStatCpu}, polled alike, so it misses
 * at most the last poll's) is the figure a loaded machine disturbs least.
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
        ProcStatCpu cpu = ProcStatCpu.of(p.pid());
        long peak = 0;
        long cpuNanos = 0;
        ChildProcesses.watch(p);
        try {
            while (!p.waitFor(5, TimeUnit.MILLISECONDS)) {
                peak = Math.max(peak, hwm(status));
                cpuNanos = Math.max(cpuNanos, cpu.nanos());
            }
        } finally {
            ChildProcesses.forget(p);
        }
        double wall = (System.nanoTime() - t0) / 1e9;
        return new Measurement(wall, peak, p.exitValue(), cpuNanos / 1e9);
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
}
