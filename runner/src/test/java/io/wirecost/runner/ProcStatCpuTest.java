package io.wirecost.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The proxy's CPU from /proc/PID/stat, and CpuPass counting it in role proxy and in all. */
class ProcStatCpuTest {

    @Test
    void utimePlusStimeAfterACommandNameWithBlanksAndParentheses() {
        // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime ...
        String stat = "4242 (a) b (c) S 1 4242 4242 0 -1 4194560 100 0 0 0 37 5 0 0 20 0 3 0 99 0 0";
        assertEquals(42, ProcStatCpu.parse(stat));
    }

    @Test
    void readsARealProcessAndCountsItsWork() {
        ProcStatCpu self = ProcStatCpu.ofProxy(Map.of(
                ProcStatCpu.PROXY_PID_KEY,
                String.valueOf(ProcessHandle.current().pid())));
        long before = self.nanos();
        // 0.2 s of this thread's CPU (20 ticks), however long a loaded machine makes it take
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long spin = threads.getCurrentThreadCpuTime();
        double x = 0;
        while (threads.getCurrentThreadCpuTime() - spin < 200_000_000L) x += Math.sqrt(x + 1);
        assertTrue(x > 0);
        long after = self.nanos();
        assertTrue(after - before >= 180_000_000L, "0.2 s of work counted as " + (after - before) + " ns");
    }

    @Test
    void noProxyWhereTheEndpointNamesNoneOrAnEndedOne() {
        assertNull(ProcStatCpu.ofProxy(Map.of()));
        assertNull(ProcStatCpu.ofProxy(Map.of(ProcStatCpu.PROXY_PID_KEY, "-1")));
        assertNull(ProcStatCpu.ofProxy(Map.of(ProcStatCpu.PROXY_PID_KEY, "not a pid")));
        assertNull(ProcStatCpu.ofProxy(Map.of(ProcStatCpu.PROXY_PID_KEY, String.valueOf(Integer.MAX_VALUE))));
    }

    @Test
    void allSumsTheProxyWithBothJvmsBatchByBatch() {
        long[] client = {10_000, 11_000, 10_500, 10_200, 9_900};
        long[] server = {20_000, 20_500, 19_800, 20_100, 20_300};
        long[] proxy = {5_000, 5_100, 4_900, 5_050, 4_950};
        List<CpuStatistics> s = CpuPass.of("int", client, server, proxy, 10);
        assertEquals(
                List.of("client", "server", "proxy", "all"),
                s.stream().map(CpuStatistics::role).toList());
        double sum = s.get(0).meanMicros() + s.get(1).meanMicros() + s.get(2).meanMicros();
        assertEquals(sum, s.get(3).meanMicros(), 0.2); // min and max dropped per role: close, not equal
        // a proxy that could not be read: no all, which would read as the call's whole cost
        List<CpuStatistics> unread = CpuPass.of("int", client, server, new long[] {5_000, -1, 4_900, 5_050, 4_950}, 10);
        assertEquals(
                List.of("client", "server"),
                unread.stream().map(CpuStatistics::role).toList());
        // no proxy: client and server, as before
        assertEquals(
                List.of("client", "server", "all"),
                CpuPass.of("int", client, server, null, 10).stream()
                        .map(CpuStatistics::role)
                        .toList());
    }
}
