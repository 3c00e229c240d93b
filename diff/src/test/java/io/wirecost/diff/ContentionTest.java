package io.wirecost.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ContentionTest {

    private static List<RunData.Repetition> waits(double... micros) {
        return Arrays.stream(micros)
                .mapToObj(w -> new RunData.Repetition(1, Map.of(), Map.of(), Map.of(), Map.of(), w, -1))
                .toList();
    }

    @Test
    void sidesThatWaitedAlikeAreComparable() {
        assertTrue(
                Contention.unequal(waits(1.0, 1.2, 0.8), waits(1.1, 0.9, 1.3)).isEmpty());
    }

    @Test
    void aSideThatWaitedManyTimesLongerGetsNoVerdictWithBothFigures() {
        String why = Contention.unequal(waits(0.5, 0.6, 0.4), waits(12, 14, 10)).orElseThrow();
        assertEquals(
                "the sides met different contention for the CPU (run-queue wait per call 0.5 vs 12.0 µs): "
                        + "rerun both on a quieter machine or interleaved (run --interleave)",
                why);
    }

    @Test
    void aLargeRatioOfTinyWaitsIsNotADifference() {
        // 0.1 vs 1.5 µs: fifteen times, but 1.4 µs a call is within the 2 µs floor
        assertTrue(
                Contention.unequal(waits(0.1, 0.1, 0.1), waits(1.5, 1.5, 1.5)).isEmpty());
    }

    @Test
    void aLargeDifferenceWithinTwiceIsNotADifference() {
        assertTrue(Contention.unequal(waits(10, 10, 10), waits(19, 19, 19)).isEmpty());
        // a busy loop on the JVMs' CPU: 14 vs 34 µs a call
        assertTrue(Contention.unequal(waits(14, 14, 14), waits(34, 34, 34)).isPresent());
    }

    @Test
    void runsWithoutTheFigureAreNotJudgedOnIt() {
        assertTrue(Contention.unequal(waits(Double.NaN, Double.NaN, Double.NaN), waits(50, 50, 50))
                .isEmpty());
        assertTrue(Contention.unequal(waits(), waits(50)).isEmpty());
    }

    @Test
    void aCostIntervalWhollyBeyondHalfAgainIsMoreThanContentionExplains() {
        assertTrue(Contention.beyondContention(51, 80));
        assertFalse(Contention.beyondContention(49, 80), "the interval reaches down to +49 %");
        assertTrue(Contention.beyondContention(-60, -34), "a ratio below 1/1.5 is as far the other way");
        assertFalse(Contention.beyondContention(-60, -32));
        assertFalse(Contention.beyondContention(-5, 12));
    }
}
