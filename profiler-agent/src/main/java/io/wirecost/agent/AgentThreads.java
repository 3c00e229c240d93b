package io.wirecost.agent;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.ToLongFunction;

/**
 * Creates the agent's threads, all daemons (the agent must never keep its host alive) and named
 * {@code wirecost-agent-*} (so a rule can keep their samples out of the host's categories), and
 * measures their CPU time and heap allocation.
 */
final class AgentThreads {

    private final List<Thread> threads = new CopyOnWriteArrayList<>();
    private final ThreadMXBean mx = ManagementFactory.getThreadMXBean();

    ThreadFactory factory(String name) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, "wirecost-agent-" + name + (n.getAndIncrement() == 0 ? "" : "-" + n.get()));
            t.setDaemon(true);
            threads.add(t);
            return t;
        };
    }

    /** CPU time of the agent's live threads (the pools keep their threads, so little is lost). */
    long cpuNanos() {
        if (!mx.isThreadCpuTimeSupported()) return -1;
        return sum(t -> mx.getThreadCpuTime(t.getId()));
    }

    /** Heap bytes the agent's threads allocated, or -1 when the JVM does not count per thread. */
    long allocatedBytes() {
        if (!(mx instanceof com.sun.management.ThreadMXBean sun) || !sun.isThreadAllocatedMemorySupported()) return -1;
        return sum(t -> sun.getThreadAllocatedBytes(t.getId()));
    }

    /** A figure summed over the agent's threads; a thread the JVM reads -1 for (it has ended) adds nothing. */
    private long sum(ToLongFunction<Thread> figure) {
        long sum = 0;
        for (Thread t : threads) {
            long v = figure.applyAsLong(t);
            if (v > 0) sum += v;
        }
        return sum;
    }
}
