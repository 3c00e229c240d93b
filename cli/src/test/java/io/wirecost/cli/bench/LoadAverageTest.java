package io.wirecost.cli.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The load line of the benches of scenario JVMs: their own load is not another's. */
class LoadAverageTest {

    @Test
    void onlyALoadAboveTheCoresSaysOtherWorkCompeted() {
        assertEquals(
                "load average (1 min): 1.6 before, 2.0 after, on 2 cores, the bench's own JVMs included",
                LoadAverage.line(1.6, 2.0, 2));
        assertEquals(
                "load average (1 min): 2.6 before, 1.9 after, on 2 cores, the bench's own JVMs included: more than the"
                        + " cores, so other work competed and the intervals hold its noise too",
                LoadAverage.line(2.6, 1.9, 2));
    }
}
