package io.wirecost.cli.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Clopper-Pearson intervals against R's binom.test(x, n)$conf.int. */
class ProportionTest {

    @Test
    void matchesBinomTest() {
        Proportion p = Proportion.of(1, 20);
        assertEquals(0.001265, p.low(), 1e-5);
        assertEquals(0.248726, p.high(), 1e-5);
        Proportion none = Proportion.of(0, 20);
        assertEquals(0.0, none.low());
        assertEquals(0.168433, none.high(), 1e-5);
        Proportion all = Proportion.of(10, 10);
        assertEquals(0.691503, all.low(), 1e-5);
        assertEquals(1.0, all.high());
    }
}
