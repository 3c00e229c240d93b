package io.wirecost.cli;

import io.opentelemetry.proto.collector.profiles.v1development.ExportProfilesServiceRequest;
import io.wirecost.attribution.OtlpHttpSender;
import io.wirecost.cli.common.Choice;
import io.wirecost.runner.UsageException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * Where and how OTLP profiles are sent: {@code --otlp-endpoint}, {@code --otlp-protocol} (OTLP/HTTP with a protobuf
 * body, or OTLP/gRPC), {@code --header}, {@code --ca}.
 */
final class OtlpSendOptions {

    @Option(
            names = "--otlp-endpoint",
            paramLabel = "URL",
            description = "Send to an OTLP receiver: with http/protobuf e.g. http://localhost:4318 (the profiles path "
                    + OtlpHttpSender.PROFILES_PATH + " is added unless given), with grpc e.g. http://localhost:4317 "
                    + "(https for TLS).")
    String endpoint;

    @Option(
            names = "--otlp-protocol",
            defaultValue = "http/protobuf",
            paramLabel = "PROTOCOL",
            description =
                    "http/protobuf or grpc, as OTEL_EXPORTER_OTLP_PROTOCOL names them (default: ${DEFAULT-VALUE}).")
    String protocol;

    @Option(
            names = "--header",
            paramLabel = "K=V",
            description =
                    "A header for --otlp-endpoint (gRPC: call metadata), e.g. Authorization=Bearer TOKEN. Repeatable.")
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
        Choice.among("--otlp-protocol", protocol, "http/protobuf", "grpc");
        if (!sending()) {
            if (!headers.isEmpty() || ca != null) throw new UsageException("--header and --ca need --otlp-endpoint");
            return;
        }
        if (ca != null && !Files.isRegularFile(ca)) throw new UsageException("--ca " + ca + ": no such file");
        if (grpc()) grpcSender(); // a bad URL, header or CA file fails before any recording is read
        else httpSender();
    }

    private boolean grpc() {
        return protocol.equals("grpc");
    }

    OtlpHttpSender httpSender() {
        try {
            return new OtlpHttpSender(endpoint, headerMap(), ca, timeout());
        } catch (IllegalArgumentException e) {
            throw usage(e);
        }
    }

    OtlpGrpcSender grpcSender() {
        try {
            return new OtlpGrpcSender(endpoint, headerMap(), ca, timeout());
        } catch (IllegalArgumentException e) {
            throw usage(e);
        }
    }

    private UsageException usage(IllegalArgumentException e) {
        String m = e.getMessage();
        if (m.startsWith(String.valueOf(ca))) return new UsageException("--ca " + m);
        if (m.startsWith("--")) return new UsageException(m);
        if (m.contains("metadata key")) return new UsageException("--header " + m);
        return new UsageException("--otlp-endpoint: " + m);
    }

    private Duration timeout() {
        return Duration.ofNanos(io.wirecost.cli.common.Durations.parseOffsetNanos("--otlp-timeout", timeout));
    }

    /** Sends; a failure is a one-line UsageException naming the endpoint and what it answered. */
    String send(ExportProfilesServiceRequest request) throws InterruptedException {
        if (grpc()) {
            OtlpGrpcSender.Outcome o = grpcSender().send(request);
            if (!o.ok()) throw new UsageException("--otlp-endpoint: " + o.message());
            return o.message();
        }
        OtlpHttpSender.Outcome o = httpSender().send(request);
        if (!o.ok()) throw new UsageException("--otlp-endpoint: " + o.message());
        if (o.message().contains("rejected")) throw new UsageException("--otlp-endpoint: " + o.message());
        return o.message();
    }
}
