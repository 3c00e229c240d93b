package io.wirecost.cli.attach;

import io.wirecost.runner.UsageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Everything wirecost checks before it touches a process, each failure one line. The order matters for
 * safety: HotSpot's attach handshake sends SIGQUIT to the target, which terminates a process that is not
 * a JVM (or a JVM too young to have installed its handler), so nothing is sent until /proc says the
 * process maps libjvm and catches SIGQUIT, or already has its attach socket.
 */
public final class TargetCheck {

    private static final int SIGQUIT = 3;
    private static final long HANDLER_WAIT_NANOS = 5_000_000_000L;

    private TargetCheck() {}

    /** The Attach API lives in the jdk.attach module, absent from JREs and from jlinked runtimes. */
    public static void requireAttachModule() {
        if (ModuleLayer.boot().findModule("jdk.attach").isEmpty()) {
            throw new UsageException(
                    "this Java runtime (" + System.getProperty("java.home") + ") has no jdk.attach module: "
                            + "run wirecost with a full JDK (WIRECOST_JAVA=/path/to/jdk/bin/java)");
        }
    }

    /** Returns the process when it may be attached to; a one-line UsageException otherwise. */
    public static ProcessHandle check(long pid) {
        if (pid == ProcessHandle.current().pid()) throw new UsageException("pid " + pid + " is wirecost itself");
        ProcessHandle p = ProcessHandle.of(pid)
                .filter(ProcessHandle::isAlive)
                .orElseThrow(() -> new UsageException("pid " + pid + ": no such process"));
        String me = System.getProperty("user.name");
        Optional<String> owner = p.info().user();
        if (owner.isEmpty() || !owner.get().equals(me)) {
            throw new UsageException("pid " + pid + " belongs to " + owner.orElse("another user") + ", not " + me
                    + ": wirecost attaches only to your own JVMs (run it as that user)");
        }
        Path proc = Path.of("/proc", Long.toString(pid));
        String maps = read(proc.resolve("maps"));
        if (maps == null)
            throw new UsageException("pid " + pid + ": cannot read /proc/" + pid + "/maps to tell whether it is a JVM");
        if (!maps.contains("/libjvm.so")) {
            throw new UsageException("pid " + pid + " (" + p.info().command().orElse("?") + ") is not a JVM");
        }
        awaitSignalHandler(p, proc);
        return p;
    }

    /**
     * A JVM maps libjvm before it installs its signal handlers, so one attached to right after launch
     * ({@code java ... & wirecost attach $!}) may not catch SIGQUIT yet: wait for it a while rather than
     * refuse a JVM that is only starting. (One started with -Xrs never catches SIGQUIT, but HotSpot then
     * opens the attach socket at start-up, which needs no signal.)
     */
    private static void awaitSignalHandler(ProcessHandle p, Path proc) {
        long deadline = System.nanoTime() + HANDLER_WAIT_NANOS;
        while (!attachSocketExists(p.pid()) && !catchesSigquit(read(proc.resolve("status")))) {
            if (!p.isAlive())
                throw new UsageException("pid " + p.pid() + ": the JVM exited before it could be attached");
            if (System.nanoTime() > deadline) {
                throw new UsageException("pid " + p.pid() + ": the JVM does not handle the attach signal yet (still "
                        + "starting up after " + HANDLER_WAIT_NANOS / 1_000_000_000L + " s); nothing was sent to it");
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new UsageException("pid " + p.pid() + ": interrupted while waiting for the JVM to start");
            }
        }
    }

    /** A JVM attached to before answers on this socket without any signal (seen through the target's own /tmp). */
    static boolean attachSocketExists(long pid) {
        String name = ".java_pid" + pid;
        return Files.exists(Path.of("/proc", Long.toString(pid), "root", "tmp", name))
                || Files.exists(Path.of("/tmp", name));
    }

    /** The SigCgt line of /proc/PID/status: a hexadecimal mask of caught signals, bit n-1 for signal n. */
    static boolean catchesSigquit(String status) {
        if (status == null) return false;
        for (String line : status.split("\n")) {
            if (line.startsWith("SigCgt:")) {
                long mask = Long.parseUnsignedLong(
                        line.substring("SigCgt:".length()).trim(), 16);
                return (mask & (1L << (SIGQUIT - 1))) != 0;
            }
        }
        return false;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, java.nio.charset.StandardCharsets.ISO_8859_1);
        } catch (IOException | SecurityException e) {
            return null;
        }
    }
}
