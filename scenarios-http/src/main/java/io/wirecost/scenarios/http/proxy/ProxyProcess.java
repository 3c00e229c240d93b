package io.wirecost.scenarios.http.proxy;

import io.wirecost.scenarios.files.FileTrees;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * A forward proxy running as a child process of this JVM (Privoxy under its watchdog shell, or LittleProxy in a JVM
 * of its own): both stop when their standard input closes, count requests in a log file in their owner-only
 * directory, and leave nothing behind.
 *
 * @param pidOf the process that carries the calls (Privoxy is the watchdog's child, not the watchdog)
 */
record ProxyProcess(
        Process process, Path dir, InetSocketAddress address, String description, ProxyLog log, LongSupplier pidOf)
        implements ForwardProxy {

    @Override
    public long pid() {
        return pidOf.getAsLong();
    }

    @Override
    public long forwarded() {
        return log.forwarded();
    }

    @Override
    public long refused() {
        return log.refused();
    }

    @Override
    public void close() {
        log.refresh(); // the last requests, before the child removes the directory with the log
        stop(process);
        FileTrees.deleteQuietly(dir);
    }

    /** Closing the child's input stops it; force only if that does not work, and its descendants with it. */
    static void stop(Process child) {
        try {
            try (OutputStream in = child.getOutputStream()) {
                in.flush();
            } catch (IOException e) {
                // already gone
            }
            if (!child.waitFor(10, TimeUnit.SECONDS)) {
                child.descendants().forEach(ProcessHandle::destroyForcibly);
                child.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            child.descendants().forEach(ProcessHandle::destroyForcibly);
            child.destroyForcibly();
        }
    }
}
