package io.wirecost.scenarios.files;

/**
 * Clean-up that a JVM ended by a signal (Ctrl-C on {@code wirecost serve} or {@code run}) still does: a shutdown hook
 * while its owner is open, withdrawn when the owner closes and cleans up itself.
 *
 * <pre>
 * CleanupHook hook = CleanupHook.register("wirecost-tomcat-cleanup", () -> FileTrees.deleteQuietly(base));
 * ...
 * FileTrees.deleteQuietly(base);
 * hook.cancel();
 * </pre>
 */
public final class CleanupHook {

    private final Thread thread;

    private CleanupHook(Thread thread) {
        this.thread = thread;
    }

    /** Runs {@code work} at the JVM's exit unless {@link #cancel}led first; {@code name} is the hook thread's. */
    public static CleanupHook register(String name, Runnable work) {
        CleanupHook hook = new CleanupHook(new Thread(work, name));
        Runtime.getRuntime().addShutdownHook(hook.thread);
        return hook;
    }

    /** Withdraws the hook; once the JVM is shutting down it cannot be, and runs anyway. */
    public void cancel() {
        try {
            Runtime.getRuntime().removeShutdownHook(thread);
        } catch (IllegalStateException e) {
            // already shutting down: the hook runs anyway and finds nothing left
        }
    }
}
