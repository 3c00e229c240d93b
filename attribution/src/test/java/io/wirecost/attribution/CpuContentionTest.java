package io.wirecost.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The contention decision on small made-up readings: each of its rules, and what the note says. */
class CpuContentionTest {

    private static final double[] SATURATED = {0.97, 0.99, 1.0, 0.98, 1.0};

    @Test
    void noCpuLoadEventsIsNoClaim() {
        CpuContention c = CpuContention.of(new double[0], new double[0], Map.of("main", 500L), Map.of("main", 3.0));
        assertEquals(CpuContention.Verdict.UNKNOWN, c.verdict());
        assertEquals("contention unknown: the recording has no jdk.CPULoad events", c.note());
    }

    @Test
    void otherProcessesOnASaturatedMachineAreContention() {
        double[] jvm = {0.5, 0.45, 0.5, 0.5, 0.52};
        // the case: 69/31 of the CPU, 81/19 of the samples
        CpuContention c = CpuContention.of(
                SATURATED, jvm, Map.of("busy-a", 810L, "busy-b", 190L), Map.of("busy-a", 6.9, "busy-b", 3.1));
        assertTrue(c.contended());
        assertEquals(99, c.machineCpuMedianPercent(), 1e-9);
        assertEquals(48, c.otherProcessesMedianPercent(), 1e-9);
        assertEquals(12, c.largestGapPoints(), 1e-9);
        assertEquals("busy-a", c.threads().get(0).thread());
        assertEquals(81, c.threads().get(0).samplesPercent(), 1e-9);
        assertEquals(69, c.threads().get(0).cpuTimePercent(), 1e-9);
        assertTrue(
                c.note()
                        .startsWith("CPU contended: shares from JFR execution samples are biased"
                                + " towards threads that were runnable but not running (machine CPU median 99 % over 5"
                                + " jdk.CPULoad events, other processes 48 %); busy-a 81 % of samples, 69 % of CPU time;"
                                + " busy-b 19 % of samples, 31 % of CPU time"),
                c.note());
    }

    @Test
    void aJvmThatSaturatesTheMachineAloneWithAgreeingSharesIsNotContention() {
        CpuContention c =
                CpuContention.of(SATURATED, SATURATED, Map.of("a", 700L, "b", 300L), Map.of("a", 7.1, "b", 2.9));
        assertEquals(CpuContention.Verdict.NOT_CONTENDED, c.verdict());
        assertEquals("", c.note());
        assertEquals(2, c.threads().size());
    }

    @Test
    void sharesThatDisagreeOnASaturatedMachineAreContentionEvenWithoutOtherProcesses() {
        // more busy threads than cores in the JVM itself
        CpuContention c =
                CpuContention.of(SATURATED, SATURATED, Map.of("a", 800L, "b", 200L), Map.of("a", 6.5, "b", 3.5));
        assertTrue(c.contended());
        assertEquals(15, c.largestGapPoints(), 1e-9);
    }

    @Test
    void aMachineBelowSaturationIsNotContentionWhateverRunsBeside() {
        double[] machine = {0.75, 0.8, 0.7};
        double[] jvm = {0.4, 0.4, 0.4};
        CpuContention c = CpuContention.of(machine, jvm, Map.of("a", 800L, "b", 200L), Map.of("a", 6.5, "b", 3.5));
        assertEquals(CpuContention.Verdict.NOT_CONTENDED, c.verdict());
        assertEquals(75, c.machineCpuMedianPercent(), 1e-9);
    }

    @Test
    void tooFewSamplesSayNothingAboutAGap() {
        CpuContention c =
                CpuContention.of(SATURATED, SATURATED, Map.of("a", 40L, "b", 10L), Map.of("a", 5.0, "b", 5.0));
        assertFalse(c.contended());
        assertEquals(0, c.largestGapPoints(), 1e-9);
    }

    @Test
    void threadsWithoutCpuLoadEventsAreLeftOutOfTheComparison() {
        double[] jvm = {0.5, 0.5, 0.5, 0.5, 0.5};
        CpuContention c = CpuContention.of(SATURATED, jvm, Map.of("a", 800L, "gone", 200L), Map.of("a", 6.5));
        assertTrue(c.contended());
        assertEquals(1, c.threads().size());
        assertEquals(100, c.threads().get(0).samplesPercent(), 1e-9);
        CpuContention none = CpuContention.of(SATURATED, jvm, Map.of("a", 800L), Map.of());
        assertTrue(none.note().contains("no jdk.ThreadCPULoad events to compare threads"), none.note());
    }
}
