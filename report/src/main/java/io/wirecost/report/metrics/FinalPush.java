package io.wirecost.report.metrics;

import io.prometheus.metrics.exporter.pushgateway.PushGateway;
import io.prometheus.metrics.exporter.pushgateway.Scheme;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;

/**
 * The one push of a run's final figures to a Pushgateway ({@code --push}): how the series are grouped there decides
 * which earlier push they replace, and a failed push is reported, never thrown, since the run itself has succeeded.
 */
final class FinalPush {

    private FinalPush() {}

    /** Pushes the registry's figures under job wirecost; false when the push failed (said in one line). */
    static boolean push(URI push, String pushInstance, PrometheusRegistry registry, PrintStream log) {
        try {
            PushGateway.builder()
                    .address(push.getHost() + ":" + push.getPort())
                    .scheme(push.getScheme().equals("https") ? Scheme.HTTPS : Scheme.HTTP)
                    .job("wirecost")
                    // not "run": with a candidate the series carry two run ids (DIR/baseline, DIR/candidate)
                    .groupingKey("instance", pushInstance)
                    .registry(registry)
                    .build()
                    .push();
            log.println(
                    "wirecost: pushed the run's metrics to " + push + " (job wirecost, instance " + pushInstance + ")");
            return true;
        } catch (IOException | RuntimeException e) {
            log.println("wirecost: push to " + push + " failed: " + e.getMessage());
            return false;
        }
    }
}
