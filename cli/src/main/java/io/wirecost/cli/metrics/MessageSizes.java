package io.wirecost.cli.metrics;

import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Labels;
import io.wirecost.cli.run.ScenarioResult;

import java.util.List;
import java.util.function.Supplier;

/**
 * The hook for message sizes: {@code wirecost_message_bytes{scenario, operation, direction}}.
 * {@link ScenarioResult} has no message sizes yet (they are being built elsewhere), so {@link #of}
 * returns none and the family has no series: client_java then writes nothing for it, neither on the
 * endpoint nor in metrics.prom (an absent family is honest, zeros would not be). When ScenarioResult
 * gains them, mapping them in {@link #of} is the only change; the Grafana panel already queries this
 * name and these labels.
 */
public final class MessageSizes {

    /** One operation's message size in one direction ({@code request} or {@code response}). */
    public record MessageSize(String operation, String direction, long bytes) {
    }

    private MessageSizes() {
    }

    public static List<MessageSize> of(ScenarioResult result) {
        return List.of();   // ScenarioResult carries no message sizes yet
    }

    static void register(PrometheusRegistry registry, Labels run, Supplier<List<ScenarioResult>> results) {
        GaugeWithCallback.builder().name("wirecost_message_bytes")
                .help("Bytes on the wire per invocation, by operation and direction (request, response)")
                .labelNames("scenario", "operation", "direction").constLabels(run)
                .callback(cb -> {
                    for (ScenarioResult r : results.get()) {
                        for (MessageSize m : of(r)) cb.call(m.bytes(), r.scenario(), m.operation(), m.direction());
                    }
                }).register(registry);
    }
}
