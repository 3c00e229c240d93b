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

    /** One-sided bounds against R's binom.test(x, n, alternative = "less" / "greater")$conf.int. */
    @Test
    void oneSidedBoundsMatchBinomTest() {
        assertEquals(0.04950, Proportion.of(0, 59).atMost(), 1e-5); // 1 - 0.05^(1/59)
        assertEquals(0.06061, Proportion.of(0, 59).high(), 1e-5); // two-sided: not yet under 5 %
        assertEquals(0.90186, Proportion.of(29, 29).atLeast(), 1e-5); // 0.05^(1/29)
        assertEquals(0.216106, Proportion.of(1, 20).atMost(), 1e-5);
        assertEquals(0.002561, Proportion.of(1, 20).atLeast(), 1e-5);
        assertEquals(0.0, Proportion.of(0, 20).atLeast());
        assertEquals(1.0, Proportion.of(20, 20).atMost());
    }
}
