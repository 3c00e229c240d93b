package io.wirecost.report.metrics;

import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.wirecost.runner.UsageException;
import java.io.IOException;
import java.io.PrintStream;
import java.net.BindException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Where a run's metrics go while it runs: its own {@code /metrics} endpoint ({@code --metrics-port},
 * loopback unless {@code --metrics-bind} says otherwise), kept up for one scrape interval after the
 * run ({@code --metrics-linger}) so Prometheus sees the final figures, and optionally a final push to a
 * Pushgateway ({@code --push}), which keeps them after the runner has gone.
 *
 * <pre>
 * RunMetricsPublisher p = RunMetricsPublisher.start(9400, "127.0.0.1", lingerNs, pushTarget("http://localhost:9091"), "20250101-120000", System.err);
 * p.update(sources);                // after each scenario
 * boolean pushed = p.finish(sources);
 * </pre>
 */
public final class RunMetricsPublisher {

    private final RunMetrics metrics;
    private final PrometheusRegistry registry;
    private final HTTPServer server;
    private final ExecutorService executor;
    private final long lingerNs;
    private final URI push;
    private final String pushInstance;
    private final PrintStream log;

    private RunMetricsPublisher(
            RunMetrics metrics,
            PrometheusRegistry registry,
            HTTPServer server,
            ExecutorService executor,
            long lingerNs,
            URI push,
            String pushInstance,
            PrintStream log) {
        this.metrics = metrics;
        this.registry = registry;
        this.server = server;
        this.executor = executor;
        this.lingerNs = lingerNs;
        this.push = push;
        this.pushInstance = pushInstance;
        this.log = log;
    }

    /** Checks --push before anything runs: a typo should cost nothing. */
    public static URI pushTarget(String url) {
        if (url == null) return null;
        try {
            URI u = new URI(url);
            boolean bare =
                    u.getPath() == null || u.getPath().isEmpty() || u.getPath().equals("/");
            if ((!"http".equals(u.getScheme()) && !"https".equals(u.getScheme()))
                    || u.getHost() == null
                    || u.getPort() < 0
                    || !bare
                    || u.getQuery() != null
                    || u.getUserInfo() != null) {
                throw new URISyntaxException(url, "not http(s)://host:port");
            }
            return u;
        } catch (URISyntaxException e) {
            throw new UsageException(
                    "--push must be a Pushgateway address like http://localhost:9091, got '" + url + "'");
        }
    }

    /**
     * Starts the endpoint when a port is given (null: no endpoint); a taken port is bad input.
     * {@code pushInstance} (the run's directory name) groups the push: it replaces an earlier push of
     * the same run only, and carries baseline and candidate together.
     */
    public static RunMetricsPublisher start(
            Integer port, String bind, long lingerNs, URI push, String pushInstance, PrintStream log) {
        RunMetrics metrics = new RunMetrics();
        PrometheusRegistry registry = new PrometheusRegistry();
        metrics.register(registry);
        HTTPServer server = null;
        ExecutorService executor = null;
        if (port != null) {
            if (port < 0 || port > 65535) throw new UsageException("--metrics-port must be 0..65535, got " + port);
            executor = Executors.newFixedThreadPool(2, r -> {
                Thread t = new Thread(r, "wirecost-metrics-http");
                t.setDaemon(true);
                return t;
            });
            try {
                server = HTTPServer.builder()
                        .hostname(bind)
                        .port(port)
                        .registry(registry)
                        .executorService(executor)
                        .buildAndStart();
            } catch (BindException e) {
                executor.shutdownNow();
                throw new UsageException("--metrics-port " + port + " on " + bind + " is already in use");
            } catch (IOException e) {
                executor.shutdownNow();
                throw new UsageException("--metrics-port " + port + " on " + bind + ": " + e.getMessage());
            }
            log.println("wirecost: metrics on http://" + bind + ":" + server.getPort() + "/metrics");
        }
        return new RunMetricsPublisher(metrics, registry, server, executor, lingerNs, push, pushInstance, log);
    }

    public int port() {
        return server == null ? -1 : server.getPort();
    }

    public void update(List<RunMetrics.Source> sources) {
        metrics.update(sources);
    }

    /**
     * At the end of the run: pushes the final figures (when asked), keeps the endpoint up for the linger
     * time, then closes it. Returns false when the push failed (said in one line).
     */
    public boolean finish(List<RunMetrics.Source> sources) throws InterruptedException {
        metrics.update(sources);
        boolean ok = true;
        if (push != null) ok = FinalPush.push(push, pushInstance, registry, log);
        if (server != null) {
            if (lingerNs > 0) {
                log.println(
                        "wirecost: metrics endpoint stays up " + lingerNs / 1_000_000_000.0 + " s for a last scrape");
                Thread.sleep(lingerNs / 1_000_000, (int) (lingerNs % 1_000_000));
            }
            server.close();
            executor.shutdownNow();
        }
        return ok;
    }
}
