package io.wirecost.apps.clock;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/** The shops' endpoints' known work. */
public final class CpuWork {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /**
     * The size of each array {@link #allocate} makes: far below async-profiler's allocation sampling interval
     * (512 KiB), where its weights count bytes without bias. An object of a size near the interval is sampled with
     * probability 1 - e^(-size/interval) but weighs max(size, interval), so it reads up to a third low.
     */
    private static final int ARRAY_BYTES = 4096;
    /** Where each allocation escapes to: an array nothing reads could be left out by the compiler. */
    private static volatile Object kept;

    private CpuWork() {}

    /** Allocates about the given bytes, as arrays of 4 KiB with their headers; returns the arrays' lengths. */
    public static int allocate(int bytes) {
        int length = 0;
        for (int left = bytes; left > 0; left -= ARRAY_BYTES) {
            byte[] array = new byte[ARRAY_BYTES - 16]; // with its 16-byte header, 4 KiB
            kept = array;
            length += array.length;
        }
        return length;
    }

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
