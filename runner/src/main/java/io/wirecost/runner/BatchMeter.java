package io.wirecost.runner;

import io.wirecost.scenarios.Operation;
import io.wirecost.scenarios.harness.Protocol;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Measures batches of calls, one batch per command: the server JVM reads its CPU time between batches (the client
 * reads its own inside the measure command), so every batch has the CPU of both processes. One per scenario: it
 * keeps the operations a pass measured before a failure ({@link #partial}), which the scenario still reports.
 */
final class BatchMeter {

    private final ScenarioContext ctx;
    private List<RttStatistics> partial = List.of();

    BatchMeter(ScenarioContext ctx) {
        this.ctx = ctx;
    }

    /** Round trips of the operations measured by a pass that failed part way (empty: none failed). */
    List<RttStatistics> partial() {
        return partial;
    }

    /**
     * {@code reps} batches of {@code n} calls of every operation. Operations measured before a failure are kept
     * ({@code before}: batches already measured in this pass, or null).
     */
    Batches measure(int reps, int n, Batches before) throws ChildJvm.ChildFailure {
        return measure(reps, n, before, ctx.labels());
    }

    /** The same for some operations only. */
    Batches measure(int reps, int n, Batches before, List<String> operations) throws ChildJvm.ChildFailure {
        ProcStatCpu proxy = ctx.proxy();
        long waitNanos = 0;
        long waitCalls = 0;
        boolean waitKnown = true;
        Map<String, long[]> nanosByOp = new LinkedHashMap<>();
        Map<String, long[]> clientByOp = new LinkedHashMap<>();
        Map<String, long[]> serverByOp = new LinkedHashMap<>();
        Map<String, long[]> proxyByOp = new LinkedHashMap<>();
        try {
            for (String op : operations) {
                long[] nanos = new long[reps];
                long[] clientCpu = new long[reps];
                long[] serverCpu = new long[reps];
                long[] proxyCpu = proxy == null ? null : new long[reps];
                long[] cpuBefore = ctx.serverCpuNanos();
                long proxyBefore = proxy == null ? -1 : proxy.nanos();
                for (int r = 0; r < reps; r++) {
                    Protocol.Measured m = ctx.client().call(new Protocol.Measure(1, n, op), ctx.timeoutFor(n));
                    long[] after = ctx.serverCpuNanos();
                    if (proxyCpu != null) {
                        long proxyAfter = proxy.nanos();
                        proxyCpu[r] = proxyBefore < 0 || proxyAfter < 0 ? -1 : proxyAfter - proxyBefore;
                        proxyBefore = proxyAfter;
                    }
                    nanos[r] = m.batchNanos().get(op)[0];
                    clientCpu[r] = m.batchCpuNanos().get(op)[0];
                    serverCpu[r] = cpuBefore[0] < 0 || after[0] < 0 ? -1 : after[0] - cpuBefore[0];
                    long clientWait = m.batchWaitNanos().get(op)[0];
                    if (clientWait < 0 || cpuBefore[1] < 0 || after[1] < 0) waitKnown = false;
                    else waitNanos += clientWait + after[1] - cpuBefore[1];
                    waitCalls += n;
                    cpuBefore = after;
                }
                nanosByOp.put(op, nanos);
                clientByOp.put(op, clientCpu);
                serverByOp.put(op, serverCpu);
                if (proxyCpu != null) proxyByOp.put(op, proxyCpu);
            }
            return new Batches(n, nanosByOp, clientByOp, serverByOp, proxyByOp, waitNanos, waitCalls, waitKnown);
        } catch (ChildJvm.ChildFailure e) {
            Batches done =
                    new Batches(n, nanosByOp, clientByOp, serverByOp, proxyByOp, waitNanos, waitCalls, waitKnown);
            partial = summarize(before == null ? done : before.then(done)).rtt();
            throw e;
        }
    }

    /** Round trips and CPU per call of every operation, then the primitives' geometric mean of each role. */
    PassResult summarize(Batches b) {
        List<RttStatistics> out = new ArrayList<>();
        List<CpuStatistics> cpu = new ArrayList<>();
        int n = b.invocations();
        long totalNanos = 0;
        long batches = 0;
        int reps = 0;
        for (long[] nanos : b.nanos().values()) {
            for (long x : nanos) totalNanos += x;
            batches += nanos.length;
            reps = Math.max(reps, nanos.length);
        }
        long calls = batches * n;
        b.nanos().forEach((op, nanos) -> {
            out.add(RttStatistics.of(op, nanos, n));
            cpu.addAll(CpuPass.of(
                    op,
                    b.clientCpu().get(op),
                    b.serverCpu().get(op),
                    b.proxyCpu().get(op),
                    n));
        });
        if (ctx.payloads().isEmpty() && out.size() == ctx.labels().size()) {
            out.add(geomean(out));
            cpu.addAll(CpuPass.geomeans(cpu, primitiveLabels()));
        }
        return new PassResult(
                out,
                cpu,
                b.waitKnown() && b.waitCalls() > 0 ? b.waitNanos() / 1e3 / b.waitCalls() : Double.NaN,
                calls > 0 ? (double) totalNanos / calls : Double.NaN,
                reps,
                n);
    }

    private static RttStatistics geomean(List<RttStatistics> perType) {
        List<RttStatistics> primitives = new ArrayList<>();
        for (Operation op : Operation.all()) {
            if (op.primitive())
                perType.stream()
                        .filter(r -> r.operation().equals(op.label()))
                        .findFirst()
                        .ifPresent(primitives::add);
        }
        return RttStatistics.geometricMean("primitives-geomean", primitives);
    }

    private static List<String> primitiveLabels() {
        return Operation.all().stream()
                .filter(Operation::primitive)
                .map(Operation::label)
                .toList();
    }
}
