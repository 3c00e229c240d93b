package io.wirecost.cli;

import io.opentelemetry.proto.collector.profiles.v1development.ExportProfilesServiceRequest;
import io.wirecost.attribution.OtlpHttpSender;
import io.wirecost.runner.UsageException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/** Where and how OTLP profiles are sent: {@code --otlp-endpoint}, {@code --header}, {@code --ca}. */
final class OtlpSendOptions {

    @Option(
            names = "--otlp-endpoint",
            paramLabel = "URL",
            description = "Send to an OTLP/HTTP receiver (e.g. http://localhost:4318; the profiles path "
                    + OtlpHttpSender.PROFILES_PATH + " is added unless given).")
    String endpoint;

    @Option(
            names = "--header",
            paramLabel = "K=V",
            description = "An HTTP header for --otlp-endpoint, e.g. Authorization=Bearer TOKEN. Repeatable.")
    List<String> headers = new ArrayList<>();

    @Option(names = "--ca", paramLabel = "FILE", description = "PEM certificates to trust for an https endpoint.")
    Path ca;

    @Option(
            names = "--otlp-timeout",
            defaultValue = "10s",
            paramLabel = "DURATION",
            description = "How long to wait for the endpoint (default: ${DEFAULT-VALUE}).")
    String timeout;

    boolean sending() {
        return endpoint != null;
    }

    Map<String, String> headerMap() {
        Map<String, String> m = new LinkedHashMap<>();
        for (String h : headers) {
            int eq = h.indexOf('=');
            if (eq <= 0) throw new UsageException("--header must be K=V, got '" + h + "'");
            m.put(h.substring(0, eq).trim(), h.substring(eq + 1).trim());
        }
        return m;
    }

    void validate() {
        timeout(); // a malformed duration is refused whether or not anything is sent
        if (!sending()) {
            if (!headers.isEmpty() || ca != null) throw new UsageException("--header and --ca need --otlp-endpoint");
            return;
        }
        if (ca != null && !Files.isRegularFile(ca)) throw new UsageException("--ca " + ca + ": no such file");
        sender(); // a bad URL or CA file fails before any recording is read
    }

    OtlpHttpSender sender() {
        try {
            return new OtlpHttpSender(endpoint, headerMap(), ca, timeout());
        } catch (IllegalArgumentException e) {
            throw new UsageException(
                    (e.getMessage().startsWith(String.valueOf(ca)) ? "--ca " : "--otlp-endpoint: ") + e.getMessage());
        }
    }

    private Duration timeout() {
        return Duration.ofNanos(io.wirecost.cli.common.Durations.parseOffsetNanos("--otlp-timeout", timeout));
    }

    /** Sends; a failure is a one-line UsageException naming the endpoint and what it answered. */
    String send(ExportProfilesServiceRequest request) throws InterruptedException {
        OtlpHttpSender.Outcome o = sender().send(request);
        if (!o.ok()) throw new UsageException("--otlp-endpoint: " + o.message());
        if (o.message().contains("rejected")) throw new UsageException("--otlp-endpoint: " + o.message());
        return o.message();
    }
}
