package io.wirecost.cli.attach;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.wirecost.runner.Estimate;
import io.wirecost.runner.Repetitions;
import org.junit.jupiter.api.Test;

/** table.md's line for a profiled JVM's CPU per run of the command. */
class CpuPerRunLineTest {

    private static String line(double... runsMicros) {
        return ExternalRunWriter.cpuPerRun(
                new Repetitions.Figure("App", "command", "all", Estimate.mean(runsMicros), 1, runsMicros.length));
    }

    @Test
    void theMeanOverTheRunsWithItsInterval() {
        assertEquals(", CPU 3.000 s [1.758, 4.242] per run of the command (3 runs)", line(2.5e6, 3.0e6, 3.5e6));
    }

    /** Two runs far apart: Student's t with one degree of freedom reaches below zero, which no CPU time can. */
    @Test
    void anIntervalIsCutAtZero() {
        assertEquals(", CPU 0.070 s [0.000, 0.197] per run of the command (2 runs)", line(0.06e6, 0.08e6));
    }

    @Test
    void oneRunHasNoInterval() {
        assertEquals(", CPU 1.000 s per run of the command (1 run)", line(1e6));
    }
}
