package io.wirecost.runner;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Child processes that must not outlive this JVM: tcpdump behind a message-size capture, Maven behind a module's
 * classpath, the `run` behind each comparison of {@code bench gate}. Ctrl-C or SIGTERM ends the JVM through its
 * shutdown hooks without unwinding the threads that wait for them, so only a hook can stop them (CI once found a
 * tcpdump left behind; a stopped bench once left its run measuring for minutes). The one hook sends each SIGTERM,
 * so it can finish as when stopped itself (tcpdump flushes, a run keeps what it measured and stops its JVMs), and
 * SIGKILL to what has not ended within a minute. Scenario JVMs have their own reaper in {@link ChildJvm}.
 */
public final class ChildProcesses {

    private static final Set<Process> LIVE = ConcurrentHashMap.newKeySet();
    private static final long GRACE_NANOS = TimeUnit.SECONDS.toNanos(60);

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(ChildProcesses::stopAll, "wirecost-process-reaper"));
    }

    private ChildProcesses() {}

    /** Set once the hook has begun; guarded by {@link #LIVE}. */
    private static boolean stopping;

    /** Stops {@code p} if this JVM stops first. */
    public static void watch(Process p) {
        // Ctrl-C runs the hook beside the threads still working: a process they start after its sweep (a
        // scenario's tcpdump a moment after the interrupt; CI found one left) is stopped here instead
        synchronized (LIVE) {
            LIVE.add(p);
            if (!stopping) return;
        }
        p.destroy();
    }

    /** {@code p} has ended or been stopped: nothing left to do for it. */
    public static void forget(Process p) {
        LIVE.remove(p);
    }

    private static void stopAll() {
        synchronized (LIVE) {
            stopping = true;
        }
        LIVE.forEach(Process::destroy);
        long end = System.nanoTime() + GRACE_NANOS;
        for (Process p : LIVE) {
            try {
                if (!p.waitFor(Math.max(0, end - System.nanoTime()), TimeUnit.NANOSECONDS)) p.destroyForcibly();
            } catch (InterruptedException e) {
                p.destroyForcibly();
            }
        }
    }
}
