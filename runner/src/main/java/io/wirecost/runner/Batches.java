package io.wirecost.runner;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Every batch of a pass as measured, per operation in measuring order: what {@link BatchMeter#summarize} turns into
 * statistics.
 *
 * @param invocations calls per batch
 * @param nanos       each batch's round trips, ns
 * @param clientCpu   each batch's client CPU time, ns (-1: unreadable)
 * @param serverCpu   each batch's server CPU time, ns (-1: unreadable)
 * @param proxyCpu    each batch's proxy CPU time, ns; empty where no proxy
 * @param waitNanos   run-queue wait of both JVMs over the batches
 * @param waitCalls   calls over which it was read
 * @param waitKnown   whether every batch's wait was readable
 */
record Batches(
        int invocations,
        Map<String, long[]> nanos,
        Map<String, long[]> clientCpu,
        Map<String, long[]> serverCpu,
        Map<String, long[]> proxyCpu,
        long waitNanos,
        long waitCalls,
        boolean waitKnown) {

    /** These batches followed by {@code more}'s, operation by operation. */
    Batches then(Batches more) {
        if (more.invocations != invocations) throw new IllegalArgumentException("batches of different sizes");
        return new Batches(
                invocations,
                concat(nanos, more.nanos),
                concat(clientCpu, more.clientCpu),
                concat(serverCpu, more.serverCpu),
                concat(proxyCpu, more.proxyCpu),
                waitNanos + more.waitNanos,
                waitCalls + more.waitCalls,
                waitKnown && more.waitKnown);
    }

    private static Map<String, long[]> concat(Map<String, long[]> a, Map<String, long[]> b) {
        Map<String, long[]> out = new LinkedHashMap<>();
        a.forEach((op, x) -> {
            long[] y = b.getOrDefault(op, new long[0]);
            long[] both = Arrays.copyOf(x, x.length + y.length);
            System.arraycopy(y, 0, both, x.length, y.length);
            out.put(op, both);
        });
        return out;
    }
}
