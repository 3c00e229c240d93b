package io.wirecost.runner;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One Maven run that writes a module's classpath with property overrides to a file, for {@link ModuleClasspath}:
 * the lifecycle to {@code test-compile} with compiling, resources and tests skipped (so the reactor hands out the
 * project's own modules), offline first, then online; stopped at its time limit; its output in the module's
 * {@code target/classpath-resolve.log}.
 */
final class MavenResolution {

    enum Outcome {
        OK,
        FAILED,
        TIMED_OUT,
        INTERRUPTED
    }

    private final Path projectRoot;
    private final String maven;
    private final Duration limit;

    MavenResolution(Path projectRoot, String maven, Duration limit) {
        this.projectRoot = projectRoot;
        this.maven = maven;
        this.limit = limit;
    }

    /** Resolves {@code module} (in {@code dir}) with {@code overrides}, its classpath written to {@code out}. */
    Outcome run(String module, Path dir, Map<String, String> overrides, Path out) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(
                maven,
                "-B",
                "-q",
                "-f",
                projectRoot.resolve("pom.xml").toString(),
                "-pl",
                module,
                "-am",
                "test-compile",
                "-Dmaven.main.skip=true",
                "-Dmaven.test.skip=true",
                "-Dmaven.resources.skip=true",
                "-Dwirecost.classpath.file=" + out.toAbsolutePath()));
        overrides.forEach((k, v) -> cmd.add("-D" + k + "=" + v));
        // offline first (cached versions), then online for versions not downloaded yet; not again after a
        // Maven that was stopped at its limit, which would only double the wait
        Outcome outcome = maven(withOffline(cmd), dir);
        if (outcome == Outcome.FAILED) outcome = maven(cmd, dir);
        return outcome;
    }

    private static List<String> withOffline(List<String> cmd) {
        List<String> c = new ArrayList<>(cmd);
        c.add(1, "-o");
        return c;
    }

    private Outcome maven(List<String> cmd, Path dir) throws IOException {
        Process p = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(
                        dir.resolve("target").resolve("classpath-resolve.log").toFile())
                .start();
        ChildProcesses.watch(p);
        try {
            if (p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS))
                return p.exitValue() == 0 ? Outcome.OK : Outcome.FAILED;
            // a Maven that hangs (a registry that stops answering) must not outlive the run; waited for, so that
            // it no longer writes the file the caller deletes
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            return Outcome.TIMED_OUT;
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            return Outcome.INTERRUPTED;
        } finally {
            ChildProcesses.forget(p);
        }
    }
}
