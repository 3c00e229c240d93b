package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Faults during runs: the failed scenario is reported with its cause, the others still run, every
 * figure measured before the fault is kept, and no process outlives the run (checked in the process
 * table: no process whose command line names the run's directory).
 */
class FaultsIT {

    @TempDir
    Path dir;

    private JsonNode results(Path out) throws Exception {
        return new ObjectMapper().readTree(out.resolve("results.json").toFile());
    }

    private static JsonNode scenario(JsonNode results, String name) {
        for (JsonNode s : results.get("scenarios"))
            if (s.get("scenario").asText().equals(name)) return s;
        throw new AssertionError("no scenario " + name + " in " + results);
    }

    /** Processes (other than this JVM) whose command line mentions {@code marker}. */
    static List<String> processesMentioning(String marker) throws Exception {
        List<String> found = new ArrayList<>();
        long self = ProcessHandle.current().pid();
        try (DirectoryStream<Path> procs = Files.newDirectoryStream(
                Path.of("/proc"), p -> p.getFileName().toString().matches("\\d+"))) {
            for (Path p : procs) {
                if (Long.parseLong(p.getFileName().toString()) == self) continue;
                try {
                    String cmd = new String(Files.readAllBytes(p.resolve("cmdline")), StandardCharsets.UTF_8)
                            .replace('\0', ' ');
                    if (cmd.contains(marker)) found.add(p.getFileName() + ": " + cmd);
                } catch (Exception e) {
                    // exited meanwhile
                }
            }
        }
        return found;
    }

    private void assertNoOrphans(Path out) throws Exception {
        // the reaper gives a JVM a few seconds to flush its recording before it is killed
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        List<String> left;
        do {
            left = processesMentioning(out.toString());
            if (left.isEmpty()) return;
            Thread.sleep(200);
        } while (System.nanoTime() < deadline);
        throw new AssertionError("orphan processes: " + left);
    }

    @Test
    void aServerKilledMidMeasurementFailsOnlyItsScenario() throws Exception {
        Path out = dir.resolve("halt");
        // 8 x 5000 warm-up calls, then the server halts during the measurement of the fourth type
        int exit = Main.execute(
                "run",
                "--quick",
                "--warmup",
                "5000",
                "--scenarios",
                "rmi,tcp",
                "--scenario-option",
                "fault.halt-after-calls=44000",
                "--out",
                out.toString());
        assertEquals(1, exit);
        JsonNode rmi = scenario(results(out), "rmi");
        assertEquals("failed", rmi.get("status").asText());
        assertTrue(
                rmi.get("error").asText().contains("measure"), rmi.get("error").asText());
        assertTrue(rmi.get("rtt").size() >= 2, "the types measured before the fault are kept: " + rmi.get("rtt"));
        assertEquals("ok", scenario(results(out), "tcp").get("status").asText(), "the next scenario still runs");
        assertNoOrphans(out);
    }

    @Test
    void aHangingServerIsCutOffByTheCallTimeout() throws Exception {
        Path out = dir.resolve("hang");
        long t0 = System.nanoTime();
        int exit = Main.execute(
                "run",
                "--quick",
                "--warmup",
                "5000",
                "--scenarios",
                "rmi",
                "--scenario-option",
                "fault.hang-after-calls=44000",
                "--call-timeout",
                "2s",
                "--out",
                out.toString());
        assertEquals(1, exit);
        JsonNode rmi = scenario(results(out), "rmi");
        assertTrue(
                rmi.get("error").asText().contains("Timeout")
                        || rmi.get("error").asText().contains("timed out"),
                rmi.get("error").asText());
        assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(90), "cut off, not waited out");
        assertNoOrphans(out);
    }

    /** /dev/full fails every write with ENOSPC: a recording written there is a disk that filled up. */
    @Test
    void aFullDiskWhileRecordingIsReportedAndTheTimingsKept() throws Exception {
        Path out = dir.resolve("full");
        Files.createDirectories(out.resolve("recordings"));
        Files.createSymbolicLink(out.resolve("recordings/rmi-server.jfr"), Path.of("/dev/full"));
        int exit = Main.execute("run", "--quick", "--scenarios", "rmi", "--out", out.toString());
        assertEquals(1, exit);
        JsonNode rmi = scenario(results(out), "rmi");
        assertTrue(
                rmi.get("error").asText().contains("rmi-server.jfr"),
                rmi.get("error").asText());
        assertEquals(10, rmi.get("rtt").size(), "every round-trip figure was measured and kept");
        assertNoOrphans(out);
    }

    /**
     * Privoxy is killed (-9) while http-to-port measures: the scenario fails naming its cause, the next
     * one runs, the figures measured before are kept, and neither the server JVM nor the proxy's watchdog
     * outlives the run. Needs the Debian package privoxy, as .ci/run installs it.
     */
    @Test
    void aProxyThatDiesFailsOnlyItsScenario() throws Exception {
        Path out = dir.resolve("proxy");
        java.util.concurrent.CompletableFuture<Integer> run =
                java.util.concurrent.CompletableFuture.supplyAsync(() -> Main.execute(
                        "run",
                        "--quick",
                        "--scenarios",
                        "http-to-port,tcp",
                        "--profiler",
                        "none",
                        "--warmup",
                        "1000",
                        "--scenario-option",
                        "tunnel.proxy=privoxy",
                        "--out",
                        out.toString()));
        // the run's Privoxy: a privoxy process descended from a JVM of this run
        long proxyPid = -1;
        Path log = null;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (proxyPid < 0 && System.nanoTime() < deadline && !run.isDone()) {
            for (String p : processesMentioning("wirecost-privoxy-")) {
                long pid = Long.parseLong(p.substring(0, p.indexOf(':')));
                String[] cmd = p.substring(p.indexOf(':') + 2).trim().split(" ");
                if (!cmd[0].equals("/bin/sh") && descendsFrom(pid, out.toString())) {
                    proxyPid = pid;
                    log = Path.of(cmd[cmd.length - 1]).resolveSibling("privoxy.log");
                }
            }
            Thread.sleep(100);
        }
        assertTrue(proxyPid > 0, "Privoxy carried http-to-port (install the Debian package privoxy)");
        // Privoxy logs a line per request: past 8 x 1000 warm-up calls and 4 of the 8 timed types (12 x 100 each)
        while (!run.isDone() && lines(log) < 8 * 1000 + 4 * 1200) Thread.sleep(20);
        ProcessHandle.of(proxyPid).ifPresent(ProcessHandle::destroyForcibly);
        assertEquals(1, run.get(240, TimeUnit.SECONDS));
        JsonNode http = scenario(results(out), "http-to-port");
        assertEquals("failed", http.get("status").asText());
        // refused when the kill falls between calls, reset when it falls inside one, closed when it falls inside the
        // reply: either way the proxy is named
        assertTrue(
                http.get("error").asText().contains("proxy /127.0.0.1:")
                        && http.get("error").asText().matches("(?s).*(refused|reset|closed) the connection.*"),
                "the cause is named: " + http.get("error").asText());
        assertTrue(http.get("rtt").size() >= 2, "the types measured before the fault are kept: " + http.get("rtt"));
        assertEquals("ok", scenario(results(out), "tcp").get("status").asText(), "the next scenario still runs");
        assertNoOrphans(out);
        assertTrue(processesMentioning("wirecost-privoxy-").stream()
                .noneMatch(p -> descendsFrom(Long.parseLong(p.substring(0, p.indexOf(':'))), out.toString())));
    }

    private static long lines(Path file) {
        try (java.util.stream.Stream<String> l = Files.lines(file, StandardCharsets.ISO_8859_1)) {
            return l.count();
        } catch (Exception e) {
            return 0; // not written yet
        }
    }

    /** Whether an ancestor of {@code pid} has {@code marker} in its command line (read from /proc, as processesMentioning does). */
    private static boolean descendsFrom(long pid, String marker) {
        for (var p = ProcessHandle.of(pid).flatMap(ProcessHandle::parent);
                p.isPresent();
                p = p.get().parent()) {
            try {
                if (Files.readString(
                                Path.of("/proc", String.valueOf(p.get().pid()), "cmdline"), StandardCharsets.ISO_8859_1)
                        .contains(marker)) return true;
            } catch (Exception e) {
                return false; // exited meanwhile
            }
        }
        return false;
    }

    /** A metrics port someone else holds is refused in one line before any JVM starts; nothing is measured into the void. */
    @Test
    void aTakenMetricsPortIsOneLineAndExitTwo() throws Exception {
        try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            Path out = dir.resolve("port");
            CliProcess.Outcome o = CliProcess.run(
                    "run",
                    "--quick",
                    "--scenarios",
                    "tcp",
                    "--metrics-port",
                    String.valueOf(taken.getLocalPort()),
                    "--out",
                    out.toString());
            assertEquals(2, o.exit(), o.err());
            assertTrue(
                    o.err().contains("--metrics-port " + taken.getLocalPort())
                            && o.err().contains("already in use"),
                    o.err());
            assertTrue(o.stderr().stream().noneMatch(l -> l.contains("Exception") || l.startsWith("\tat ")), o.err());
            assertNoOrphans(out);
        }
    }

    @Test
    void ctrlCStopsTheJvmsAndLeavesValidPartialResults() throws Exception {
        Path out = dir.resolve("interrupted");
        List<String> cmd = List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dwirecost.agent.jar=" + System.getProperty("wirecost.agent.jar"),
                "-Dwirecost.home=" + System.getProperty("wirecost.home"),
                "-cp",
                System.getProperty("java.class.path"),
                "io.wirecost.cli.Main",
                "run",
                "--quick",
                "--scenarios",
                "tcp,rmi,rmi-ssl",
                "--out",
                out.toString());
        Process p = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("run.log").toFile())
                .start();
        // wait until the first scenario's results are on disk and the second is running
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (!Files.exists(out.resolve("results.json")) && System.nanoTime() < deadline) Thread.sleep(200);
        assertTrue(
                Files.exists(out.resolve("results.json")),
                "first scenario finished: " + Files.readString(dir.resolve("run.log")));
        Thread.sleep(2000);
        new ProcessBuilder("kill", "-INT", String.valueOf(p.pid())).start().waitFor();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the run stops on Ctrl-C");
        String log = Files.readString(dir.resolve("run.log"));
        assertTrue(
                log.contains(
                        "wirecost: stopped before the run ended; " + out + " holds the scenarios that finished (tcp"),
                "the run says it holds a part: " + log);
        JsonNode r = results(out);
        assertEquals("tcp", r.get("scenarios").get(0).get("scenario").asText());
        assertEquals("ok", r.get("scenarios").get(0).get("status").asText());
        assertTrue(Files.size(out.resolve("recordings/tcp-server.jfr")) > 1000);
        CliProcess.Outcome a = CliProcess.run(
                "attribute", out.resolve("recordings/tcp-server.jfr").toString(), "--format", "csv");
        assertEquals(0, a.exit(), "the finished scenario's recordings are valid: " + a.err());
        try (java.util.stream.Stream<Path> all = Files.walk(out)) {
            // AtomicFilesInterruptTest interrupts at many moments; this is the whole run at one
            assertEquals(
                    List.of(),
                    all.filter(f -> f.getFileName().toString().endsWith(".tmp"))
                            .map(out::relativize)
                            .toList(),
                    "half-written files left by the interrupt");
        }
        assertNoOrphans(out);
    }
}
