package io.wirecost.attribution;

import com.google.protobuf.InvalidProtocolBufferException;
import io.opentelemetry.proto.collector.profiles.v1development.ExportProfilesServiceRequest;
import io.opentelemetry.proto.collector.profiles.v1development.ExportProfilesServiceResponse;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * OTLP/HTTP with a protobuf body, on the JDK's HttpClient: {@code POST <endpoint>/v1development/profiles}, the
 * OpenTelemetry Collector's otlpreceiver path for profiles. Used by {@code wirecost export} and by the agent
 * (from its own sending thread: {@link #send} blocks up to the timeout).
 */
public final class OtlpHttpSender {

    public static final String PROFILES_PATH = "/v1development/profiles";

    /**
     * What came back.
     *
     * @param status    the HTTP status, or 0 when no answer came (refused, timed out, TLS failed)
     * @param retryable whether the spec lets the same request be tried again (429, 502, 503, 504, no answer)
     * @param message   one line: what happened, with a partial success's rejected count
     */
    public record Outcome(int status, boolean retryable, String message) {
        public boolean ok() {
            return status >= 200 && status < 300;
        }
    }

    private final URI uri;
    private final Map<String, String> headers;
    private final Duration timeout;
    private final HttpClient client;

    /**
     * @param endpoint the Collector's base URL ({@code http://host:4318}), or the full profiles URL
     * @param ca       a PEM file of the certificates to trust for https, or null for the JDK's own
     * @throws IllegalArgumentException a one-line reason (bad URL, unreadable CA file)
     */
    public OtlpHttpSender(String endpoint, Map<String, String> headers, Path ca, Duration timeout) {
        this.uri = profilesUri(endpoint);
        this.headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
        this.timeout = timeout;
        HttpClient.Builder b =
                HttpClient.newBuilder().connectTimeout(timeout).followRedirects(HttpClient.Redirect.NEVER);
        if (ca != null) b.sslContext(trusting(ca));
        this.client = b.build();
    }

    public URI uri() {
        return uri;
    }

    static URI profilesUri(String endpoint) {
        URI u = httpUri(endpoint);
        String path = u.getPath() == null ? "" : u.getPath();
        if (path.endsWith(PROFILES_PATH)) return u;
        String base = endpoint.trim().replaceAll("/+$", "");
        return URI.create(base + PROFILES_PATH);
    }

    /**
     * An OTLP endpoint as given by the user: an http or https URL with a host, else one line saying which; shared with
     * the CLI's OTLP/gRPC sender, whose endpoints are written the same way.
     */
    public static URI httpUri(String endpoint) {
        URI u;
        try {
            u = URI.create(endpoint.trim());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("not a URL: '" + endpoint + "'");
        }
        // refused, and not repeated back: the JDK's client would not send them, and the line goes to logs
        if (u.getRawUserInfo() != null)
            throw new IllegalArgumentException(
                    "credentials in the URL (user@ or user:password@) are not sent: give them"
                            + " as a header, e.g. Authorization=Basic ..., and the URL without them");
        if (!"http".equals(u.getScheme()) && !"https".equals(u.getScheme()) || u.getHost() == null)
            throw new IllegalArgumentException("not an http or https URL: '" + endpoint + "'");
        return u;
    }

    static SSLContext trusting(Path caFile) {
        try {
            SSLContext ctx = SSLContext.getInstance("TLS");
            ctx.init(null, trustManagers(caFile).getTrustManagers(), null);
            return ctx;
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException(caFile + ": " + e.getMessage());
        }
    }

    /**
     * Trust in exactly the PEM certificates of {@code caFile}; shared with the CLI's OTLP/gRPC sender so that both
     * transports read a CA file alike.
     *
     * @throws IllegalArgumentException a one-line reason starting with the file's name
     */
    public static TrustManagerFactory trustManagers(Path caFile) {
        try (InputStream in = Files.newInputStream(caFile)) {
            KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
            trust.load(null, null);
            int i = 0;
            for (Certificate c : CertificateFactory.getInstance("X.509").generateCertificates(in))
                trust.setCertificateEntry("ca-" + i++, c);
            if (i == 0) throw new IllegalArgumentException(caFile + ": no PEM certificate in it");
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(trust);
            return tmf;
        } catch (IOException e) {
            throw new IllegalArgumentException(caFile + ": cannot read: " + e.getMessage());
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException(caFile + ": not a PEM certificate file: " + e.getMessage());
        }
    }

    /**
     * What went wrong, in the words of the outermost exception that has any: the JDK's HttpClient throws a
     * {@code ConnectException} without a message and keeps "Connection refused" in its cause.
     */
    static String why(IOException e) {
        // at most a few causes deep: Throwable.initCause refuses only a cause that is the throwable itself, so a
        // chain may loop back to an outer one
        Throwable t = e;
        for (int depth = 0; t != null && depth < 8; t = t.getCause(), depth++) {
            if (t.getMessage() != null && !t.getMessage().isBlank()) return t.getMessage();
        }
        return e instanceof java.net.ConnectException
                ? "connection refused"
                : e.getClass().getSimpleName();
    }

    /** Sends one request; never throws for what the network or the Collector does, only says it. */
    public Outcome send(ExportProfilesServiceRequest request) throws InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri)
                .timeout(timeout)
                .header("Content-Type", "application/x-protobuf")
                .POST(HttpRequest.BodyPublishers.ofByteArray(request.toByteArray()));
        headers.forEach(b::header);
        HttpResponse<byte[]> r;
        try {
            r = client.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            return new Outcome(0, true, "no answer from " + uri + ": " + why(e));
        }
        int status = r.statusCode();
        if (status >= 200 && status < 300) {
            try {
                ExportProfilesServiceResponse resp = ExportProfilesServiceResponse.parseFrom(r.body());
                if (resp.hasPartialSuccess() && resp.getPartialSuccess().getRejectedProfiles() > 0) {
                    return new Outcome(
                            status,
                            false,
                            uri + " rejected " + resp.getPartialSuccess().getRejectedProfiles() + " profiles: "
                                    + resp.getPartialSuccess().getErrorMessage());
                }
            } catch (InvalidProtocolBufferException e) {
                // a 2xx whose body is not a response (a proxy's page): the data was accepted all the same
            }
            return new Outcome(status, false, "sent to " + uri + " (HTTP " + status + ")");
        }
        boolean retryable = status == 429 || status == 502 || status == 503 || status == 504;
        return new Outcome(status, retryable, uri + " answered HTTP " + status);
    }
}
