package io.wirecost.scenarios;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The busy loop burns what is asked even when its calibration no longer holds: a rate measured in a burst of the
 * host's, or the loop slowed since by a busy hyperthread sibling. A loop of fixed length would burn half or one and
 * a half times what is asked here.
 */
class CpuBurnerTest {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /** CPU µs per burn, median of three measurements of 300 burns each. */
    private static double cpuMicrosPerBurn(CpuBurner burner, double micros) {
        double[] m = new double[3];
        for (int r = 0; r < m.length; r++) {
            long t0 = THREADS.getCurrentThreadCpuTime();
            for (int i = 0; i < 300; i++) burner.burn(micros);
            m[r] = (THREADS.getCurrentThreadCpuTime() - t0) / 1000.0 / 300;
        }
        Arrays.sort(m);
        return m[1];
    }

    @Test
    void burnsWhatIsAskedWhateverTheCalibration() {
        double rate = CpuBurner.calibrate().iterationsPerMicro();
        for (double factor : new double[] {0.5, 1.0, 1.5}) {
            double spent = cpuMicrosPerBurn(CpuBurner.withRate(rate * factor), 200);
            assertTrue(
                    Math.abs(spent - 200) < 20,
                    "asked 200 µs with the rate off by x" + factor + ", burnt " + spent + " µs");
        }
    }

    /** 2.3 µs is what `bench gate` injects into rmi (10 % of its CPU per call): the calibrated rate alone decides. */
    @Test
    void smallBurnsFollowTheCalibration() {
        double spent = cpuMicrosPerBurn(CpuBurner.calibrate(), 2.3);
        assertTrue(Math.abs(spent - 2.3) < 0.5, "asked 2.3 µs, burnt " + spent + " µs");
    }

    @Test
    void nothingAskedBurnsNothingMuch() {
        CpuBurner burner = CpuBurner.withRate(CpuBurner.calibrate().iterationsPerMicro());
        assertTrue(cpuMicrosPerBurn(burner, 0) < 5);
    }
}
