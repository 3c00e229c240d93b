package io.wirecost.agent;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** A real host JVM running a test-sources main with the built agent jar attached; output kept in files. */
final class HostJvm implements AutoCloseable {

    static final Path AGENT_JAR = Path.of(System.getProperty("wirecost.agent.jar", "target/wirecost-agent.jar"));

    final Process process;
    final Path stdout;
    final Path stderr;

    private HostJvm(Process process, Path stdout, Path stderr) {
        this.process = process;
        this.stdout = stdout;
        this.stderr = stderr;
    }

    static HostJvm start(Path dir, String agentOptions, List<String> jvmOptions, String main, String... args)
            throws IOException {
        return start(Path.of(System.getProperty("java.home")), dir, agentOptions, jvmOptions, main, args);
    }

    static HostJvm start(
            Path javaHome, Path dir, String agentOptions, List<String> jvmOptions, String main, String... args)
            throws IOException {
        return start(javaHome, dir, agentOptions, jvmOptions, List.of(), main, args);
    }

    /** With {@code classpath} (the host application's own libraries) after the test classes. */
    static HostJvm start(
            Path javaHome,
            Path dir,
            String agentOptions,
            List<String> jvmOptions,
            List<String> classpath,
            String main,
            String... args)
            throws IOException {
        Files.createDirectories(dir);
        List<String> cmd = new ArrayList<>(List.of(
                javaHome.resolve("bin").resolve("java").toString(),
                "-javaagent:" + AGENT_JAR.toAbsolutePath() + "=" + agentOptions,
                "-Djava.io.tmpdir=" + tmpdir(dir)));
        cmd.addAll(jvmOptions);
        // only the test classes: with the module's own target/classes on the class path, the JVM would load
        // the unshaded Agent from there instead of the jar under test
        List<String> cp = new ArrayList<>(List.of(testClasses().toString()));
        cp.addAll(classpath);
        cmd.addAll(List.of("-cp", String.join(java.io.File.pathSeparator, cp), main));
        cmd.addAll(List.of(args));
        Path out = dir.resolve("stdout.txt");
        Path err = dir.resolve("stderr.txt");
        Process p = new ProcessBuilder(cmd)
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .start();
        return new HostJvm(p, out, err);
    }

    static Path testClasses() {
        try {
            return Path.of(io.wirecost.agent.sample.BusySerializer.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The child's own temp directory, to check that the agent leaves nothing behind. */
    static Path tmpdir(Path dir) throws IOException {
        return Files.createDirectories(dir.resolve("jvm-tmp"));
    }

    int waitFor(long seconds) throws Exception {
        if (!process.waitFor(seconds, TimeUnit.SECONDS))
            throw new AssertionError("host JVM still running after " + seconds + " s");
        return process.exitValue();
    }

    String out() throws IOException {
        return Files.readString(stdout, StandardCharsets.UTF_8);
    }

    String err() throws IOException {
        return Files.readString(stderr, StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** One scrape, as series text ({@code name{labels}}) to value; null when the endpoint does not answer. */
    static Map<String, Double> scrape(int port) {
        try {
            HttpResponse<String> r = HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
            Map<String, Double> series = new LinkedHashMap<>();
            for (String line : r.body().split("\n")) {
                if (line.isBlank() || line.startsWith("#")) continue;
                int sp = line.lastIndexOf(' ');
                series.put(line.substring(0, sp), Double.parseDouble(line.substring(sp + 1)));
            }
            return series;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** The value of the one series of {@code name} whose labels contain every fragment, e.g. {@code category="rmi"}. */
    static double value(Map<String, Double> series, String name, String... fragments) {
        List<Double> found = new ArrayList<>();
        for (Map.Entry<String, Double> e : series.entrySet()) {
            String s = e.getKey();
            if (!(s.equals(name) || s.startsWith(name + "{"))) continue;
            boolean all = true;
            for (String f : fragments) all &= s.contains(f);
            if (all) found.add(e.getValue());
        }
        if (found.size() != 1)
            throw new AssertionError(
                    found.size() + " series of " + name + " with " + List.of(fragments) + " in " + series.keySet());
        return found.get(0);
    }
}
