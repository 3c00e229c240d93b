package io.wirecost.runner;

import java.util.ArrayList;
import java.util.List;

/** Turns the per-batch CPU readings of both JVMs into CPU per call for client, server and both. */
final class CpuPass {

    private CpuPass() {}

    /** The roles a scenario's CPU per call can have: its processes, then their sum. */
    static final List<String> ROLES = List.of("client", "server", "proxy", "all");

    /**
     * Client, server, proxy (where a process between them carries every call, else null) and all (the
     * processes summed batch by batch, so the interval keeps their covariance). A role whose process could
     * not be read (-1) is left out, and then so is all: an all without one of the call's processes would
     * read as the whole cost.
     */
    static List<CpuStatistics> of(String op, long[] client, long[] server, long[] proxy, int perBatch) {
        List<CpuStatistics> out = new ArrayList<>();
        boolean c = readable(client);
        boolean s = readable(server);
        boolean p = proxy == null || readable(proxy);
        if (c) out.add(CpuStatistics.of(op, "client", client, perBatch));
        if (s) out.add(CpuStatistics.of(op, "server", server, perBatch));
        if (proxy != null && p) out.add(CpuStatistics.of(op, "proxy", proxy, perBatch));
        if (c && s && p) {
            long[] all = new long[client.length];
            for (int i = 0; i < all.length; i++) all[i] = client[i] + server[i] + (proxy == null ? 0 : proxy[i]);
            out.add(CpuStatistics.of(op, "all", all, perBatch));
        }
        return out;
    }

    /** The primitives' geometric mean per role, as seed 002 summarises round trips. */
    static List<CpuStatistics> geomeans(List<CpuStatistics> perType, List<String> primitives) {
        List<CpuStatistics> out = new ArrayList<>();
        for (String role : ROLES) {
            List<CpuStatistics> parts = perType.stream()
                    .filter(x -> x.role().equals(role) && primitives.contains(x.operation()))
                    .toList();
            if (parts.size() != primitives.size()) continue;
            out.add(new CpuStatistics(
                    "primitives-geomean",
                    role,
                    Estimate.geometricMean(
                            parts.stream().map(CpuStatistics::perCallMicros).toList()),
                    parts.stream().mapToLong(CpuStatistics::invocations).sum(),
                    List.of()));
        }
        return out;
    }

    private static boolean readable(long[] nanos) {
        for (long n : nanos) if (n < 0) return false;
        return true;
    }
}
