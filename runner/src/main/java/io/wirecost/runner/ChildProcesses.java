package io.wirecost.runner;

import java.util.concurrent.TimeUnit;

/**
 * Child processes that must not outlive this JVM: tcpdump behind a message-size capture, Maven behind a module's
 * classpath, the `run` behind each comparison of {@code bench gate}. Ctrl-C or SIGTERM ends the JVM through its
 * shutdown hooks without unwinding the threads that wait for them, so only a hook can stop them ({@link Reaper}; a
 * stopped bench once left its run measuring for minutes). The hook sends each SIGTERM,
 * so it can finish as when stopped itself (tcpdump flushes, a run keeps what it measured and stops its JVMs), and
 * SIGKILL to what has not ended within a minute. Scenario JVMs have their own reaper in {@link ChildJvm}.
 */
public final class ChildProcesses {

    private static final long GRACE_NANOS = TimeUnit.SECONDS.toNanos(60);
    private static final Reaper<Process> REAPER = new Reaper<>("wirecost-process-reaper", ChildProcesses::stop);

    private ChildProcesses() {}

    /** Stops {@code p} if this JVM stops first. */
    public static void watch(Process p) {
        REAPER.watch(p);
    }

    /** {@code p} has ended or been stopped: nothing left to do for it. */
    public static void forget(Process p) {
        REAPER.forget(p);
    }

    private static void stop(java.util.Collection<Process> processes) {
        processes.forEach(Process::destroy);
        long end = System.nanoTime() + GRACE_NANOS;
        for (Process p : processes) {
            try {
                if (!p.waitFor(Math.max(0, end - System.nanoTime()), TimeUnit.NANOSECONDS)) p.destroyForcibly();
            } catch (InterruptedException e) {
                p.destroyForcibly();
            }
        }
    }
}
