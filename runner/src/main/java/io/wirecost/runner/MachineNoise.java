package io.wirecost.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The machine's own noise while a scenario is timed, from {@code /proc/stat} (the aggregate {@code cpu}
 * line: user nice system idle iowait irq softirq steal, in clock ticks) and {@code /proc/loadavg}: the
 * share of CPU time the hypervisor stole, how busy all CPUs were, and the 1-minute load. Outside Linux
 * every reading is absent and the scenario simply has no noise figures.
 */
public final class MachineNoise {

    /** One reading of /proc; {@code ticks} empty when unreadable. */
    public record Snapshot(long[] ticks, double load1) {}

    private MachineNoise() {}

    public static Snapshot read() {
        try {
            String cpu = Files.readAllLines(Path.of("/proc/stat")).get(0);
            String[] f = cpu.trim().split("\\s+");
            long[] ticks = new long[Math.min(f.length - 1, 8)];
            for (int i = 0; i < ticks.length; i++) ticks[i] = Long.parseLong(f[i + 1]);
            double load = Double.parseDouble(
                    Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+")[0]);
            return new Snapshot(ticks, load);
        } catch (IOException | RuntimeException e) {
            return new Snapshot(new long[0], Double.NaN);
        }
    }

    /** {@code steal_percent}, {@code busy_percent} (all CPUs, not idle nor iowait), {@code load_1m} at start and end. */
    public static Noise between(Snapshot a, Snapshot b) {
        if (a.ticks().length < 8 || b.ticks().length < 8) return Noise.UNKNOWN;
        long[] d = new long[8];
        long total = 0;
        for (int i = 0; i < 8; i++) {
            d[i] = b.ticks()[i] - a.ticks()[i];
            total += d[i];
        }
        if (total <= 0) return Noise.UNKNOWN;
        return new Noise(100.0 * d[7] / total, 100.0 * (total - d[3] - d[4]) / total, a.load1(), b.load1(), null);
    }
}
