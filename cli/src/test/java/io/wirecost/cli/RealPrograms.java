package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The third-party programs of cli/real-programs/pom.xml (Jetty, H2, Kafka, from Maven Central) and
 * bounded ways to start, drive and stop them as processes, the profiled one under wirecost's agent.
 */
final class RealPrograms {

    static final Path HOME = Path.of(System.getProperty("wirecost.home", ".."));
    static final Path TARGET = HOME.resolve("cli/real-programs/target");
    static final Path AGENT = Path.of(System.getProperty(
            "wirecost.agent.jar",
            HOME.resolve("profiler-agent/target/wirecost-agent.jar").toString()));
    static final String JAVA =
            Path.of(System.getProperty("java.home"), "bin", "java").toString();

    private RealPrograms() {}

    /** Copies the programs from Maven Central once (mvn dependency:copy through the pom beside them). */
    static synchronized void fetch() throws Exception {
        if (Files.isDirectory(TARGET.resolve("kafka/libs"))
                && Files.isDirectory(TARGET.resolve("h2"))
                && Files.isRegularFile(TARGET.resolve("jetty-base/webapps/demo.war"))
                && jettyHome() != null) {
            return;
        }
        Process p = new ProcessBuilder(
                        "mvn",
                        "-B",
                        "-q",
                        "-f",
                        HOME.resolve("cli/real-programs/pom.xml").toString(),
                        "package")
                .inheritIO()
                .start();
        assertTrue(
                p.waitFor(10, TimeUnit.MINUTES), "fetching the real programs from Maven Central took over 10 minutes");
        assertEquals(0, p.exitValue(), "mvn -f cli/real-programs/pom.xml package failed");
    }

    static Path jettyHome() throws IOException {
        if (!Files.isDirectory(TARGET)) return null;
        try (var s = Files.list(TARGET)) {
            return s.filter(d -> d.getFileName().toString().startsWith("jetty-home-"))
                    .findFirst()
                    .orElse(null);
        }
    }

    static String agent(Path recording) {
        return "-javaagent:" + AGENT + "=file=" + recording + ",interval=5ms";
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    static Process start(Path dir, Path log, List<String> command) throws IOException {
        return new ProcessBuilder(command)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
    }

    /** Waits until something listens on 127.0.0.1:port, or fails naming the log. */
    static void awaitPort(Process p, int port, int seconds, Path log) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < end) {
            if (!p.isAlive()) fail("exited with " + p.exitValue() + " before listening on " + port + ": " + tail(log));
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 500);
                return;
            } catch (IOException notYet) {
                Thread.sleep(250);
            }
        }
        fail("nothing listens on " + port + " after " + seconds + " s: " + tail(log));
    }

    /** Runs a command to its end within the bound; returns its output. */
    /** The requests whose answers wrk read, from its report ({@code 73697 requests in 10.04s, ...}). */
    static long wrkRequests(String report) {
        return Long.parseLong(report.lines()
                .filter(l -> l.contains(" requests in "))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no request count in wrk's report: " + report))
                .trim()
                .split(" ")[0]);
    }

    static String run(Path dir, int seconds, List<String> command) throws Exception {
        Path out = Files.createTempFile(dir, "run", ".log");
        Process p = new ProcessBuilder(command)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(out.toFile())
                .start();
        if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail(String.join(" ", command) + " did not finish in " + seconds + " s: " + tail(out));
        }
        String text = Files.readString(out);
        assertEquals(0, p.exitValue(), String.join(" ", command) + ": " + text);
        return text;
    }

    /** SIGTERM, so the agent's shutdown hook writes the recording; a program that will not stop is killed and fails the test. */
    static void stop(Process p, Path recording) throws Exception {
        p.destroy();
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            fail("did not stop within 30 s of SIGTERM");
        }
        assertTrue(Files.size(recording) > 0, recording + " is empty");
    }

    static List<String> javaCommand(String... args) {
        List<String> cmd = new ArrayList<>(List.of(JAVA));
        cmd.addAll(List.of(args));
        return cmd;
    }

    static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 15), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }
}
