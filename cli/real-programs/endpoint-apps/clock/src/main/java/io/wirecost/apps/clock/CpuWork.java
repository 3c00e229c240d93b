package io.wirecost.apps.clock;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/** The shops' endpoints' known work. */
public final class CpuWork {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private CpuWork() {}

    /**
     * Spins the given CPU time of the calling thread, by its own CPU clock (not the wall clock, so a thread the
     * scheduler takes off the CPU still does the same work), and returns the rounds, for the answer to use.
     */
    public static long spin(long micros) {
        long end = THREADS.getCurrentThreadCpuTime() + micros * 1000;
        long spins = 0;
        while (THREADS.getCurrentThreadCpuTime() < end) spins++;
        return spins;
    }
}
