package io.wirecost.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class SettleTest {

    @Test
    void aPaceStillFallingHasNotSettled() {
        // the JIT at work: each chunk 5 % faster than the one before
        assertFalse(Settle.settled(List.of(100.0, 95.0, 90.0, 85.5, 81.2, 77.2, 73.3, 69.6, 66.2)));
    }

    @Test
    void aFlatPaceHasSettled() {
        assertTrue(Settle.settled(List.of(300.0, 120.0, 41.0, 40.0, 41.5, 40.5, 40.2, 41.0, 40.6, 40.1)));
    }

    @Test
    void fewerChunksThanTwoWindowsNeverSettle() {
        assertFalse(Settle.settled(List.of(40.0, 40.0, 40.0, 40.0, 40.0, 40.0, 40.0)));
        assertFalse(Settle.settled(List.of()));
    }

    @Test
    void oneSlowChunkIsInterferenceButTwoOrAFastOneKeepWarmingUp() {
        // one chunk 15 % above the others: interference only slows, so it is left out
        assertTrue(Settle.settled(List.of(40.0, 40.0, 40.0, 40.0, 40.0, 40.0, 46.0, 40.0)));
        // two: the window does not agree within 10 %
        assertFalse(Settle.settled(List.of(40.0, 40.0, 40.0, 40.0, 40.0, 46.0, 46.0, 40.0)));
        // a chunk 15 % faster than the rest counts: the pace may still be moving
        assertFalse(Settle.settled(List.of(40.0, 40.0, 40.0, 40.0, 40.0, 40.0, 34.0, 40.0)));
        // tcp, 2026-11-26, half-second chunks, its JIT quiet (0.3 %): chunks 7 to 14, one of them 10 % slower than the
        // other three; the rule with every chunk counted waited 23 more chunks, until the machine's noise passed
        List<Double> tcp = List.of(17.7, 18.7, 19.7, 16.7, 16.9, 17.6, 18.4, 19.8);
        assertTrue(Settle.settled(tcp, 0.5));
    }

    @Test
    void aSlowTrendHiddenByNoiseInOneWindowShowsBetweenTwo() {
        // ws-security, 2026-11-24: the last four chunks agree within 7 %, but the four before were 14 % slower
        List<Double> paces =
                List.of(24998.0, 22381.0, 20430.0, 19927.0, 17727.0, 17177.0, 14502.0, 14046.0, 13539.0, 14170.0);
        assertFalse(Settle.settled(paces));
        // a residual trend within 3 % between the windows counts as settled
        assertTrue(Settle.settled(List.of(41.0, 41.5, 40.5, 41.0, 40.2, 40.0, 40.4, 39.9)));
        assertFalse(Settle.settled(List.of(42.0, 42.5, 41.5, 42.0, 40.2, 40.0, 40.4, 39.9))); // 4.5 % faster
    }

    @Test
    void theTrendAllowedIsPerSecondSoHalfSecondChunksAllowHalf() {
        // the later window 2.4 % faster than the earlier: settled for one-second chunks (1.2 % a second), not for
        // half-second ones (2.4 % a second)
        List<Double> paces = List.of(41.0, 41.0, 41.0, 41.0, 40.0, 40.0, 40.0, 40.0);
        assertTrue(Settle.settled(paces, 1));
        assertTrue(Settle.settled(paces));
        assertFalse(Settle.settled(paces, 0.5));
        // flat within 1 %: settled at either length
        List<Double> flat = List.of(40.3, 40.4, 40.2, 40.3, 40.0, 40.1, 40.0, 40.2);
        assertTrue(Settle.settled(flat, 0.5));
    }

    @Test
    void batchesGrowWithTheSquareRootOfTheShortfallUpToForty() {
        assertEquals(12, Settle.batchesFor(1_000, 12));
        assertEquals(12, Settle.batchesFor(5_000, 12));
        assertEquals(17, Settle.batchesFor(500, 12)); // 12 x sqrt(2) = 16.97
        assertEquals(38, Settle.batchesFor(100, 12)); // 12 x sqrt(10) = 37.9
        assertEquals(40, Settle.batchesFor(25, 12));
        assertEquals(40, Settle.batchesFor(5, 12));
    }

    private static CpuStatistics geomean(String role, double micros) {
        return new CpuStatistics(
                "primitives-geomean", role, new Estimate(micros, micros * 0.9, micros * 1.1, 9), 12_000, List.of());
    }

    @Test
    void theProfiledPassLastsUntilEveryRoleExpectsTheSampleBudget() {
        // ws-security: 3,300 µs client, 3,600 server a call; 1 ms sampling: 5,000 samples need 1,516 client calls
        List<CpuStatistics> wss = List.of(geomean("client", 3300), geomean("server", 3600), geomean("all", 6900));
        assertEquals(
                7,
                Settle.profiledBatches(wss, 1_000_000, Settle.SAMPLE_BUDGET, 28, 8, 40, 200)); // 1,516 / (28 x 8) = 6.8
        // rmi: 8 µs a call per role: 625,000 calls needed, 78 batches of 1,000 x 8; at most 5 x 12
        List<CpuStatistics> rmi = List.of(geomean("client", 8), geomean("server", 9));
        assertEquals(60, Settle.profiledBatches(rmi, 1_000_000, Settle.SAMPLE_BUDGET, 1_000, 8, 12, 60));
        // corba: 40 µs a call: 125,000 calls, 16 batches, beyond the timed pass's 12
        assertEquals(
                16,
                Settle.profiledBatches(
                        List.of(geomean("client", 40), geomean("server", 40)),
                        1_000_000,
                        Settle.SAMPLE_BUDGET,
                        1_000,
                        8,
                        12,
                        60));
        // a slow call at a coarse interval still gets three batches
        assertEquals(
                3,
                Settle.profiledBatches(
                        List.of(geomean("client", 100_000), geomean("server", 100_000)),
                        1_000_000,
                        Settle.SAMPLE_BUDGET,
                        28,
                        8,
                        40,
                        200));
        // no CPU figures (not readable here): the timed pass's count
        assertEquals(40, Settle.profiledBatches(List.of(), 1_000_000, Settle.SAMPLE_BUDGET, 28, 8, 40, 200));
    }

    @Test
    void theProfiledPassScalesTheSamplesItCountedToTheBudget() {
        // grpc at 1 ms: 3 batches of 1,000 calls x 8 types gave the client 2,100 samples, the server 2,300:
        // 5,000 need 3 x 5,000 / 2,100 = 7.1 batches, so 8
        assertEquals(8, Settle.profiledBatchesFromSamples(new long[] {2_100, 2_300}, Settle.SAMPLE_BUDGET, 3, 12, 60));
        // tcp: 500 samples in 3 batches need 32 (5,000 x 3 / 480 = 31.25), more than the timed pass's 12
        assertEquals(32, Settle.profiledBatchesFromSamples(new long[] {500, 480}, Settle.SAMPLE_BUDGET, 3, 12, 60));
        // a very fast call at a coarse interval: at most five times the timed pass's batches
        assertEquals(60, Settle.profiledBatchesFromSamples(new long[] {50, 60}, Settle.SAMPLE_BUDGET, 3, 12, 60));
        // already over the budget: the batches done are enough
        assertEquals(
                3, Settle.profiledBatchesFromSamples(new long[] {9_000, 12_000}, Settle.SAMPLE_BUDGET, 3, 40, 200));
        // no sample at all (a profiler that did not start): the timed pass's count
        assertEquals(12, Settle.profiledBatchesFromSamples(new long[] {0, 4_000}, Settle.SAMPLE_BUDGET, 3, 12, 60));
        // a profiler that does not count (JFR): unknown, the caller estimates from CPU
        assertEquals(-1, Settle.profiledBatchesFromSamples(new long[] {-1, 4_000}, Settle.SAMPLE_BUDGET, 3, 12, 60));
        // --quick's half budget: grpc's 2,100 samples in 3 batches need 4 (2,500 x 3 / 2,100 = 3.6), not 8
        assertEquals(
                4, Settle.profiledBatchesFromSamples(new long[] {2_100, 2_300}, Settle.QUICK_SAMPLE_BUDGET, 3, 12, 60));
        // and 2,600 samples already meet it
        assertEquals(
                3, Settle.profiledBatchesFromSamples(new long[] {2_600, 2_700}, Settle.QUICK_SAMPLE_BUDGET, 3, 12, 60));
    }

    @Test
    void profiledBatchesAreAsLongAsTheSampleBudgetNeedsAndNoLongerThanTheTimedOnes() {
        // ws-literal at 250 µs: client 70 µs, server 80 µs a call; 5,000 client samples by that CPU need 17,857
        // calls, half of it (a profiled call burns at least twice the CPU) over 3 batches x 8 types: 373 a batch
        List<CpuStatistics> wsLiteral = List.of(geomean("client", 70), geomean("server", 80), geomean("all", 150));
        assertEquals(373, Settle.profiledInvocations(wsLiteral, 250_000, Settle.SAMPLE_BUDGET, 1_000, 8, 100));
        // but never shorter than the harness's minimum batch
        assertEquals(400, Settle.profiledInvocations(wsLiteral, 250_000, Settle.SAMPLE_BUDGET, 1_000, 8, 400));
        // at 1 ms four times the calls, more than the timed pass's 1,000: the timed size
        assertEquals(1_000, Settle.profiledInvocations(wsLiteral, 1_000_000, Settle.SAMPLE_BUDGET, 1_000, 8, 100));
        // tcp: 3 µs a call needs more calls than the timed pass's batches hold: the timed size
        List<CpuStatistics> tcp = List.of(geomean("client", 3), geomean("server", 3));
        assertEquals(1_000, Settle.profiledInvocations(tcp, 250_000, Settle.SAMPLE_BUDGET, 1_000, 8, 3_334));
        // CPU per call unknown: the timed size
        assertEquals(22, Settle.profiledInvocations(List.of(), 250_000, Settle.SAMPLE_BUDGET, 22, 8, 5));
        // ws-security: 4,000 µs a call; 313 calls, 7 a batch, at least 5 (50 ms at 10 ms a call), at most the timed 22
        List<CpuStatistics> wss = List.of(geomean("client", 4_000), geomean("server", 4_000));
        assertEquals(7, Settle.profiledInvocations(wss, 250_000, Settle.SAMPLE_BUDGET, 22, 8, 5));
    }

    @Test
    void theJitsShareIsItsCpuOverTheLastFourChunksWallTime() {
        // five chunks of a second; the compiler threads used 0.9 s in the first, then 0.3 s in all of the last four
        List<Long> wall = List.of(1_000_000_000L, 1_000_000_000L, 1_000_000_000L, 1_000_000_000L, 1_000_000_000L);
        List<Long> compiled =
                List.of(5_000_000_000L, 5_900_000_000L, 6_000_000_000L, 6_100_000_000L, 6_150_000_000L, 6_200_000_000L);
        assertEquals(7.5, Settle.compilePercent(wall, compiled), 1e-9);
        assertTrue(Settle.compilePercent(wall, compiled) > Settle.QUIET_COMPILE_PERCENT, "still compiling");
        // a quiet JIT
        List<Long> quiet = List.of(0L, 900_000_000L, 900_000_000L, 910_000_000L, 920_000_000L, 930_000_000L);
        assertEquals(0.75, Settle.compilePercent(wall, quiet), 1e-9);
    }

    @Test
    void theJitsShareIsJudgedOverFourSecondsWhateverTheChunk() {
        assertEquals(4, Settle.compileWindow(1));
        assertEquals(8, Settle.compileWindow(0.5));
        // eight half-second chunks; one compile of 150 ms in the last: 7.5 % of 2 s, but 3.75 % of 4 s
        List<Long> wall = java.util.Collections.nCopies(8, 500_000_000L);
        List<Long> compiled = List.of(0L, 0L, 0L, 0L, 0L, 0L, 0L, 0L, 150_000_000L);
        assertEquals(7.5, Settle.compilePercent(wall, compiled, 4), 1e-9);
        assertEquals(3.75, Settle.compilePercent(wall, compiled, 8), 1e-9);
    }

    @Test
    void theJitsShareIsUnknownWithTooFewChunksOrAnUnreadableCount() {
        assertTrue(Double.isNaN(Settle.compilePercent(List.of(1L, 1L, 1L), List.of(0L, 0L, 0L, 0L))));
        assertTrue(Double.isNaN(Settle.compilePercent(List.of(1L, 1L, 1L, 1L), List.of(-1L, -1L, -1L, -1L, -1L))));
        // unknown is not quiet: the warm-up goes on pinned
        assertFalse(Settle.compilePercent(List.of(1L), List.of(0L, 0L)) <= Settle.QUIET_COMPILE_PERCENT);
    }
}
