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
     * ones, or a starting JVM's compiler threads, make about 2 on two cores), so only the load before the bench began
     * says whether something else was running: above half the cores, it was.
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
                before > cores / 2.0
                        ? ": the machine was busy before the bench began, so the intervals hold other work's noise too"
                        : "");
    }
}
