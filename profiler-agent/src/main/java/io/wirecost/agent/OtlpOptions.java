package io.wirecost.agent;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The OTLP part of the agent options; present only when {@code otlp.endpoint} is given.
 *
 * <pre>
 * otlp.endpoint=http://collector:4318,otlp.headers=Authorization=Bearer t0k;X-Scope=a,otlp.ca=/etc/ca.pem,otlp.interval=10s,service.name=checkout
 * </pre>
 *
 * @param endpoint    the Collector's OTLP/HTTP base URL (the profiles path is added) or full profiles URL
 * @param headers     HTTP headers, e.g. an auth token ({@code name=value;name=value}: ',' separates the agent's
 *                    options)
 * @param ca          PEM certificates to trust for https; null: the JDK's
 * @param intervalNs  how often a window's samples go out as one profile (with metrics.port: its period)
 * @param queueBytes  the cap of the queue of profiles waiting for the Collector
 * @param serviceName the resource's service.name: this option, else OTEL_SERVICE_NAME, else unknown_service:java
 * @param serviceNameGiven whether service.name= was given (else labels=service:NAME names the service)
 */
public record OtlpOptions(
        String endpoint,
        Map<String, String> headers,
        Path ca,
        long intervalNs,
        long queueBytes,
        String serviceName,
        boolean serviceNameGiven) {

    static final Set<String> KEYS =
            Set.of("otlp.endpoint", "otlp.headers", "otlp.ca", "otlp.interval", "otlp.queue", "service.name");

    static final long DEFAULT_QUEUE_BYTES = 8L << 20;

    public OtlpOptions {
        headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
    }

    /** Null when no otlp key is given; an error when some are but otlp.endpoint is not. */
    static OtlpOptions of(Map<String, String> keys, MetricsOptions metrics) {
        Map<String, String> otlp = new LinkedHashMap<>(keys);
        String service = otlp.remove("service.name");
        if (otlp.isEmpty()) return null;
        if (!otlp.containsKey("otlp.endpoint"))
            throw new IllegalArgumentException(String.join(", ", otlp.keySet()) + " need(s) otlp.endpoint=URL");
        String endpoint = otlp.get("otlp.endpoint");
        if (!endpoint.startsWith("http://") && !endpoint.startsWith("https://"))
            throw new IllegalArgumentException(
                    "otlp.endpoint must be an http:// or https:// URL, got '" + endpoint + "'");
        Map<String, String> headers = new LinkedHashMap<>();
        for (String h : otlp.getOrDefault("otlp.headers", "").split(";")) {
            if (h.isBlank()) continue;
            int eq = h.indexOf('=');
            if (eq <= 0)
                throw new IllegalArgumentException("otlp.headers must be name=value;name=value, got '" + h + "'");
            headers.put(h.substring(0, eq).trim(), h.substring(eq + 1).trim());
        }
        long interval = metrics != null
                ? metrics.periodNs()
                : Durations.parse("otlp.interval", otlp.getOrDefault("otlp.interval", "10s"));
        if (metrics != null
                && otlp.containsKey("otlp.interval")
                && Durations.parse("otlp.interval", otlp.get("otlp.interval")) != metrics.periodNs())
            throw new IllegalArgumentException(
                    "otlp.interval must equal metrics.period (one rotation feeds both): leave it out");
        if (interval < 1_000_000_000L) throw new IllegalArgumentException("otlp.interval must be at least 1s");
        long queue = DEFAULT_QUEUE_BYTES;
        if (otlp.containsKey("otlp.queue")) {
            try {
                queue = Long.parseLong(otlp.get("otlp.queue"));
                if (queue < 1024) throw new NumberFormatException();
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(
                        "otlp.queue must be a number of bytes of at least 1024, got '" + otlp.get("otlp.queue") + "'");
            }
        }
        String ca = otlp.get("otlp.ca");
        return new OtlpOptions(
                endpoint,
                headers,
                ca == null || ca.isEmpty() ? null : Path.of(ca),
                interval,
                queue,
                io.wirecost.attribution.OtlpResource.serviceName(service, System.getenv()),
                service != null && !service.isBlank());
    }
}
