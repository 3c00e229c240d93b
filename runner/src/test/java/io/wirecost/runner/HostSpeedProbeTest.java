package io.wirecost.runner;

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
}
