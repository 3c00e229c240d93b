package io.wirecost.report.metrics;

import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.wirecost.runner.MessageSize;
import io.wirecost.runner.ScenarioResult;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.ToDoubleFunction;

/**
 * Message sizes per invocation, as the run measured them on the loopback (a tcpdump pass, see
 * {@link MessageSize}):
 *
 * <pre>
 * wirecost_message_bytes{direction="request",operation="int",run="...",scenario="rmi"} 61.0
 * wirecost_message_wire_bytes{direction="request",operation="int",run="...",scenario="rmi"} 193.0
 * wirecost_message_packets{operation="int",run="...",scenario="rmi"} 4.0
 * </pre>
 *
 * A scenario whose sizes were not measured has no series: an absent figure is honest, zero would not be.
 */
final class MessageSizes {

    private MessageSizes() {}

    static void register(PrometheusRegistry registry, Consumer<BiConsumer<String, ScenarioResult>> results) {
        byDirection(
                registry,
                results,
                "wirecost_message_bytes",
                "TCP payload per invocation by direction (request: client to server), HTTP headers and TLS records included",
                MessageSize::requestBytes,
                MessageSize::responseBytes);
        byDirection(
                registry,
                results,
                "wirecost_message_wire_bytes",
                "IP packets per invocation by direction, TCP/IP headers included",
                MessageSize::requestWireBytes,
                MessageSize::responseWireBytes);
        GaugeWithCallback.builder()
                .name("wirecost_message_packets")
                .help("TCP segments per invocation, both directions, ACKs included")
                .labelNames("run", "scenario", "operation")
                .callback(cb -> results.accept((run, r) -> {
                    for (MessageSize m : r.sizes()) cb.call(m.packetsPerCall(), run, r.scenario(), m.operation());
                }))
                .register(registry);
    }

    private static void byDirection(
            PrometheusRegistry registry,
            Consumer<BiConsumer<String, ScenarioResult>> results,
            String name,
            String help,
            ToDoubleFunction<MessageSize> request,
            ToDoubleFunction<MessageSize> response) {
        GaugeWithCallback.builder()
                .name(name)
                .help(help)
                .labelNames("run", "scenario", "operation", "direction")
                .callback(cb -> results.accept((run, r) -> {
                    for (MessageSize m : r.sizes()) {
                        cb.call(request.applyAsDouble(m), run, r.scenario(), m.operation(), "request");
                        cb.call(response.applyAsDouble(m), run, r.scenario(), m.operation(), "response");
                    }
                }))
                .register(registry);
    }
}
