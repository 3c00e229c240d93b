package io.wirecost.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The host's speed probe gives a positive, finite figure and remembers the run's first; no bound on the figure or
 * the time it takes (timed unit tests are not how this project checks speed).
 */
class HostSpeedProbeTest {

    @Test
    void aPositiveFiniteFigureAndTheFirstKept() {
        HostSpeedProbe probe = new HostSpeedProbe(20_000_000L);
        assertTrue(Double.isNaN(probe.first()), "nothing probed yet");
        double one = probe.megabytesPerSecond();
        double two = probe.megabytesPerSecond();
        assertTrue(Double.isFinite(one) && one > 0, "MB/s " + one);
        assertTrue(Double.isFinite(two) && two > 0, "MB/s " + two);
        assertEquals(one, probe.first(), "the first figure is the run's reference");
    }
}
