package io.wirecost.scenarios.rmi;

import io.wirecost.scenarios.Endpoint;
import io.wirecost.scenarios.RttClient;
import io.wirecost.scenarios.ScenarioConfig;
import io.wirecost.scenarios.security.KeyMaterial;

import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;
import java.util.Map;
import javax.net.ssl.SSLContext;
import javax.rmi.ssl.SslRMIServerSocketFactory;

/**
 * {@code rmi-ssl}: RMI over TLS with mutual authentication, seed 000's and seed 002's RMI-SSL column.
 * Keys and X.509 certificates are generated for each run ({@link KeyMaterial}); the server requires a
 * client certificate and accepts only TLS 1.2 and 1.3. The negotiated protocol and cipher suite are
 * observed on the client's real connection and reported.
 */
public class RmiSslScenario extends RmiScenario {

    public static final String[] PROTOCOLS = {"TLSv1.3", "TLSv1.2"};

    @Override
    public String name() {
        return "rmi-ssl";
    }

    @Override
    protected RMIClientSocketFactory clientFactory(ScenarioConfig config) {
        return new RecordingSslClientSocketFactory();
    }

    @Override
    protected RMIServerSocketFactory serverFactory(ScenarioConfig config) throws Exception {
        SSLContext ctx = KeyMaterial.load(config.requireKeyDir()).serverContext();
        return new SslRMIServerSocketFactory(ctx, null, PROTOCOLS, true);
    }

    @Override
    public RttClient connect(Endpoint endpoint, ScenarioConfig config) throws Exception {
        // the client factory inside the server's stubs takes its sockets from this context
        ClientTls.use(KeyMaterial.load(config.requireKeyDir()).clientContext());
        return super.connect(endpoint, config);
    }

    @Override
    protected Map<String, String> clientInfo() {
        return RecordingSslClientSocketFactory.lastHandshake();
    }
}
