package io.wirecost.cli.monitoring;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The real programs the monitoring tests use, found on the PATH as Debian installs them
 * ({@code .ci/run} installs them; the tests install nothing). A missing one is a failure that says
 * what to install, never a skip.
 */
final class Tools {

    static final Path HOME =
            Path.of(System.getProperty("wirecost.home", "..")).toAbsolutePath().normalize();
    static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private Tools() {}

    static Path require(String program, String debianPackage) {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
            Path p = Path.of(dir, program);
            if (Files.isExecutable(p)) return p;
        }
        throw new AssertionError(program + " not found on the PATH: install Debian's " + debianPackage
                + " (apt-get install -y " + debianPackage + "; .ci/run does)");
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** Starts a program with stdout and stderr in {@code log}; the caller destroys it. */
    static Process start(Path log, List<String> command) throws IOException {
        Files.createDirectories(log.getParent());
        return new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
    }

    /** Polls a URL until it answers 200, the process dies (then fails with its log) or 30 s pass. */
    static void awaitHttp(String url, Process process, Path log) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < end) {
            if (!process.isAlive())
                throw new AssertionError(url + ": process exited " + process.exitValue() + "\n" + tail(log));
            try {
                if (HTTP.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.discarding())
                                .statusCode()
                        == 200) return;
            } catch (IOException e) {
                // not listening yet
            }
            Thread.sleep(200);
        }
        throw new AssertionError(url + " did not answer within 30 s\n" + tail(log));
    }

    static String tail(Path log) throws IOException {
        if (!Files.exists(log)) return "(no log)";
        List<String> lines = Files.readAllLines(log);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
    }

    /** Runs a program to completion (at most 2 minutes); returns exit status and output. */
    static Result run(Path dir, String... command) throws Exception {
        Process p = new ProcessBuilder(command)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(2, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError(List.of(command) + " did not finish within 2 minutes");
        }
        return new Result(p.exitValue(), new String(out, java.nio.charset.StandardCharsets.UTF_8));
    }

    record Result(int exit, String output) {}

    static List<String> javaCommand(String... rest) {
        List<String> cmd = new ArrayList<>(
                List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(List.of(rest));
        return cmd;
    }
}
