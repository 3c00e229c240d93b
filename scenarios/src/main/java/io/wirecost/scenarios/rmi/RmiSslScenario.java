package io.wirecost.scenarios.rmi;

import io.wirecost.scenarios.Endpoint;
import io.wirecost.scenarios.RttClient;
import io.wirecost.scenarios.ScenarioConfig;
import io.wirecost.scenarios.security.JceProviders;
import io.wirecost.scenarios.security.KeyMaterial;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.net.ssl.SSLContext;
import javax.rmi.ssl.SslRMIServerSocketFactory;

/**
 * {@code rmi-ssl}: RMI over TLS with mutual authentication, seed 000's and seed 002's RMI-SSL column.
 * Keys and X.509 certificates are generated for each run ({@link KeyMaterial}); the server requires a
 * client certificate and accepts only TLS 1.2 and 1.3. The negotiated protocol and cipher suite are
 * observed on the client's real connection and reported. Option {@code jce.provider=bc} puts
 * Bouncy Castle first in both JVMs ({@link JceProviders}); the providers TLS then gets are reported.
 *
 * <p>Run alone: {@code ./wirecost run --scenarios rmi-ssl}; with Bouncy Castle: add {@code --jce-provider bc}.
 */
public class RmiSslScenario extends RmiScenario {

    public static final String[] PROTOCOLS = {"TLSv1.3", "TLSv1.2"};

    private volatile String jce = "sun"; // option jce.provider, applied to this JVM by JceProviders

    @Override
    protected RMIClientSocketFactory clientFactory(ScenarioConfig config) {
        return new RecordingSslClientSocketFactory();
    }

    @Override
    protected RMIServerSocketFactory serverFactory(ScenarioConfig config) throws Exception {
        jce = JceProviders.install(config);
        SSLContext ctx = KeyMaterial.load(config.requireKeyDir()).serverContext();
        return new SslRMIServerSocketFactory(ctx, null, PROTOCOLS, true);
    }

    @Override
    public RttClient connect(Endpoint endpoint, ScenarioConfig config) throws Exception {
        jce = JceProviders.install(config);
        // the client factory inside the server's stubs takes its sockets from this context
        ClientTls.use(KeyMaterial.load(config.requireKeyDir()).clientContext());
        return super.connect(endpoint, config);
    }

    @Override
    protected Map<String, String> clientInfo() {
        Map<String, String> m = new LinkedHashMap<>(RecordingSslClientSocketFactory.lastHandshake());
        m.putAll(providersInUse(m.get("tls.cipherSuite")));
        return m;
    }

    @Override
    protected Map<String, String> serverInfo() {
        return providersInUse(null);
    }

    /** What SunJSSE gets from the providers for the negotiated suite's cipher and the RSA handshake signatures. */
    private Map<String, String> providersInUse(String suite) {
        String cipher = suite == null
                ? "AES/GCM/NoPadding"
                : suite.contains("CHACHA20")
                        ? "ChaCha20-Poly1305"
                        : suite.contains("_CBC_") ? "AES/CBC/NoPadding" : "AES/GCM/NoPadding";
        return JceProviders.inUse(jce, List.of(cipher), List.of("RSASSA-PSS", "SHA256withRSA"));
    }
}
