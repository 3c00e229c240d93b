package io.wirecost.diff;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Holm's step-down procedure on p-values whose rejections are worked out by hand (and agree with R's p.adjust(method = "holm")). */
class HolmTest {

    record Case(String why, double alpha, double[] p, boolean[] rejected) {
        @Override
        public String toString() {
            return why;
        }
    }

    static Stream<Case> cases() {
        double nan = Double.NaN;
        return Stream.of(
                new Case(
                        "steps down until the first acceptance: 0.005<=0.05/4, 0.01<=0.05/3, 0.03>0.05/2 stops",
                        0.05,
                        new double[] {0.01, 0.04, 0.03, 0.005},
                        new boolean[] {true, false, false, true}),
                new Case(
                        "a later p under its own bound (0.045 <= 0.05/1) is not rejected after an acceptance (0.03 > 0.05/3)",
                        0.05,
                        new double[] {0.03, 0.04, 0.045},
                        new boolean[] {false, false, false}),
                new Case("all rejected when each meets alpha/(m-k)", 0.05, new double[] {0.02, 0.02}, new boolean[] {
                    true, true
                }),
                new Case(
                        "uncorrected 5 % would reject all three, Holm none",
                        0.05, new double[] {0.03, 0.03, 0.03}, new boolean[] {false, false, false}),
                new Case(
                        "the bound is inclusive: p = alpha/m is rejected",
                        0.05,
                        new double[] {0.025, 0.5},
                        new boolean[] {true, false}),
                new Case(
                        "NaN (no test) is neither rejected nor counted in m",
                        0.05,
                        new double[] {nan, 0.04, nan},
                        new boolean[] {false, true, false}),
                new Case("a stricter level rejects less", 0.01, new double[] {0.003, 0.004, 0.2}, new boolean[] {
                    true, true, false
                }),
                new Case(
                        "one hundred lines: only p <= 0.0005 survives first", 0.05, hundred(0.0004), hundredRejected()),
                new Case("empty family", 0.05, new double[0], new boolean[0]));
    }

    private static double[] hundred(double first) {
        double[] p = new double[100];
        java.util.Arrays.fill(p, 0.04);
        p[0] = first;
        return p;
    }

    private static boolean[] hundredRejected() {
        boolean[] r = new boolean[100];
        r[0] = true;
        return r;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void rejects(Case c) {
        assertArrayEquals(c.rejected(), Holm.reject(c.p(), c.alpha()), c.why());
    }
}
