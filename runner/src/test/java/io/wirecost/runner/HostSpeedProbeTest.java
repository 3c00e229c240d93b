package io.wirecost.runner;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The host's speed probe gives a positive, finite figure, again and again; no bound on the figure or the time it takes (timed unit tests are not how this project checks speed).
 */
class HostSpeedProbeTest {

    @Test
    void aPositiveFiniteFigureEachTime() {
        HostSpeedProbe probe = new HostSpeedProbe(20_000_000L);
        double one = probe.megabytesPerSecond();
        double two = probe.megabytesPerSecond();
        assertTrue(Double.isFinite(one) && one > 0, "MB/s " + one);
        assertTrue(Double.isFinite(two) && two > 0, "MB/s " + two);
    }

    /**
     * The warm-up started beside the scenario JVMs' start is over once awaited, the first figure follows it, and a
     * warm probe starts no second warm-up.
     */
    @Test
    void aWarmUpStartedBesideIsOverWhenAwaitedAndNotRepeated() {
        HostSpeedProbe probe = new HostSpeedProbe(20_000_000L);
        probe.warmUpBeside();
        assertTrue(warmingUp(), "the warm-up runs on a thread of its own");
        probe.awaitWarmUp();
        assertFalse(warmingUp(), "awaited, the warm-up is over");
        double one = probe.megabytesPerSecond();
        assertTrue(Double.isFinite(one) && one > 0, "MB/s " + one);
        probe.warmUpBeside();
        assertFalse(warmingUp(), "a warm probe warms up no more");
    }

    private static boolean warmingUp() {
        return Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.isAlive() && t.getName().equals("wirecost-host-speed-warm-up"));
    }
}
