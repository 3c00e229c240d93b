package io.wirecost.agent;

import java.util.Map;

/**
 * Who the agent's metrics and profiles say they come from: one naming for the Prometheus series' labels and the OTLP
 * resource, so that a fleet's metrics and profiles of one JVM meet.
 */
final class AgentIdentity {

    private AgentIdentity() {}

    /**
     * The static labels, and with OTLP on the resource's service and instance as {@code service} and
     * {@code instance}, so a fleet's metrics and profiles of one JVM meet (a {@code service} of the user's own
     * in {@code labels=} wins and names the profiles' service too). Prometheus keeps this {@code instance} over
     * its target's only with {@code honor_labels: true} (else it is stored as {@code exported_instance}).
     */
    static Map<String, String> labels(AgentOptions options) {
        Map<String, String> labels =
                new java.util.LinkedHashMap<>(options.metrics().labels());
        if (options.otlp() != null) {
            io.wirecost.attribution.OtlpResource r = OtlpSink.resource(serviceName(options));
            labels.putIfAbsent("service", r.serviceName());
            labels.put("instance", r.instanceId());
        }
        return labels;
    }

    /** The profiles' service.name: labels=service:NAME where given, else service.name, OTEL_SERVICE_NAME. */
    static String serviceName(AgentOptions options) {
        String fromLabels =
                options.metrics() == null ? null : options.metrics().labels().get("service");
        return fromLabels != null && !options.otlp().serviceNameGiven()
                ? fromLabels
                : options.otlp().serviceName();
    }
}
