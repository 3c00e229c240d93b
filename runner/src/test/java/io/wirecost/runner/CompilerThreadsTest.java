package io.wirecost.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A real JVM, pinned as the runner pins it, whose compiler threads go to the other CPU and back. */
class CompilerThreadsTest {

    /** The child JVM: alive long enough to be looked at. */
    public static final class Idle {
        public static void main(String[] args) throws InterruptedException {
            Thread.sleep(30_000);
        }
    }

    @Test
    void aPinnedJvmsCompilerThreadsMoveToTheOtherCpuAndBackWhileItsOtherThreadsStay() throws Exception {
        BitSet allowed = CpuPinning.allowedCpus();
        // the project's machines have two CPUs or more; on one there is nowhere to move to (and nothing to test)
        assumeTrue(allowed.cardinality() >= 2, "needs two CPUs, this process may use " + allowed);
        int pinned = allowed.length() - 1;
        Integer compile = CpuPinning.compilerCpu(pinned);
        assertNotNull(compile, "a second CPU is allowed: " + allowed);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(
                        "taskset",
                        "-c",
                        Integer.toString(pinned),
                        java,
                        "-Xshare:auto",
                        "-cp",
                        System.getProperty("java.class.path"),
                        Idle.class.getName())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        try {
            long pid = child.pid();
            int moved = CompilerThreads.move(pid, compile, Duration.ofSeconds(10));
            List<Long> compilers = CompilerThreads.of(pid);
            // tiered compilation: at least one C1 and one C2 thread, every one of them moved
            assertTrue(compilers.size() >= 2, "compiler threads: " + compilers);
            assertEquals(compilers.size(), moved);
            for (long tid : compilers) assertEquals(only(compile), allowed(pid, tid), "tid " + tid);
            assertEquals(only(pinned), allowed(pid, pid), "the main thread stays");
            assertEquals(0, CompilerThreads.move(pid, compile, Duration.ZERO), "already there: nothing to move");

            assertEquals(compilers.size(), CompilerThreads.move(pid, pinned, Duration.ZERO));
            for (long tid : CompilerThreads.of(pid)) assertEquals(only(pinned), allowed(pid, tid), "back: tid " + tid);
        } finally {
            child.destroyForcibly().waitFor();
        }
    }

    private static BitSet only(int cpu) {
        BitSet b = new BitSet();
        b.set(cpu);
        return b;
    }

    private static BitSet allowed(long pid, long tid) {
        return CpuPinning.allowedCpus(CompilerThreads.status(pid, tid));
    }

    @Test
    void aProcessWithoutCompilerThreadsHasNoneToMove() throws Exception {
        Process sleep = new ProcessBuilder("sleep", "30").start();
        try {
            assertEquals(List.of(), CompilerThreads.of(sleep.pid()));
            assertEquals(0, CompilerThreads.move(sleep.pid(), 0, Duration.ofMillis(50)));
            assertEquals(List.of(), CompilerThreads.of(Long.MAX_VALUE), "no such process");
        } finally {
            sleep.destroyForcibly().waitFor();
        }
    }
}
