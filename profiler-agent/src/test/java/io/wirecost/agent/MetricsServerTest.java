package io.wirecost.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The endpoint's protections, on real sockets: basic auth, TLS with a key made by keytool, a taken port. */
class MetricsServerTest {

    @TempDir
    Path tmp;

    private final ExecutorService executor = Executors.newFixedThreadPool(2);
    private HTTPServer server;

    @AfterEach
    void close() {
        if (server != null) server.close();
        executor.shutdownNow();
    }

    @Test
    void basicAuthRefusesStrangersAndAdmitsTheConfiguredUser() throws Exception {
        Path auth = tmp.resolve("auth");
        Files.writeString(auth, "prom:s3cret\n");
        server = MetricsServer.start(options(0, auth, null, null), registry(), executor);
        HttpClient http = HttpClient.newHttpClient();
        URI uri = URI.create("http://127.0.0.1:" + server.getPort() + "/metrics");

        assertEquals(
                401,
                http.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString())
                        .statusCode());
        assertEquals(
                401,
                http.send(withAuth(uri, "prom:wrong"), HttpResponse.BodyHandlers.ofString())
                        .statusCode());
        HttpResponse<String> ok = http.send(withAuth(uri, "prom:s3cret"), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, ok.statusCode());
        assertTrue(ok.body().contains("test_up 1.0"), ok.body());
    }

    @Test
    void servesHttpsWithAPkcs12KeyStore() throws Exception {
        Path ks = tmp.resolve("metrics.p12");
        Path pw = tmp.resolve("password");
        Files.writeString(pw, "changeit-" + ProcessHandle.current().pid());
        String keytool =
                Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
        Process p = new ProcessBuilder(
                        keytool,
                        "-genkeypair",
                        "-alias",
                        "metrics",
                        "-keyalg",
                        "EC",
                        "-groupname",
                        "secp256r1",
                        "-dname",
                        "CN=localhost",
                        "-ext",
                        "SAN=ip:127.0.0.1",
                        "-validity",
                        "1",
                        "-storetype",
                        "PKCS12",
                        "-keystore",
                        ks.toString(),
                        "-storepass",
                        Files.readString(pw))
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0, out);

        server = MetricsServer.start(options(0, null, ks, pw), registry(), executor);
        KeyStore trust = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(ks)) {
            trust.load(in, Files.readString(pw).toCharArray());
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(null, tmf.getTrustManagers(), null);
        HttpClient https = HttpClient.newBuilder().sslContext(ctx).build();
        HttpResponse<String> r = https.send(
                HttpRequest.newBuilder(URI.create("https://127.0.0.1:" + server.getPort() + "/metrics"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode());
        assertTrue(r.body().contains("test_up 1.0"));
    }

    @Test
    void aTakenPortIsReportedAsSuch() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            MetricsServer.PortInUseException e = assertThrows(
                    MetricsServer.PortInUseException.class,
                    () -> MetricsServer.start(options(taken.getLocalPort(), null, null, null), registry(), executor));
            assertEquals("metrics port 127.0.0.1:" + taken.getLocalPort() + " is already in use", e.getMessage());
        }
    }

    @Test
    void aBadAuthFileIsAnErrorNamingIt() throws Exception {
        Path auth = tmp.resolve("auth");
        Files.writeString(auth, "no-colon-here\n");
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> MetricsServer.start(options(0, auth, null, null), registry(), executor));
        assertEquals("metrics.auth-file " + auth + " must hold one line user:password", e.getMessage());
    }

    private static MetricsOptions options(int port, Path auth, Path ks, Path pw) {
        return new MetricsOptions(
                port, "127.0.0.1", 10_000_000_000L, 60_000_000_000L, "app", Map.of(), auth, ks, pw, 0);
    }

    private static PrometheusRegistry registry() {
        PrometheusRegistry r = new PrometheusRegistry();
        io.prometheus.metrics.core.metrics.GaugeWithCallback.builder()
                .name("test_up")
                .help("up")
                .callback(cb -> cb.call(1))
                .register(r);
        return r;
    }

    private static HttpRequest withAuth(URI uri, String userPassword) {
        return HttpRequest.newBuilder(uri)
                .header(
                        "Authorization",
                        "Basic " + Base64.getEncoder().encodeToString(userPassword.getBytes(StandardCharsets.UTF_8)))
                .build();
    }
}
