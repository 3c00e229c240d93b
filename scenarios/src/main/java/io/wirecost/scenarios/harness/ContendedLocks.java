package io.wirecost.scenarios.harness;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The contended paths of {@link ReentrantLock}, taken by both scenario JVMs before they compile anything, so that the
 * first contention on the call path, seconds into the timed pass, does not throw compiled code away.
 *
 * <p>Why: C2 compiles a branch its profile never saw taken as an uncommon trap, and the first time the branch is
 * taken the compiled method, with every method it was inlined into, is made not entrant and compiled again from the
 * lower tiers. A ping-pong never contends its locks, so {@code ReentrantLock.lock}, {@code unlock} and
 * {@code AbstractQueuedSynchronizer.signalNext} are compiled for the uncontended case within the first second of a
 * JVM and inlined into the whole call path. Then a middleware's own thread takes a lock the call path uses, at a
 * moment nobody chooses: the HTTP keep-alive cache's timer, a finalizer closing a stream after a collection, RMI's
 * connection reaper. With {@code -XX:+PrintCompilation} that made dozens of C2 methods of the call path not entrant at
 * once ({@code HttpURLConnection.getInputStream0}, Woodstox's reader, {@code KeepAliveCache.get},
 * {@code ConditionObject.doSignal}, ...), in warm-ups or timed passes, whichever the moment fell in
 * (docs/measurement.md, "The adaptive method"). Once a branch has been
 * taken in profiled code (or has trapped once), C2 compiles it as a branch in every later method, so a JVM that has
 * served a while has these paths; taking them first measures that steady state, as {@link LateClasses} does for
 * classes, without touching what the middleware does. The cost is compiled code that keeps the slow path of a lock
 * beside its fast one, as any server JVM's does.
 *
 * <p>Each round is a rendezvous, not a race, so that it contends on one CPU (the pinned JVMs) as on many: a waiter
 * is queued before every unlock and every signal.
 */
final class ContendedLocks {

    /**
     * Rounds of each path: enough that most of them run in profiled code (C1's tier 3 compiles a method after 200
     * calls) wherever the JIT stands when the JVM starts; well under a second in all, on a busy machine too.
     */
    static final int ROUNDS = 500;

    /** What a run of {@link #exercise} did: unlocks and signals that found a thread waiting. */
    record Seen(int unlocksWithWaiter, int signalsWithWaiter) {}

    /** The most a JVM's start waits for the rounds: they take milliseconds, and a scheduler gone wrong must not hang it. */
    private static final long LIMIT_NANOS = 5_000_000_000L;

    private ContendedLocks() {}

    /**
     * Takes every contended path {@code rounds} times on a lock of its own, with a daemon thread of its own: first the
     * lock held (twice, the reentrant paths too) while the other thread queues for it, then a condition signalled
     * while the other thread awaits it. Gives up quietly after {@link #LIMIT_NANOS}.
     */
    static Seen exercise(int rounds) {
        ReentrantLock lock = new ReentrantLock();
        Condition turn = lock.newCondition();
        AtomicInteger go = new AtomicInteger(-1);
        AtomicInteger done = new AtomicInteger(-1);
        Thread other = new Thread(
                () -> {
                    for (int i = 0; i < rounds; i++) {
                        while (go.get() < i) pause();
                        lock.lock(); // the holder holds it: lock's slow path, queued
                        lock.unlock();
                        done.set(i);
                    }
                    for (int i = 0; i < rounds; i++) {
                        lock.lock();
                        try {
                            turn.awaitUninterruptibly(); // a condition waiter, moved to the lock's queue by signal
                        } finally {
                            lock.unlock();
                        }
                    }
                },
                "wirecost-contended-locks");
        other.setDaemon(true);
        other.start();
        long deadline = System.nanoTime() + LIMIT_NANOS;
        int unlocks = 0;
        int signals = 0;
        for (int i = 0; i < rounds; i++) {
            lock.lock();
            lock.lock(); // held twice: the reentrant paths of lock and unlock
            go.set(i);
            while (!lock.hasQueuedThreads() && System.nanoTime() < deadline) pause();
            lock.unlock();
            unlocks += lock.hasQueuedThreads() ? 1 : 0;
            lock.unlock(); // with a waiter queued: signalNext wakes it
            while (done.get() < i && System.nanoTime() < deadline) pause();
            if (System.nanoTime() >= deadline) return new Seen(unlocks, signals);
        }
        while (signals < rounds && System.nanoTime() < deadline) {
            lock.lock();
            if (lock.hasWaiters(turn)) {
                turn.signal();
                signals++;
                unlocks += lock.hasQueuedThreads() ? 1 : 0;
                lock.unlock(); // the signalled thread is queued for the lock
            } else {
                lock.unlock();
                pause();
            }
        }
        return new Seen(unlocks, signals);
    }

    /**
     * Waits a moment for the other thread. A sleep, not {@link Thread#yield()}: beside busy threads a yield hands the
     * CPU to each of them in turn, and the rounds ran into {@link #LIMIT_NANOS} with paths untaken, where a sleeper is
     * woken ahead of them.
     */
    private static void pause() {
        LockSupport.parkNanos(1_000);
    }

    /** {@link #exercise(int)} with {@link #ROUNDS}, once at a JVM's start. */
    static Seen exercise() {
        return exercise(ROUNDS);
    }
}
