package io.wirecost.cli;

import io.grpc.ChannelCredentials;
import io.grpc.Grpc;
import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.TlsChannelCredentials;
import io.grpc.stub.MetadataUtils;
import io.opentelemetry.proto.collector.profiles.v1development.ExportProfilesServiceRequest;
import io.opentelemetry.proto.collector.profiles.v1development.ExportProfilesServiceResponse;
import io.opentelemetry.proto.collector.profiles.v1development.ProfilesServiceGrpc;
import io.wirecost.attribution.OtlpHttpSender;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * OTLP/gRPC: {@code ProfilesService/Export} through the stub opentelemetry-proto generates, on grpc-java with Netty.
 * The endpoint is a URL as OTLP exporters take it: {@code http://host:4317} in plain text, {@code https://host:4317}
 * with TLS (trusting the CA file's certificates, else the JDK's); headers go as call metadata.
 */
final class OtlpGrpcSender {

    /** The OTLP/gRPC port when the URL names none. */
    static final int DEFAULT_PORT = 4317;

    /** What came back: whether the Collector took every profile, and one line saying what happened. */
    record Outcome(boolean ok, String message) {}

    private final URI uri;
    private final String target;
    private final ChannelCredentials credentials;
    private final Metadata metadata = new Metadata();
    private final Duration timeout;

    /**
     * @throws IllegalArgumentException a one-line reason: a bad URL, a header gRPC cannot carry, an unreadable CA
     *     file (then starting with its name)
     */
    OtlpGrpcSender(String endpoint, Map<String, String> headers, Path ca, Duration timeout) {
        this.uri = parse(endpoint);
        int port = uri.getPort() < 0 ? DEFAULT_PORT : uri.getPort();
        this.target = uri.getHost() + ":" + port;
        boolean tls = uri.getScheme().equals("https");
        if (!tls && ca != null)
            throw new IllegalArgumentException("--ca needs an https endpoint, got '" + endpoint + "'");
        this.credentials = !tls
                ? InsecureChannelCredentials.create()
                : ca == null
                        ? TlsChannelCredentials.create()
                        : TlsChannelCredentials.newBuilder()
                                .trustManager(OtlpHttpSender.trustManagers(ca).getTrustManagers())
                                .build();
        headers.forEach((k, v) -> {
            String key = k.toLowerCase(Locale.ROOT);
            // binary metadata (-bin) would need bytes, not the text a header option gives
            if (key.endsWith(Metadata.BINARY_HEADER_SUFFIX) || !key.matches("[a-z0-9_.-]+"))
                throw new IllegalArgumentException("'" + k + "' cannot be a gRPC metadata key");
            metadata.put(Metadata.Key.of(key, Metadata.ASCII_STRING_MARSHALLER), v);
        });
        this.timeout = timeout;
    }

    private static URI parse(String endpoint) {
        URI u = OtlpHttpSender.httpUri(endpoint);
        if (u.getPath() != null && !u.getPath().isEmpty() && !u.getPath().equals("/"))
            throw new IllegalArgumentException(
                    "a gRPC endpoint has no path (the service names it), got '" + endpoint + "'");
        return u;
    }

    /** Sends one request and waits for its answer, at most the timeout; never throws for what the network does. */
    Outcome send(ExportProfilesServiceRequest request) throws InterruptedException {
        ManagedChannel channel = Grpc.newChannelBuilder(target, credentials).build();
        try {
            ExportProfilesServiceResponse resp = ProfilesServiceGrpc.newBlockingStub(channel)
                    .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(metadata))
                    .withDeadlineAfter(timeout.toNanos(), TimeUnit.NANOSECONDS)
                    .export(request);
            if (resp.hasPartialSuccess() && resp.getPartialSuccess().getRejectedProfiles() > 0)
                return new Outcome(
                        false,
                        uri + " rejected " + resp.getPartialSuccess().getRejectedProfiles() + " profiles: "
                                + resp.getPartialSuccess().getErrorMessage());
            return new Outcome(true, "sent to " + uri + " (gRPC OK)");
        } catch (StatusRuntimeException e) {
            return new Outcome(false, uri + ": gRPC " + describe(e.getStatus()));
        } finally {
            channel.shutdownNow();
            channel.awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    /** The status code, its description and the cause's message, on one line. */
    private static String describe(Status s) {
        StringBuilder b = new StringBuilder(s.getCode().name());
        if (s.getDescription() != null) b.append(": ").append(s.getDescription());
        if (s.getCause() != null && s.getCause().getMessage() != null)
            b.append(" (").append(s.getCause().getMessage()).append(')');
        return b.toString().replaceAll("\\s*\\R\\s*", " ");
    }
}
