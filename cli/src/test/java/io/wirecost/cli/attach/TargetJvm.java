package io.wirecost.cli.attach;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A {@link TargetApp} JVM for the attach tests; close() ends it through its stdin and reports how it ended. */
public final class TargetJvm implements AutoCloseable {

    private final Process process;
    private final Path log;

    private TargetJvm(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    /** Starts {@code java OPTIONS TargetApp} from {@code javaHome}, optionally through a wrapper (setpriv ...). */
    public static TargetJvm start(Path javaHome, Path log, List<String> wrapper, String... options)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(wrapper);
        cmd.add(javaHome.resolve("bin/java").toString());
        cmd.addAll(List.of(options));
        cmd.addAll(List.of("-cp", testClasses(), TargetApp.class.getName()));
        Process p = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        TargetJvm target = new TargetJvm(p, log);
        target.awaitRunning();
        return target;
    }

    /**
     * Until TargetApp prints that main has begun. A fixed sleep was not enough: a JDK 25 target on a loaded
     * 2-core CI machine had not yet installed its SIGQUIT handler after 1.5 s, and attach rightly refused it.
     */
    private void awaitRunning() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!output().contains("running")) {
            if (!process.isAlive()) throw new IllegalStateException("the target JVM exited at start-up: " + output());
            if (System.nanoTime() > deadline) {
                process.destroyForcibly();
                throw new IllegalStateException("the target JVM did not start within 60 s: " + output());
            }
            Thread.sleep(50);
        }
    }

    /** Where TargetApp's class is: readable by another user too when the tests run from a private home. */
    public static String testClasses() {
        try {
            return Path.of(TargetApp.class
                            .getProtectionDomain()
                            .getCodeSource()
                            .getLocation()
                            .toURI())
                    .toString();
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    public long pid() {
        return process.pid();
    }

    public boolean alive() {
        return process.isAlive();
    }

    /** Closes stdin and waits: TargetApp then prints done and exits 0. Returns the exit status, -1 if it hung. */
    public int finish() throws Exception {
        process.getOutputStream().close();
        if (!process.waitFor(30, TimeUnit.SECONDS)) return -1;
        return process.exitValue();
    }

    public String output() throws IOException {
        return java.nio.file.Files.readString(log, StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }
}
