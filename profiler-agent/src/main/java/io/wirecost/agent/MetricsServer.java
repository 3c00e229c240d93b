package io.wirecost.agent;

import com.sun.net.httpserver.BasicAuthenticator;
import com.sun.net.httpserver.HttpsConfigurator;
import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.net.BindException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.util.concurrent.ExecutorService;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/**
 * The {@code /metrics} endpoint: client_java's HTTPServer on the agent's registry, with the agent's
 * own daemon threads, bound to loopback unless told otherwise. Basic auth and TLS are optional and
 * configured from files, so no secret appears on the command line (where {@code ps} shows it).
 */
final class MetricsServer {

    /** Thrown when the port is taken: the agent warns in one line and the host carries on. */
    static final class PortInUseException extends IOException {
        private static final long serialVersionUID = 1L;

        PortInUseException(String message) {
            super(message);
        }
    }

    private MetricsServer() {}

    static HTTPServer start(MetricsOptions options, PrometheusRegistry registry, ExecutorService executor)
            throws Exception {
        HTTPServer.Builder b = HTTPServer.builder()
                .hostname(options.bind())
                .port(options.port())
                .registry(registry)
                .executorService(executor);
        if (options.authFile() != null) b.authenticator(basicAuth(options.authFile()));
        if (options.tlsKeystore() != null)
            b.httpsConfigurator(new HttpsConfigurator(ssl(options.tlsKeystore(), options.tlsPasswordFile())));
        try {
            return b.buildAndStart();
        } catch (BindException e) {
            throw new PortInUseException(
                    "metrics port " + options.bind() + ":" + options.port() + " is already in use");
        }
    }

    private static BasicAuthenticator basicAuth(Path file) throws IOException {
        String line = firstLine(file, "metrics.auth-file");
        int colon = line.indexOf(':');
        if (colon <= 0 || colon == line.length() - 1) {
            throw new IllegalArgumentException("metrics.auth-file " + file + " must hold one line user:password");
        }
        byte[] user = line.substring(0, colon).getBytes(StandardCharsets.UTF_8);
        byte[] password = line.substring(colon + 1).getBytes(StandardCharsets.UTF_8);
        return new BasicAuthenticator("wirecost") {
            @Override
            public boolean checkCredentials(String u, String p) {
                // constant-time comparison: the response time must not tell how much of a guess was right
                return MessageDigest.isEqual(user, u.getBytes(StandardCharsets.UTF_8))
                        & MessageDigest.isEqual(password, p.getBytes(StandardCharsets.UTF_8));
            }
        };
    }

    private static SSLContext ssl(Path keystore, Path passwordFile) throws Exception {
        char[] password = firstLine(passwordFile, "metrics.tls.password-file").toCharArray();
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(keystore)) {
            ks.load(in, password);
        } catch (IOException e) {
            throw new IllegalArgumentException("metrics.tls.keystore " + keystore + ": " + e.getMessage());
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(ks, password);
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(kmf.getKeyManagers(), null, null);
        return ctx;
    }

    private static String firstLine(Path file, String option) throws IOException {
        if (!Files.isRegularFile(file)) throw new IllegalArgumentException(option + " " + file + " is not a file");
        String text = Files.readString(file, StandardCharsets.UTF_8);
        int nl = text.indexOf('\n');
        return (nl < 0 ? text : text.substring(0, nl)).strip();
    }
}
