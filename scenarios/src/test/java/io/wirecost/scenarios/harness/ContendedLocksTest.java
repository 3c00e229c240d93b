package io.wirecost.scenarios.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ContendedLocks} takes the contended paths every round, and a JVM that took them first does not throw its
 * lock's compiled code away when a lock is first contended later: a fresh JVM, its compilations logged by the JVM
 * itself.
 */
class ContendedLocksTest {

    /** The lock methods a ping-pong's C2 code inlines, which a first contention made not entrant in the scenarios. */
    private static final List<String> FAST_PATHS = List.of(
            "java.util.concurrent.locks.ReentrantLock::lock",
            "java.util.concurrent.locks.ReentrantLock::unlock",
            "java.util.concurrent.locks.ReentrantLock$NonfairSync::initialTryLock",
            "java.util.concurrent.locks.ReentrantLock$Sync::tryRelease",
            "java.util.concurrent.locks.AbstractQueuedSynchronizer::release",
            "java.util.concurrent.locks.AbstractQueuedSynchronizer::signalNext");

    @TempDir
    Path tmp;

    @Test
    void everyRoundFindsAThreadWaiting() {
        ContendedLocks.Seen seen = ContendedLocks.exercise(50);
        assertEquals(50, seen.signalsWithWaiter(), "signals with a condition waiter");
        assertEquals(100, seen.unlocksWithWaiter(), "unlocks with a thread queued: 50 held, 50 signalled");
    }

    /** Without the exercise, the first contention makes the lock's C2 code not entrant: what the exercise is for. */
    @Test
    void aFirstContentionThrowsTheLocksCompiledCodeAwayWithoutIt() throws Exception {
        List<String> after = notEntrantAfterContention("none", tmp.resolve("none.log"));
        assertTrue(after.stream().anyMatch(FAST_PATHS::contains), "C2 code made not entrant: " + after);
    }

    @Test
    void afterItAFirstContentionKeepsTheLocksCompiledCode() throws Exception {
        List<String> after = notEntrantAfterContention("early", tmp.resolve("early.log"));
        for (String m : FAST_PATHS) assertTrue(!after.contains(m), m + " made not entrant: " + after);
    }

    /** The C2 (tier 4) methods the probe JVM made not entrant from its first contention on. */
    private static List<String> notEntrantAfterContention(String mode, Path log) throws Exception {
        return ProbeJvm.c2MadeNotEntrant(ProbeJvm.linesBetween(
                LockProbe.class,
                List.of(
                        "-XX:+PrintCompilation",
                        "-XX:CompileCommand=quiet",
                        // the lock's own methods compiled standalone, so their C2 code is there to be thrown
                        // away whichever method the JIT would have inlined them into
                        "-XX:CompileCommand=dontinline,java.util.concurrent.locks.ReentrantLock::*"),
                List.of(mode),
                LockProbe.MARK,
                LockProbe.END,
                log));
    }

    /**
     * {@code LockProbe early|none}: a lock used uncontended until C2 has compiled it, a mark, then two contentions of
     * another shape than the exercise's: a thread queued behind a holder that sleeps, and a condition's waiter.
     */
    public static final class LockProbe {
        static final String MARK = "CONTENDING";
        static final String END = "CONTENDED";
        private static final ReentrantLock LOCK = new ReentrantLock();
        private static long count;

        private static void uncontended() {
            LOCK.lock();
            try {
                count++;
            } finally {
                LOCK.unlock();
            }
        }

        public static void main(String[] args) throws Exception {
            if (args[0].equals("early")) ContendedLocks.exercise();
            for (int i = 0; i < 3_000_000; i++) uncontended();
            Thread.sleep(1000); // the compile queue drains
            System.out.println(MARK);
            System.out.flush();
            Thread holder = new Thread(() -> {
                LOCK.lock();
                try {
                    Thread.sleep(200);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    LOCK.unlock();
                }
            });
            holder.start();
            while (!LOCK.isLocked()) Thread.onSpinWait();
            uncontended(); // queued behind the holder, then its unlock finds us waiting
            holder.join();
            Condition c = LOCK.newCondition();
            Thread waiter = new Thread(() -> {
                LOCK.lock();
                try {
                    c.awaitUninterruptibly();
                } finally {
                    LOCK.unlock();
                }
            });
            waiter.start();
            boolean signalled = false;
            while (!signalled) {
                LOCK.lock();
                try {
                    if (LOCK.hasWaiters(c)) {
                        c.signal();
                        signalled = true;
                    }
                } finally {
                    LOCK.unlock();
                }
            }
            waiter.join();
            for (int i = 0; i < 100_000; i++) uncontended();
            Thread.sleep(300); // recompilations logged
            System.out.println(END + " " + count);
            System.out.flush();
        }
    }
}
