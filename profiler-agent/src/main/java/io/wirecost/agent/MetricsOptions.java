package io.wirecost.agent;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The live-metrics part of the agent options; present only when {@code metrics.port} is given.
 *
 * <pre>
 * metrics.port=9464,metrics.bind=127.0.0.1,metrics.period=10s,metrics.window=60s,role=server,labels=service:demo;run:r1
 * </pre>
 *
 * @param port          HTTP port of {@code /metrics}; 0 lets the OS choose (the agent logs it)
 * @param bind          address to bind; loopback unless asked otherwise
 * @param periodNs      how often the recording is rotated and read, so how fresh the counters are
 * @param windowNs      span of the share gauge (a sliding window of whole periods)
 * @param role          value of the {@code role} label
 * @param labels        static labels on every series, e.g. service, scenario, run
 * @param authFile      a file holding {@code user:password} for HTTP basic auth; null: none
 * @param tlsKeystore   a PKCS12 key store to serve HTTPS; null: plain HTTP
 * @param tlsPasswordFile a file holding the key store's password
 * @param artifactTop   {@code metrics.artifacts=N}: series for at most N artifacts (jars, JDK modules) and
 *                      {@code other}; 0, the default: no artifact series
 */
public record MetricsOptions(
        int port,
        String bind,
        long periodNs,
        long windowNs,
        String role,
        Map<String, String> labels,
        Path authFile,
        Path tlsKeystore,
        Path tlsPasswordFile,
        int artifactTop) {

    /** Enough for a service's main libraries; a guard against a label set that would swamp Prometheus. */
    static final int MAX_ARTIFACTS = 100;

    static final Set<String> KEYS = Set.of(
            "role",
            "labels",
            "metrics.port",
            "metrics.bind",
            "metrics.period",
            "metrics.window",
            "metrics.auth-file",
            "metrics.tls.keystore",
            "metrics.tls.password-file",
            "metrics.artifacts");

    /** Labels the agent sets itself, or Prometheus does: a static label must not shadow them. */
    static final Set<String> RESERVED = Set.of(
            "category",
            "group",
            "role",
            "engine",
            "event",
            "interval",
            "stage",
            "version",
            "job",
            "instance",
            "le",
            "quantile",
            "artifact");

    private static final Pattern LABEL_NAME = Pattern.compile("[a-zA-Z_][a-zA-Z0-9_]*");
    private static final long MIN_PERIOD_NS = 1_000_000_000L;

    public MetricsOptions {
        labels = Collections.unmodifiableMap(new LinkedHashMap<>(labels));
    }

    /** Null when no metrics key is given; an error when some are but metrics.port is not. */
    static MetricsOptions of(Map<String, String> keys) {
        if (keys.isEmpty()) return null;
        if (!keys.containsKey("metrics.port")) {
            throw new IllegalArgumentException(String.join(", ", keys.keySet()) + " need(s) metrics.port=PORT");
        }
        int port = port(keys.get("metrics.port"));
        String bind = keys.getOrDefault("metrics.bind", "127.0.0.1");
        if (bind.isEmpty()) throw new IllegalArgumentException("metrics.bind must be an address, got ''");
        long period = Durations.parse("metrics.period", keys.getOrDefault("metrics.period", "10s"));
        long window = Durations.parse("metrics.window", keys.getOrDefault("metrics.window", "60s"));
        if (period < MIN_PERIOD_NS)
            throw new IllegalArgumentException(
                    "metrics.period must be at least 1s, got '" + keys.get("metrics.period") + "'");
        if (window < period) throw new IllegalArgumentException("metrics.window must be at least metrics.period");
        String role = keys.getOrDefault("role", "app");
        if (role.isEmpty()) throw new IllegalArgumentException("role must not be empty");
        Path tlsKeystore = path(keys, "metrics.tls.keystore");
        Path tlsPassword = path(keys, "metrics.tls.password-file");
        if ((tlsKeystore == null) != (tlsPassword == null)) {
            throw new IllegalArgumentException("metrics.tls.keystore and metrics.tls.password-file go together");
        }
        return new MetricsOptions(
                port,
                bind,
                period,
                window,
                role,
                labels(keys.getOrDefault("labels", "")),
                path(keys, "metrics.auth-file"),
                tlsKeystore,
                tlsPassword,
                artifacts(keys.getOrDefault("metrics.artifacts", "0")));
    }

    private static int artifacts(String text) {
        try {
            int n = Integer.parseInt(text);
            if (n < 0 || n > MAX_ARTIFACTS) throw new NumberFormatException();
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("metrics.artifacts must be 0.." + MAX_ARTIFACTS
                    + " (artifacts with a series of their own), got '" + text + "'");
        }
    }

    private static int port(String text) {
        try {
            int p = Integer.parseInt(text);
            if (p < 0 || p > 65535) throw new NumberFormatException();
            return p;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("metrics.port must be 0..65535, got '" + text + "'");
        }
    }

    private static Path path(Map<String, String> keys, String key) {
        String v = keys.get(key);
        if (v == null) return null;
        if (v.isEmpty()) throw new IllegalArgumentException(key + " must name a file");
        return Path.of(v);
    }

    /** {@code service:demo;run:r1}; names as Prometheus allows them, values non-empty. */
    static Map<String, String> labels(String text) {
        Map<String, String> out = new LinkedHashMap<>();
        if (text.isBlank()) return out;
        for (String pair : text.split(";")) {
            int colon = pair.indexOf(':');
            if (colon <= 0 || colon == pair.length() - 1) {
                throw new IllegalArgumentException("labels must be name:value;name:value, got '" + pair + "'");
            }
            String name = pair.substring(0, colon).trim();
            String value = pair.substring(colon + 1).trim();
            if (!LABEL_NAME.matcher(name).matches() || name.startsWith("__")) {
                throw new IllegalArgumentException("label name '" + name + "' is not a Prometheus label name");
            }
            if (RESERVED.contains(name))
                throw new IllegalArgumentException(
                        "label name '" + name + "' is reserved (set by the agent or by Prometheus)");
            if (out.put(name, value) != null) throw new IllegalArgumentException("label '" + name + "' given twice");
        }
        return out;
    }
}
