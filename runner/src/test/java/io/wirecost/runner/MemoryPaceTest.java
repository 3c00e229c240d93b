package io.wirecost.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The runner's memory probe: its windows, and its figures on this machine. */
class MemoryPaceTest {

    private static final long S = 1_000_000_000L;

    @Test
    void comparesTheLastTenthOfALongSpanWithTheFirst() {
        MemoryPace pace = new MemoryPace();
        // 200 s at 10 rounds a second: 100 ns per load for the first 100 s, 120 after; windows of 20 s
        for (int i = 0; i < 2000; i++) pace.record(i * S / 10, i < 1000 ? 100 + i % 3 : 120 + i % 3);
        Estimate drift = pace.drift(0, 200 * S);
        assertEquals(1.2, drift.value(), 0.01);
        assertTrue(drift.low() > 1.15 && drift.high() < 1.25, drift.toString());
        // a short span: thirds, so a change in the middle third is not seen
        MemoryPace shortSpan = new MemoryPace();
        for (int i = 0; i < 90; i++) shortSpan.record(i * S / 10, i >= 30 && i < 60 ? 200 : 100 + i % 2);
        assertEquals(1.0, shortSpan.drift(0, 9 * S).value(), 0.02);
    }

    @Test
    void tooFewRoundsGiveNoFigure() {
        MemoryPace pace = new MemoryPace();
        pace.record(0, 100);
        pace.record(S, 100);
        pace.record(9 * S, 100);
        assertNull(pace.drift(0, 10 * S));
    }

    @Test
    void probesThisMachinesMemoryAboutTenTimesASecond() throws Exception {
        long from = System.nanoTime();
        MemoryPace pace = MemoryPace.start();
        assertNotNull(pace, "this JDK reads a thread's CPU time");
        try {
            Thread.sleep(1_500);
        } finally {
            pace.close();
        }
        double[] rounds = pace.between(from, System.nanoTime());
        // 1.5 s at one round per 100 ms and a few ms each; a loaded CI machine may delay some
        assertTrue(rounds.length >= 5 && rounds.length <= 16, Arrays.toString(rounds));
        // a dependent load costs at least a cache hit and far less than a microsecond
        assertTrue(Arrays.stream(rounds).allMatch(x -> x >= 0.5 && x < 2_000), Arrays.toString(rounds));
    }
}
