package io.wirecost.cli.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The load line of the benches of scenario JVMs: their own load is not another's, the load before them is. */
class LoadAverageTest {

    @Test
    void onlyALoadBeforeTheBenchSaysOtherWorkRan() {
        assertEquals(
                "load average (1 min): 0.8 before, 2.1 after, on 2 cores, the bench's own JVMs included",
                LoadAverage.line(0.8, 2.1, 2));
        assertEquals(
                "load average (1 min): 1.6 before, 1.9 after, on 2 cores, the bench's own JVMs included: the machine was"
                        + " busy before the bench began, so the intervals hold other work's noise too",
                LoadAverage.line(1.6, 1.9, 2));
    }
}
