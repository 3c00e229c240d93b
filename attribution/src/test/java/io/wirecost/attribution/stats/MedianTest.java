package io.wirecost.attribution.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MedianTest {

    @Test
    void oddCountIsTheMiddleValue() {
        assertEquals(2.0, Median.of(new double[] {3, 1, 2}));
        assertEquals(7L, Median.of(new long[] {9, 7, 1}));
    }

    @Test
    void evenCountIsTheMeanOfTheTwoMiddleValues() {
        assertEquals(2.5, Median.of(new double[] {4, 1, 3, 2}));
        assertEquals(2.5, Median.ofSorted(new double[] {1, 2, 3, 4}));
    }

    @Test
    void evenCountOfLongsRoundsTowardZero() {
        assertEquals(2L, Median.of(new long[] {4, 1, 3, 2}));
        assertEquals(-2L, Median.of(new long[] {-4, -1, -3, -2}));
    }

    @Test
    void noValuesIsNaNOrAnErrorForLongs() {
        assertTrue(Double.isNaN(Median.of(new double[0])));
        assertTrue(Double.isNaN(Median.ofSorted(new double[0])));
        assertThrows(IllegalArgumentException.class, () -> Median.of(new long[0]));
    }

    @Test
    void theInputIsNotSorted() {
        double[] d = {3, 1, 2};
        long[] l = {3, 1, 2};
        Median.of(d);
        Median.of(l);
        assertArrayEquals(new double[] {3, 1, 2}, d);
        assertArrayEquals(new long[] {3, 1, 2}, l);
    }
}
