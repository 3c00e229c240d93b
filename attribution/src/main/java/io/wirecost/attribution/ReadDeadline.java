package io.wirecost.attribution;

import java.io.IOException;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import one.jfr.JfrReader;

/**
 * A read by async-profiler's reader, under a deadline. JfrReader's loops over counts read from the file never check
 * for interruption, so a corrupted count can keep it busy for hours. The reading runs in a daemon thread with a budget far above
 * any sound file's needs (3 s plus 1 s per 5 MB, several times what large recordings take); past it the
 * file is reported corrupted and the thread, which nothing references any more, is abandoned.
 */
final class ReadDeadline {

    private ReadDeadline() {}

    static <T> T read(String name, ChunkScan scan, Callable<T> read, AtomicReference<JfrReader> open)
            throws RecordingException {
        long budgetMillis = 3_000 + scan.fileSize() / 5_000;
        FutureTask<T> task = new FutureTask<>(read);
        Thread t = new Thread(task, "wirecost-jfr-reader");
        t.setDaemon(true);
        t.start();
        try {
            return task.get(budgetMillis, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            t.interrupt();
            // a runaway loop soon needs more bytes: with the channel closed, that read fails and the thread ends
            JfrReader jfr = open.get();
            if (jfr != null) {
                try {
                    jfr.close();
                } catch (IOException ignored) {
                    // closing is only a hint to the abandoned thread
                }
            }
            throw new RecordingException(
                    name,
                    "corrupted: reading did not finish within " + budgetMillis / 1000
                            + " s (a size or count field is implausible)");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RecordingException re) throw re;
            if (e.getCause() instanceof OutOfMemoryError)
                throw new RecordingException(name, "corrupted: a size field asks for more memory than the JVM has");
            throw new RecordingException(
                    name,
                    scan.describeFailure(
                            e.getCause() instanceof Exception ex ? ex : new RuntimeException(e.getCause())));
        } catch (InterruptedException e) {
            t.interrupt();
            Thread.currentThread().interrupt();
            throw new RecordingException(name, "interrupted while reading");
        }
    }
}
