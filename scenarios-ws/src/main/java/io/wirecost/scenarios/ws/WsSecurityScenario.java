package io.wirecost.scenarios.ws;

import io.wirecost.scenarios.ScenarioConfig;
import io.wirecost.scenarios.security.JceProviders;
import io.wirecost.scenarios.security.KeyMaterial;
import io.wirecost.scenarios.ws.security.ClientSecurityHandler;
import io.wirecost.scenarios.ws.security.ServerSecurity;
import io.wirecost.scenarios.ws.security.ServerSecurityHandler;
import io.wirecost.scenarios.ws.security.WssKeys;
import io.wirecost.scenarios.ws.security.WssSuite;
import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.handler.Handler;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.wss4j.dom.engine.WSSConfig;

/**
 * {@code ws-security}: ws-literal plus WS-Security in both directions, seed 000's WS-Security
 * column. WSS4J runs in a SOAP handler on each side ({@link ClientSecurityHandler},
 * {@link ServerSecurityHandler}): every message carries a Timestamp, an X.509 signature over
 * Timestamp and Body (certificate as a BinarySecurityToken) and an encrypted Body. Each side has its
 * own RSA 2048 key pair from the run's CA ({@link KeyMaterial}); the client encrypts for the server's
 * certificate, the server for the certificate that signed the request. A request that is not signed,
 * encrypted and timestamped, validly and by a certificate of the run's CA, gets a SOAP fault and
 * never reaches the service.
 *
 * <p>Options: {@code wss.suite=paper|modern} (algorithms, {@link WssSuite}), {@code jce.provider=sun|bc}.
 * Run alone: {@code ./wirecost run --scenarios ws-security --warmup 500}.
 */
public final class WsSecurityScenario extends WsLiteralScenario {

    private WssKeys clientKeys;
    private X509Certificate serverCertificate;
    private Path clientKeyDir;

    @Override
    protected Map<String, Object> serverAttributes(ScenarioConfig config) throws Exception {
        String jce = JceProviders.install(config);
        WssSuite suite = WssSuite.of(config);
        WSSConfig.init();
        WssKeys keys = WssKeys.load(KeyMaterial.load(config.requireKeyDir()), KeyMaterial.SERVER, "server");
        return Map.of(
                ServerSecurityHandler.CONTEXT_ATTRIBUTE,
                new ServerSecurity(keys, suite),
                "io.wirecost.wss.info",
                describe(jce, suite));
    }

    @Override
    protected String serverHandler() {
        return ServerSecurityHandler.class.getName();
    }

    @Override
    @SuppressWarnings("unchecked")
    protected Map<String, String> serverInfo(Map<String, Object> attributes) {
        Map<String, String> m = new LinkedHashMap<>((Map<String, String>) attributes.get("io.wirecost.wss.info"));
        m.putAll(((ServerSecurity) attributes.get(ServerSecurityHandler.CONTEXT_ATTRIBUTE)).info());
        return m;
    }

    @Override
    @SuppressWarnings("rawtypes") // JAX-WS's Binding.setHandlerChain takes a List of raw Handler
    protected void configureClient(BindingProvider port, ScenarioConfig config) throws Exception {
        JceProviders.install(config);
        WssSuite suite = WssSuite.of(config);
        loadClientKeys(config.requireKeyDir());
        List<Handler> chain = List.of(new ClientSecurityHandler(clientKeys, serverCertificate, suite));
        port.getBinding().setHandlerChain(chain);
    }

    /** Key stores are read once per JVM: the instantiation the papers time is the service reference, not PKCS#12 decoding. */
    private synchronized void loadClientKeys(Path keyDir) throws Exception {
        if (keyDir.equals(clientKeyDir)) return;
        WSSConfig.init();
        KeyMaterial km = KeyMaterial.load(keyDir);
        clientKeys = WssKeys.load(km, KeyMaterial.CLIENT, "client");
        serverCertificate = km.certificate(KeyMaterial.SERVER_CERT, "server");
        clientKeyDir = keyDir;
    }

    @Override
    protected Map<String, String> clientInfo(ScenarioConfig config) {
        return describe(config.option(JceProviders.OPTION, "sun"), WssSuite.of(config));
    }

    /** The suite, and which provider this JVM really hands Santuario for each of its algorithms. */
    private static Map<String, String> describe(String jce, WssSuite suite) {
        Map<String, String> m = new LinkedHashMap<>(suite.describe());
        m.putAll(JceProviders.inUse(
                jce, List.of(suite.cipherJceName(), suite.keyTransportJceName()), List.of(suite.signatureJceName())));
        return m;
    }
}
