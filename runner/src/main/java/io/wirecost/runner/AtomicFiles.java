package io.wirecost.runner;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Writes a file whole or not at all: a run interrupted mid-write leaves the previous version.
 *
 * <p>Ctrl-C ends the JVM after its shutdown hooks, halting every other thread wherever it is, so a
 * {@code finally} that would remove the temporary file never runs. Worse, the child reaper's hook makes
 * the runner see its scenario JVMs die, and the runner then starts writing its results while the JVM is
 * about to halt. So a hook here lets writes already under way finish (bounded), refuses new ones, and
 * removes the temporary file of any write still unfinished when it gives up.
 */
public final class AtomicFiles {

    /** How long a shutdown waits for writes under way; results are kilobytes, report.html a few hundred. */
    private static final long SHUTDOWN_GRACE_MILLIS = 5_000;

    private static final Object LOCK = new Object();
    /** Temporary files of writes under way; guarded by LOCK. */
    private static final Set<Path> IN_FLIGHT = new HashSet<>();
    /** Set once the JVM shuts down; guarded by LOCK. */
    private static boolean closing;

    static {
        try {
            Runtime.getRuntime().addShutdownHook(new Thread(AtomicFiles::finishOnShutdown, "wirecost-atomic-files"));
        } catch (IllegalStateException e) {
            closing = true; // first used while the JVM is already shutting down
        }
    }

    /** Writes the content to the stream it is given. */
    @FunctionalInterface
    public interface Writer {
        void write(OutputStream out) throws IOException;
    }

    private AtomicFiles() {}

    public static void write(Path target, String content) throws IOException {
        write(target, out -> out.write(content.getBytes(StandardCharsets.UTF_8)));
    }

    /**
     * A failure of the file system names {@code target} and says why ("cannot write it: permission denied"), never the
     * temporary file's name, which the user never asked for.
     */
    public static void write(Path target, Writer writer) throws IOException {
        try {
            writeVia(target, writer);
        } catch (FileSystemException e) {
            throw new FileSystemException(target.toString(), null, "cannot write it: " + FileErrors.reason(e));
        }
    }

    private static void writeVia(Path target, Writer writer) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp;
        synchronized (LOCK) {
            if (closing) throw new IOException(target + " not written: wirecost is shutting down");
            tmp = Files.createTempFile(dir, "." + target.getFileName(), ".tmp");
            IN_FLIGHT.add(tmp);
        }
        try {
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(tmp))) {
                writer.write(out);
            }
            // createTempFile makes the file owner-only; results are meant to be shared
            Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-r--r--"));
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            synchronized (LOCK) {
                IN_FLIGHT.remove(tmp);
                LOCK.notifyAll();
            }
            Files.deleteIfExists(tmp);
        }
    }

    private static void finishOnShutdown() {
        synchronized (LOCK) {
            closing = true;
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(SHUTDOWN_GRACE_MILLIS);
            try {
                for (long left; !IN_FLIGHT.isEmpty() && (left = deadline - System.nanoTime()) > 0; ) {
                    TimeUnit.NANOSECONDS.timedWait(LOCK, left);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            // rename is atomic: a write either moved its file already or its temporary file goes now
            for (Path tmp : IN_FLIGHT) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException e) {
                    // nothing more can be done while the JVM halts
                }
            }
        }
    }
}
