package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wirecost.cli.attach.TargetApp;
import io.wirecost.cli.attach.TargetJvm;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wirecost attach} on real JVMs: 17 (the build's) and Temurin 25, twice in a row, with live metrics
 * then detach, and each refusal as one line. Every target must finish its work and exit 0 afterwards:
 * wirecost may never kill or hang the JVM it profiles.
 */
class AttachIT {

    static final Path JDK25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");

    @TempDir
    Path tmp;

    @Test
    void attachesTwiceToAJdk17TargetWhichRunsOnUnharmed() throws Exception {
        try (TargetJvm target =
                TargetJvm.start(Path.of(System.getProperty("java.home")), tmp.resolve("t17.log"), List.of())) {
            JsonNode first = attach(target, tmp.resolve("first"), "--duration", "2s");
            JsonNode second = attach(target, tmp.resolve("second"), "--duration", "1s", "--profiler", "jfr");
            assertEquals(
                    "17", first.at("/scenarios/0/facts/java.version").asText().split("\\.")[0]);
            assertEquals("TargetApp", first.at("/scenarios/0/scenario").asText());
            assertTrue(
                    second.at("/scenarios/0/shares/all/events").asText().contains("jdk.ExecutionSample"),
                    second.toString());
            assertTrue(target.alive());
            assertEquals(0, target.finish(), target.output());
            assertTrue(target.output().contains("done"), target.output());
        }
    }

    @Test
    void attachesToAJdk25Target() throws Exception {
        assertTrue(Files.isExecutable(JDK25.resolve("bin/java")), "Temurin 25 is part of this machine: " + JDK25);
        try (TargetJvm target = TargetJvm.start(
                JDK25,
                tmp.resolve("t25.log"),
                List.of(),
                "-XX:+EnableDynamicAgentLoading",
                "--enable-native-access=ALL-UNNAMED")) {
            JsonNode run = attach(target, tmp.resolve("run25"), "--duration", "2s");
            assertEquals(
                    "25", run.at("/scenarios/0/facts/java.version").asText().split("\\.")[0]);
            assertEquals(0, target.finish(), target.output());
            // the documented flags silence JDK 21+'s dynamic-agent and native-access warnings
            assertFalse(target.output().contains("WARNING"), target.output());
        }
    }

    /**
     * -Xrs leaves SIGQUIT to its default action, which would kill the JVM; such a JVM opens its attach socket at
     * start-up instead (HotSpot's AttachListener::init_at_startup), so wirecost attaches through it without a signal.
     */
    @Test
    void aJvmStartedWithXrsIsAttachedWithoutASignal() throws Exception {
        try (TargetJvm target =
                TargetJvm.start(Path.of(System.getProperty("java.home")), tmp.resolve("xrs.log"), List.of(), "-Xrs")) {
            attach(target, tmp.resolve("xrs"), "--duration", "1s");
            assertEquals(0, target.finish(), target.output());
        }
    }

    @Test
    void liveMetricsStayUpUntilDetach() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        try (TargetJvm target =
                TargetJvm.start(Path.of(System.getProperty("java.home")), tmp.resolve("tm.log"), List.of())) {
            attach(target, tmp.resolve("live"), "--duration", "2s", "--metrics-port", String.valueOf(port));
            HttpClient http = HttpClient.newHttpClient();
            HttpRequest scrape = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                    .build();
            String metrics =
                    http.send(scrape, HttpResponse.BodyHandlers.ofString()).body();
            assertTrue(metrics.contains("wirecost_category_share_ratio"), metrics);

            CliProcess.Outcome detach = CliProcess.run("detach", String.valueOf(target.pid()));
            assertEquals(0, detach.exit(), detach.err());
            assertThrows(ConnectException.class, () -> http.send(scrape, HttpResponse.BodyHandlers.ofString()));
            assertFalse(threadDump(target.pid()).contains("\"wirecost-agent"), "agent threads left after detach");
            assertEquals(0, target.finish(), target.output());
        }
    }

    @Test
    void refusalsAreOneLineAndLeaveTheProcessAlone() throws Exception {
        assertRefused("pid 999999999: no such process", "999999999");

        Process sleep = new ProcessBuilder("sleep", "60").start();
        try {
            String command = sleep.info().command().orElseThrow(); // /usr/bin/sleep or /bin/sleep
            assertRefused("pid " + sleep.pid() + " (" + command + ") is not a JVM", String.valueOf(sleep.pid()));
            assertTrue(sleep.isAlive(), "nothing may be sent to a process that is not a JVM");
        } finally {
            sleep.destroy();
        }

        try (TargetJvm disabled = TargetJvm.start(
                Path.of(System.getProperty("java.home")),
                tmp.resolve("dis.log"),
                List.of(),
                "-XX:+DisableAttachMechanism")) {
            assertRefused("pid " + disabled.pid() + ": attach is disabled in this JVM", String.valueOf(disabled.pid()));
            assertEquals(0, disabled.finish(), disabled.output());
        }

        CliProcess.Outcome noModule =
                runLimited("attach", String.valueOf(ProcessHandle.current().pid()));
        assertEquals(2, noModule.exit());
        assertEquals(1, noModule.stderr().size(), noModule.err());
        assertTrue(noModule.err().contains("has no jdk.attach module: run wirecost with a full JDK"), noModule.err());
    }

    /** As root, a JVM run as nobody; as anyone else, pid 1 (root's): either way another user's process. */
    @Test
    void anotherUsersJvmIsRefused() throws Exception {
        if (!System.getProperty("user.name").equals("root")) {
            assertRefused("pid 1 belongs to root", "1");
            return;
        }
        Path shared = Files.createTempDirectory(
                tmp, "classes", PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
        Path pkg = Files.createDirectories(shared.resolve("io/wirecost/cli/attach"));
        Files.copy(
                Path.of(TargetJvm.testClasses(), "io/wirecost/cli/attach/TargetApp.class"),
                pkg.resolve("TargetApp.class"));
        for (Path p : List.of(
                tmp,
                shared,
                shared.resolve("io"),
                shared.resolve("io/wirecost"),
                shared.resolve("io/wirecost/cli"),
                pkg)) {
            Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        List<String> cmd = new ArrayList<>(List.of(
                "setpriv",
                "--reuid=nobody",
                "--regid=nogroup",
                "--clear-groups",
                Path.of(System.getProperty("java.home"), "bin/java").toString(),
                "-cp",
                shared.toString(),
                TargetApp.class.getName(),
                "20000"));
        Process other = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(tmp.resolve("other.log").toFile())
                .start();
        try {
            Thread.sleep(1500);
            assertTrue(other.isAlive(), Files.readString(tmp.resolve("other.log")));
            assertRefused(
                    "pid " + other.pid() + " belongs to nobody, not root: wirecost attaches only to your own JVMs",
                    String.valueOf(other.pid()));
            assertTrue(other.isAlive());
        } finally {
            other.destroy();
            other.waitFor(10, TimeUnit.SECONDS);
        }
    }

    private static void assertRefused(String message, String pid) throws Exception {
        CliProcess.Outcome o = CliProcess.run("attach", pid, "--duration", "1s");
        assertEquals(2, o.exit(), o.err());
        assertEquals(1, o.stderr().size(), o.err());
        assertTrue(o.err().startsWith("wirecost: " + message), o.err());
    }

    private static JsonNode attach(TargetJvm target, Path out, String... options) throws Exception {
        List<String> args = new ArrayList<>(List.of("attach", String.valueOf(target.pid()), "--out", out.toString()));
        args.addAll(List.of(options));
        CliProcess.Outcome o = CliProcess.run(args.toArray(String[]::new));
        assertEquals(0, o.exit(), o.err() + "\n" + target.output());
        JsonNode results =
                new ObjectMapper().readTree(out.resolve("results.json").toFile());
        assertEquals("ok", results.at("/scenarios/0/status").asText(), results.toString());
        assertTrue(results.at("/scenarios/0/shares/all/total_samples").asLong() > 0, results.toString());
        assertTrue(Files.isRegularFile(out.resolve("report.html")));
        assertTrue(Files.isRegularFile(out.resolve("flames/TargetApp-all.html")));
        assertTrue(Files.readString(out.resolve("shares.csv")).startsWith("scenario,role,category"));
        assertTrue(target.alive(), "the target died during attach: " + target.output());
        return results;
    }

    /** The CLI on a runtime whose boot layer lacks jdk.attach, as a JRE or a jlinked image would be. */
    private static CliProcess.Outcome runLimited(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--limit-modules",
                "java.se,jdk.jfr,jdk.unsupported,jdk.management,jdk.httpserver",
                "-cp",
                System.getProperty("java.class.path"),
                "io.wirecost.cli.Main"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).start();
        byte[] out = p.getInputStream().readAllBytes();
        byte[] err = p.getErrorStream().readAllBytes();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        return new CliProcess.Outcome(
                p.exitValue(), new String(out), new String(err).lines().toList());
    }

    private static String threadDump(long pid) throws Exception {
        Process p = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                        String.valueOf(pid),
                        "Thread.print")
                .redirectErrorStream(true)
                .start();
        String dump = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        return dump;
    }
}
