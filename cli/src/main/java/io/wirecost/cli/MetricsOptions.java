package io.wirecost.cli;

import io.wirecost.cli.common.Durations;
import io.wirecost.report.metrics.RunMetricsPublisher;
import io.wirecost.runner.UsageException;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import picocli.CommandLine.Option;

/** {@code run}'s live metrics: an endpoint for Prometheus while the run lasts, and a push of the final figures. */
final class MetricsOptions {

    @Option(
            names = "--metrics-port",
            description =
                    "Serve the run's metrics for Prometheus on this port (0: any free port; default: no endpoint).")
    Integer metricsPort;

    @Option(
            names = "--metrics-bind",
            defaultValue = "127.0.0.1",
            description = "Address of the metrics endpoint (default: ${DEFAULT-VALUE}; 0.0.0.0 inside a container).")
    String metricsBind;

    @Option(
            names = "--metrics-linger",
            defaultValue = "15s",
            description =
                    "Keep the metrics endpoint up this long after the run: one scrape interval (default: ${DEFAULT-VALUE}; 0: none).")
    String metricsLinger;

    @Option(
            names = "--push",
            paramLabel = "URL",
            description = "Push the final figures to this Pushgateway, e.g. http://localhost:9091.")
    String pushUrl;

    /** The settings checked before any JVM starts. */
    record Checked(Integer port, String bind, long lingerNs, URI push) {
        RunMetricsPublisher start(String runName) {
            return RunMetricsPublisher.start(port, bind, lingerNs, push, runName, System.err);
        }
    }

    Checked checked() {
        // before the run's directory is made: a port taken is the publisher's to say, a port that is none is ours
        if (metricsPort != null) io.wirecost.cli.common.Bounds.within("--metrics-port", metricsPort, 0, 65535);
        if (!isAddressLiteral(metricsBind)) {
            throw new UsageException(
                    "--metrics-bind must be an IP address like 127.0.0.1 or 0.0.0.0, got '" + metricsBind + "'");
        }
        long lingerNs = metricsLinger.equals("0") ? 0 : Durations.parseNanos("--metrics-linger", metricsLinger);
        return new Checked(metricsPort, metricsBind, lingerNs, RunMetricsPublisher.pushTarget(pushUrl));
    }

    /** An IPv4 or IPv6 literal (or localhost): checked without a name lookup, which could hang offline. */
    static boolean isAddressLiteral(String text) {
        if (text.equals("localhost")) return true;
        if (!text.matches("\\d{1,3}(\\.\\d{1,3}){3}") && !text.matches("[0-9a-fA-F:]*:[0-9a-fA-F:.]*")) return false;
        try {
            InetAddress.getByName(text); // a literal: parsed, never looked up
            return true;
        } catch (UnknownHostException e) {
            return false;
        }
    }
}
