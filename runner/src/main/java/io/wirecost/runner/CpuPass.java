package io.wirecost.runner;

import java.util.ArrayList;
import java.util.List;

/** Turns the per-batch CPU readings of both JVMs into CPU per call for client, server and both. */
final class CpuPass {

    private CpuPass() {}

    /**
     * Client, server and all (the two summed batch by batch, so the interval keeps their covariance). A
     * role whose JVM could not read its CPU time (-1) is left out, and then so is all.
     */
    static List<CpuStatistics> of(String op, long[] client, long[] server, int perBatch) {
        List<CpuStatistics> out = new ArrayList<>();
        boolean c = readable(client);
        boolean s = readable(server);
        if (c) out.add(CpuStatistics.of(op, "client", client, perBatch));
        if (s) out.add(CpuStatistics.of(op, "server", server, perBatch));
        if (c && s) {
            long[] all = new long[client.length];
            for (int i = 0; i < all.length; i++) all[i] = client[i] + server[i];
            out.add(CpuStatistics.of(op, "all", all, perBatch));
        }
        return out;
    }

    /** The primitives' geometric mean per role, as seed 002 summarises round trips. */
    static List<CpuStatistics> geomeans(List<CpuStatistics> perType, List<String> primitives) {
        List<CpuStatistics> out = new ArrayList<>();
        for (String role : List.of("client", "server", "all")) {
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
