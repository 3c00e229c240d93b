package io.wirecost.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** When the runner times a scenario's pass again, which timing it keeps, and what it writes: pure on the probes. */
class HostSpeedTest {

    @Test
    void probesWithinTheirOwnSpreadAgreeAFlipDoesNot() {
        assertTrue(new HostSpeed(1180, 1250, 1200, 1).agrees(), "a few percent: the other CPU, the probe's spread");
        assertFalse(new HostSpeed(1180, 700, 1180, 1).agrees(), "the host flipped during the pass");
        assertFalse(new HostSpeed(700, 710, 1180, 1).agrees(), "steady, but at another speed than the run's reference");
        assertFalse(HostSpeed.apart(1000, 860));
        assertTrue(HostSpeed.apart(1000, 840));
        assertTrue(HostSpeed.apart(840, 1000), "symmetric: percent of the larger");
    }

    @Test
    void timedAgainOnceWhereTheProbesMovedAndTheBudgetAllows() {
        HostSpeed moved = new HostSpeed(1180, 700, 1180, 1);
        HostSpeed steady = new HostSpeed(1180, 1170, 1180, 1);
        assertTrue(HostSpeed.timeAgain(moved, 1, 10, HostSpeed.RETIME_BUDGET_SECONDS));
        assertFalse(HostSpeed.timeAgain(steady, 1, 10, HostSpeed.RETIME_BUDGET_SECONDS), "nothing moved");
        assertFalse(HostSpeed.timeAgain(moved, HostSpeed.MAX_ATTEMPTS, 10, 45), "timed as often as allowed");
        assertFalse(HostSpeed.timeAgain(moved, 1, 50, 45), "the pass would not fit the run's budget");
    }

    @Test
    void keptIsTheFirstTimingThatAgreesElseTheClosest() {
        HostSpeed flipped = new HostSpeed(1180, 700, 1180, 1);
        HostSpeed slow = new HostSpeed(760, 720, 1180, 2);
        HostSpeed steady = new HostSpeed(1170, 1180, 1180, 2);
        assertEquals(1, HostSpeed.kept(List.of(flipped, steady)));
        assertEquals(0, HostSpeed.kept(List.of(steady, flipped)));
        assertEquals(1, HostSpeed.kept(List.of(flipped, slow)), "none agree: the one whose probes are closest");
    }

    @Test
    void inWordsAndInResultsJson() throws Exception {
        assertEquals("host reference (AES-GCM, one core) 1180 → 700 MB/s", new HostSpeed(1180, 700, 1180, 1).words());
        assertEquals(
                "host reference (AES-GCM, one core) 700 → 710 MB/s, the run's 1180",
                new HostSpeed(700, 710, 1180, 2).words());
        assertEquals(
                "{\"before\":1180.5,\"after\":1170.0,\"run_reference\":1180.5,\"attempts\":2}",
                new ObjectMapper().writeValueAsString(new HostSpeed(1180.5, 1170, 1180.5, 2)));
    }

    @Test
    void theRunsFigureIsTheMedianOfEveryProbe() {
        assertEquals(
                1175,
                HostSpeed.runMedian(
                        Arrays.asList(new HostSpeed(1180, 1170, 1180, 1), null, new HostSpeed(1190, 700, 1180, 1))));
        assertTrue(Double.isNaN(HostSpeed.runMedian(List.of())), "not probed: unknown");
    }
}
