package io.wirecost.cli.bench;

import java.lang.management.ManagementFactory;

/** The machine's one-minute load average, recorded beside every figure measured on a shared machine. */
final class LoadAverage {

    private LoadAverage() {}

    static double oneMinute() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    /**
     * The line that ends a bench of scenario JVMs: the load before and now. Those JVMs are load themselves (two busy
     * ones make about 2), so only a load above the cores says that something else competed with them.
     */
    static String beforeAndAfter(double before) {
        return line(before, oneMinute(), Runtime.getRuntime().availableProcessors());
    }

    static String line(double before, double after, int cores) {
        return String.format(
                java.util.Locale.ROOT,
                "load average (1 min): %.1f before, %.1f after, on %d cores, the bench's own JVMs included%s",
                before,
                after,
                cores,
                Math.max(before, after) > cores
                        ? ": more than the cores, so other work competed and the intervals hold its noise too"
                        : "");
    }
}
