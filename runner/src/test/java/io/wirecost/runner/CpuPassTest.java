package io.wirecost.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class CpuPassTest {

    // 6 batches of 10 calls; the client's slowest batch is the 2nd, the proxy's the 5th (a GC, say)
    private static final long[] CLIENT = {1000, 9000, 1100, 1050, 1020, 1080};
    private static final long[] SERVER = {2000, 2100, 2050, 1990, 2020, 2080};
    private static final long[] PROXY = {500, 510, 520, 505, 4500, 515};

    @Test
    void allIsTheProcessesSummedBatchByBatch() {
        Map<String, CpuStatistics> byRole = byRole(CpuPass.of("int", CLIENT, SERVER, PROXY, 10));
        assertEquals(List.of("client", "server", "proxy", "all"), List.copyOf(byRole.keySet()));
        List<Double> all = byRole.get("all").batchMicros();
        assertEquals(6, all.size());
        for (int i = 0; i < 6; i++) {
            double parts = byRole.get("client").batchMicros().get(i)
                    + byRole.get("server").batchMicros().get(i)
                    + byRole.get("proxy").batchMicros().get(i);
            assertEquals(parts, all.get(i), 1e-9, "batch " + i);
        }
        // in the order taken, extremes included
        double[] client = {0.1, 0.9, 0.11, 0.105, 0.102, 0.108};
        for (int i = 0; i < 6; i++)
            assertEquals(client[i], byRole.get("client").batchMicros().get(i), 1e-12);
        assertEquals(60, byRole.get("all").invocations());
    }

    @Test
    void allsMeanDropsItsOwnExtremesSoItIsNotTheSumOfTheRolesMeans() {
        Map<String, CpuStatistics> byRole = byRole(CpuPass.of("int", CLIENT, SERVER, PROXY, 10));
        double parts = byRole.get("client").meanMicros()
                + byRole.get("server").meanMicros()
                + byRole.get("proxy").meanMicros();
        // each role drops its own spike; all can drop only one of the two batches that hold them, and keeps 7,540 ns
        assertEquals(0.10625 + 0.20375 + 0.05125, parts, 1e-9);
        assertEquals(
                (3545 + 3670 + 3675 + 7540) / 4.0 / 10 / 1000, byRole.get("all").meanMicros(), 1e-9);
    }

    @Test
    void aRoleThatCouldNotBeReadLeavesAllOut() {
        long[] unread = {-1, -1, -1, -1, -1, -1};
        Map<String, CpuStatistics> byRole = byRole(CpuPass.of("int", CLIENT, SERVER, unread, 10));
        assertEquals(List.of("client", "server"), List.copyOf(byRole.keySet()));
    }

    private static Map<String, CpuStatistics> byRole(List<CpuStatistics> stats) {
        return stats.stream()
                .collect(Collectors.toMap(
                        CpuStatistics::role, Function.identity(), (a, b) -> a, java.util.LinkedHashMap::new));
    }
}
