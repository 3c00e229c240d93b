package io.wirecost.runner;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Moves a scenario JVM's JIT compiler threads to another CPU and back ({@code taskset -p} on each thread).
 *
 * <p>Why: with client and server pinned to one CPU, the JIT's compiler threads share that CPU with the
 * calls they are compiling for, so the adaptive warm-up waits for compilations that run in the gaps of the
 * workload. On the 2-core VM the other CPU is idle meanwhile. Compiling there shortened the warm-up markedly
 * (docs/measurement.md, "The adaptive method") with the same settled figures. The calls themselves stay on the pinned CPU, so the warm-up's paces, which decide when the JIT
 * has settled, are still paced on one CPU without cross-CPU wake-ups; and the compiler threads go back to
 * the pinned CPU before the timed pass, which therefore runs exactly as before.
 *
 * <p>Found by name in {@code /proc/PID/task/TID/comm} (HotSpot's "C1 CompilerThread0", "C2 CompilerThread0",
 * truncated to 15 characters; "JVMCI" for Graal). Compiler threads HotSpot adds later are created by a
 * compiler thread and inherit its CPU; moving back scans again, so it takes them along. Linux only; where
 * {@code /proc} or {@code taskset} are missing nothing moves and the warm-up is merely as long as before.
 */
final class CompilerThreads {

    private static final Duration TASKSET = Duration.ofSeconds(5);
    /** How long no new compiler thread must appear before the set is taken as complete (see {@link #move}). */
    private static final Duration SETTLE = Duration.ofMillis(150);

    private CompilerThreads() {}

    /** Thread ids of {@code pid}'s JIT compiler threads; empty where there are none or they cannot be read. */
    static List<Long> of(long pid) {
        List<Long> tids = new ArrayList<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc", Long.toString(pid), "task"))) {
            for (Path task : tasks) {
                long tid = Long.parseLong(task.getFileName().toString());
                String name = name(pid, tid);
                if (name.startsWith("C1 Compiler") || name.startsWith("C2 Compiler") || name.startsWith("JVMCI")) {
                    tids.add(tid);
                }
            }
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
        return tids;
    }

    /**
     * Moves {@code pid}'s compiler threads to {@code cpu}, waiting up to {@code appear} for them to exist (a
     * JVM creates them within a few ms of its start; with {@link Duration#ZERO}, one look). Threads already on {@code cpu} alone are left as they
     * are. Returns how many moved.
     */
    static int move(long pid, int cpu, Duration appear) {
        long deadline = System.nanoTime() + appear.toNanos();
        List<Long> tids = of(pid);
        while (tids.isEmpty()
                && System.nanoTime() < deadline
                && ProcessHandle.of(pid).isPresent()) {
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return 0;
            }
            tids = of(pid);
        }
        // HotSpot creates its C2 threads a moment before its C1 threads, from the JVM's main thread, which on a loaded
        // pinned CPU may wait tens of ms between the two (under load, CompilerThreadsTest found a C1 thread left behind
        // when this looked five times 10 ms apart): with both kinds found it is done; otherwise it looks again until
        // nothing new has
        // appeared for SETTLE (a JVM that compiles with one kind only, -XX:TieredStopAtLevel=1 or
        // -XX:-TieredCompilation, pays that once)
        java.util.Set<Long> done = new java.util.HashSet<>();
        int moved = 0;
        long settled = System.nanoTime() + SETTLE.toNanos();
        while (!tids.isEmpty()) {
            for (long tid : tids) {
                if (done.add(tid)) {
                    settled = System.nanoTime() + SETTLE.toNanos();
                    if (!onlyOn(pid, tid, cpu) && taskset(tid, cpu)) moved++;
                }
            }
            // moving back (no wait asked for), every thread exists already: one look takes them all
            if (appear.isZero() || bothKinds(pid, done) || System.nanoTime() >= settled) break;
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return moved;
            }
            tids = of(pid);
        }
        return moved;
    }

    /** Whether {@code tids} hold a C1 and a C2 compiler thread: tiered compilation's full set has been created. */
    private static boolean bothKinds(long pid, java.util.Set<Long> tids) {
        boolean c1 = false;
        boolean c2 = false;
        for (long tid : tids) {
            String name = name(pid, tid);
            c1 |= name.startsWith("C1 Compiler");
            c2 |= name.startsWith("C2 Compiler");
        }
        return c1 && c2;
    }

    private static String name(long pid, long tid) {
        try {
            return Files.readString(Path.of("/proc", Long.toString(pid), "task", Long.toString(tid), "comm"))
                    .trim();
        } catch (IOException e) {
            return ""; // the thread ended while we looked
        }
    }

    private static boolean onlyOn(long pid, long tid, int cpu) {
        java.util.BitSet allowed = CpuPinning.allowedCpus(status(pid, tid));
        return allowed.cardinality() == 1 && allowed.get(cpu);
    }

    /** A thread's status file, where its {@code Cpus_allowed_list} is. */
    static Path status(long pid, long tid) {
        return Path.of("/proc", Long.toString(pid), "task", Long.toString(tid), "status");
    }

    private static boolean taskset(long tid, int cpu) {
        try {
            Process p = new ProcessBuilder("taskset", "-p", "-c", Integer.toString(cpu), Long.toString(tid))
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            if (!p.waitFor(TASKSET.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                return false;
            }
            return p.exitValue() == 0; // non-zero: the thread ended meanwhile
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * CPU time so far of {@code pid}'s compiler threads, ns ({@code /proc/PID/task/TID/schedstat}, whose first
     * field is the time on CPU), or -1 where it cannot be read. Compiler threads that ended are not counted,
     * so a difference may come out low, never high.
     */
    static long cpuNanos(long pid) {
        List<Long> tids = of(pid);
        if (tids.isEmpty()) return -1;
        long sum = 0;
        for (long tid : tids) {
            try {
                String stat =
                        Files.readString(Path.of("/proc", Long.toString(pid), "task", Long.toString(tid), "schedstat"));
                sum += Long.parseLong(stat.trim().split("\\s+")[0]);
            } catch (IOException e) {
                // the thread ended while we looked: a dynamic compiler thread HotSpot let go
            } catch (RuntimeException e) {
                return -1; // no scheduler statistics in this kernel
            }
        }
        return sum;
    }
}
