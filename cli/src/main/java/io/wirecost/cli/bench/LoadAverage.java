package io.wirecost.cli.bench;

import java.lang.management.ManagementFactory;

/** The machine's one-minute load average, recorded beside every figure measured on a shared machine. */
final class LoadAverage {

    private LoadAverage() {}

    static double oneMinute() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }
}
