package io.wirecost.cli.monitoring;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A real OpenTelemetry Collector built from its Go modules by {@code collector/build.sh} (once per machine and
 * source hash) and started with {@code collector/otelcol.yaml} on free loopback ports, profiles enabled, its file
 * exporter writing to a file of the test's. Without Go the tests that need it are aborted by an assumption that
 * names the reason; every other failure (build, start) fails them.
 */
final class Collector implements AutoCloseable {

    static final Path DIR = Tools.HOME.resolve("collector");
    static final String PROFILES_GATE = "--feature-gates=service.profilesSupport";

    final Process process;
    final Path log;
    final Path profiles;
    final int grpcPort;
    final int httpPort;
    final int metricsPort;

    private Collector(Process process, Path log, Path profiles, int grpcPort, int httpPort, int metricsPort) {
        this.process = process;
        this.log = log;
        this.profiles = profiles;
        this.grpcPort = grpcPort;
        this.httpPort = httpPort;
        this.metricsPort = metricsPort;
    }

    /** The built binary, building it first if needed; aborts the test when this machine has no Go. */
    static Path binary() throws Exception {
        Tools.Result r = Tools.run(DIR, "bash", "build.sh");
        assumeTrue(
                r.exit() != 3,
                "no Go toolchain to build the OpenTelemetry Collector: "
                        + r.output().strip());
        if (r.exit() != 0) throw new AssertionError("collector/build.sh failed:\n" + r.output());
        List<String> lines = r.output().strip().lines().toList();
        return Path.of(lines.get(lines.size() - 1));
    }

    /** Starts the Collector, its profiles going to {@code dir/profiles.otlp}; returns once both receivers listen. */
    static Collector start(Path dir) throws Exception {
        return start(dir, null, Map.of(), List.of());
    }

    /**
     * Starts the Collector with {@code overlay} merged over collector/otelcol.yaml (the Collector merges its
     * {@code --config} files in order, maps key by key, lists replaced), {@code env} added to its environment, and
     * returns once its two receivers and the {@code ports} the overlay adds listen.
     */
    static Collector start(Path dir, Path overlay, Map<String, String> env, List<Integer> ports) throws Exception {
        Path binary = binary();
        int grpc = Tools.freePort();
        int http = Tools.freePort();
        int metrics = Tools.freePort();
        Path profiles = dir.resolve("profiles.otlp");
        Path log = dir.resolve("collector.log");
        Files.createDirectories(dir);
        List<String> cmd = new ArrayList<>(
                List.of(binary.toString(), PROFILES_GATE, "--config=file:" + DIR.resolve("otelcol.yaml")));
        if (overlay != null) cmd.add("--config=file:" + overlay.toAbsolutePath());
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment()
                .putAll(Map.of(
                        "WIRECOST_OTLP_GRPC",
                        "127.0.0.1:" + grpc,
                        "WIRECOST_OTLP_HTTP",
                        "127.0.0.1:" + http,
                        "WIRECOST_PROFILES",
                        profiles.toString(),
                        "WIRECOST_COLLECTOR_METRICS_PORT",
                        String.valueOf(metrics)));
        pb.environment().putAll(env);
        Collector c = new Collector(pb.start(), log, profiles, grpc, http, metrics);
        try {
            c.awaitListening(grpc);
            c.awaitListening(http);
            for (int port : ports) c.awaitListening(port);
        } catch (Throwable t) {
            c.close();
            throw t;
        }
        return c;
    }

    String httpProfilesUrl() {
        return "http://127.0.0.1:" + httpPort + "/v1development/profiles";
    }

    String grpcTarget() {
        return "127.0.0.1:" + grpcPort;
    }

    private void awaitListening(int port) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < end) {
            if (!process.isAlive())
                throw new AssertionError("the Collector exited " + process.exitValue() + "\n" + Tools.tail(log));
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 500);
                return;
            } catch (IOException e) {
                Thread.sleep(100);
            }
        }
        throw new AssertionError("the Collector did not listen on " + port + " within 30 s\n" + Tools.tail(log));
    }

    /** Runs the built Collector's {@code validate} on a config, with profiles enabled; returns its result. */
    static Tools.Result validate(Path config, Map<String, String> env) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("env"));
        env.forEach((k, v) -> cmd.add(k + "=" + v));
        cmd.addAll(List.of(binary().toString(), "validate", PROFILES_GATE, "--config=file:" + config));
        return Tools.run(DIR, cmd.toArray(String[]::new));
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) process.destroyForcibly();
    }
}
