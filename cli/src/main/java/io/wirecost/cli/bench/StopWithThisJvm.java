package io.wirecost.cli.bench;

import java.util.concurrent.TimeUnit;

/**
 * Stops a child process when this JVM is stopped (SIGTERM from a CI's timeout or `kill`; Ctrl-C reaches the whole
 * process group anyway). Without it a stopped {@code bench gate} left its current `run` measuring for minutes, with
 * its scenario JVMs, and the next measurement on the machine shared the CPUs with it. The child gets SIGTERM and a
 * minute to finish as it does when stopped itself (a `run` keeps what it measured and stops its JVMs), then SIGKILL.
 */
final class StopWithThisJvm implements AutoCloseable {

    private final Thread hook;

    StopWithThisJvm(Process child) {
        hook = new Thread(
                () -> {
                    child.destroy();
                    try {
                        if (!child.waitFor(60, TimeUnit.SECONDS)) child.destroyForcibly();
                    } catch (InterruptedException e) {
                        child.destroyForcibly();
                    }
                },
                "wirecost-stop-child-" + child.pid());
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** The child has ended: nothing to stop any more. */
    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // this JVM is already stopping and the hook is running: it stops the child
        }
    }
}
