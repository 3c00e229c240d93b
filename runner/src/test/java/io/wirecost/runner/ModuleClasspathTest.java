package io.wirecost.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a scenario module's classpath resolution does when Maven does not deliver. A real Maven that hangs needs a
 * registry that stops answering, which this machine cannot stage reliably (a mirror in the user's settings would
 * answer in its place); so the "Maven" here is a shell script that records each invocation and then hangs or
 * fails, and the code under test is what wirecost does around it: the time limit, the kill, the one-line error,
 * no retry that would double the wait, nothing cached. The resolution with a real Maven is MiddlewareUpgradeIT's.
 */
class ModuleClasspathTest {

    @TempDir
    Path root;

    Path module;
    Path calls;

    @BeforeEach
    void builtModule() throws Exception {
        module = root.resolve("scenarios-x");
        Files.createDirectories(module.resolve("target/classes"));
        Files.writeString(module.resolve("target/classpath.txt"), "");
        calls = root.resolve("calls.txt");
    }

    /** A "Maven" that appends its arguments and process id to calls.txt, then runs {@code then}. */
    private String maven(String then) throws Exception {
        Path script = root.resolve("mvn");
        Files.writeString(script, "#!/bin/sh\necho \"$$ $*\" >> " + calls + "\n" + then + "\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        return script.toString();
    }

    @Test
    void aMavenThatHangsIsStoppedAtItsLimitOnceAndNothingIsCached() throws Exception {
        ModuleClasspath cp = new ModuleClasspath(
                root, Map.of("metro.version", "9.9.9"), maven("exec sleep 600"), Duration.ofSeconds(2));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> cp.of("scenarios-x"));
        assertTrue(
                e.getMessage()
                        .startsWith("Maven did not resolve module scenarios-x with {metro.version=9.9.9} within 2 s"
                                + " and was stopped (see "),
                e.getMessage());
        List<String> invocations = Files.readAllLines(calls);
        // the offline attempt hung: trying online too would only double the wait
        assertEquals(1, invocations.size(), "invocations: " + invocations);
        assertTrue(invocations.get(0).contains(" -o "), invocations.get(0));
        long pid = Long.parseLong(invocations.get(0).split(" ")[0]);
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "Maven (pid " + pid + ") killed");
        assertNothingCached();
    }

    @Test
    void aMavenThatFailsOfflineIsTriedOnlineThenReported() throws Exception {
        ModuleClasspath cp =
                new ModuleClasspath(root, Map.of("metro.version", "9.9.9"), maven("exit 1"), Duration.ofSeconds(60));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> cp.of("scenarios-x"));
        assertTrue(
                e.getMessage().startsWith("Maven cannot resolve module scenarios-x with {metro.version=9.9.9} (see "),
                e.getMessage());
        List<String> invocations = Files.readAllLines(calls);
        assertEquals(2, invocations.size(), "offline, then online: " + invocations);
        assertTrue(invocations.get(0).contains(" -o "), invocations.get(0));
        assertFalse(invocations.get(1).contains(" -o "), invocations.get(1));
        assertNothingCached();
    }

    private void assertNothingCached() throws Exception {
        try (Stream<Path> files = Files.list(module.resolve("target"))) {
            List<String> left = files.map(p -> p.getFileName().toString())
                    .filter(n -> n.startsWith("classpath-") && !n.equals("classpath-resolve.log"))
                    .toList();
            assertEquals(List.of(), left, "no classpath cached, no partial file left");
        }
    }
}
