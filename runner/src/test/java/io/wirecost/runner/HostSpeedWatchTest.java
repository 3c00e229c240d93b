package io.wirecost.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.PrimitiveIterator;
import java.util.stream.DoubleStream;
import org.junit.jupiter.api.Test;

/**
 * The runner's watch over a scenario's timed pass, on scripted probes and passes that only count: timed again where
 * the host moved, the timing whose probes agree kept, the run's reference carried to the next scenario, one line said
 * each time.
 */
class HostSpeedWatchTest {

    private final List<String> said = new ArrayList<>();
    private int timings;

    private static HostSpeedWatch scripted(double... probes) {
        PrimitiveIterator.OfDouble it = DoubleStream.of(probes).iterator();
        return new HostSpeedWatch(it::nextDouble);
    }

    private HostSpeedWatch.Watched<Integer> watch(HostSpeedWatch w) throws Exception {
        return w.watch(() -> ++timings, t -> false, said::add);
    }

    @Test
    void aSteadyHostIsTimedOnceAndNothingSaid() throws Exception {
        HostSpeedWatch.Watched<Integer> w = watch(scripted(1180, 1170));
        assertEquals(1, w.kept());
        assertEquals(new HostSpeed(1180, 1170, 1180, 1), w.speed());
        assertTrue(said.isEmpty(), said.toString());
    }

    @Test
    void aFlipDuringThePassIsTimedAgainAndTheSteadyTimingKept() throws Exception {
        HostSpeedWatch w = scripted(1180, 700, 1190, 1180, 1185, 1175);
        HostSpeedWatch.Watched<Integer> first = watch(w);
        assertEquals(2, first.kept(), "the second timing, whose probes agree");
        assertEquals(new HostSpeed(1190, 1180, 1190, 2), first.speed());
        assertEquals(
                List.of("the host's speed moved while it was timed (host reference (AES-GCM, one core) 1180 → 700"
                        + " MB/s): timing it again"),
                said);
        // the next scenario is compared with the run's reference, the first pass the host held still across
        assertEquals(1190, watch(w).speed().runReference());
    }

    @Test
    void aHostThatStaysInItsOtherStateIsTimedTwiceAndFlagged() throws Exception {
        HostSpeedWatch w = scripted(1180, 1170, 700, 710, 705, 700);
        watch(w);
        said.clear();
        HostSpeedWatch.Watched<Integer> slow = watch(w);
        assertEquals(2, slow.speed().attempts());
        assertFalse(slow.speed().agrees());
        assertEquals(1180, slow.speed().runReference());
        assertEquals(2, said.size(), said.toString());
        assertTrue(said.get(1).startsWith("measured while the host's speed changed ("), said.get(1));
    }

    /** --quick's watch (no budget for timing again): a flip is flagged on the one timing, and said once. */
    @Test
    void withoutABudgetAFlipIsFlaggedNotTimedAgain() throws Exception {
        PrimitiveIterator.OfDouble it = DoubleStream.of(1180, 700).iterator();
        HostSpeedWatch.Watched<Integer> w = watch(new HostSpeedWatch(it::nextDouble, 0));
        assertEquals(1, timings, "timed once");
        assertEquals(1, w.speed().attempts());
        assertFalse(w.speed().agrees());
        assertEquals(1, said.size(), said.toString());
        assertTrue(said.get(0).startsWith("measured while the host's speed changed ("), said.get(0));
    }

    @Test
    void aPassWhoseJvmFailedIsKeptAsItStands() throws Exception {
        HostSpeedWatch.Watched<Integer> w = scripted(1180, 700).watch(() -> ++timings, t -> true, said::add);
        assertEquals(1, w.kept());
        assertEquals(1, timings, "not timed again");
        assertTrue(said.isEmpty());
    }
}
