package io.wirecost.scenarios.ws.security;

import io.wirecost.scenarios.ScenarioConfig;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.wss4j.dom.WSConstants;
import org.apache.xml.security.algorithms.JCEMapper;

/**
 * The algorithm suite of ws-security, scenario option {@code wss.suite}. {@code paper} is what the
 * 2005 setups used (WSS4J's defaults then): RSA-SHA1 signatures with SHA-1 digests, Triple-DES-CBC
 * bodies, RSA PKCS#1 v1.5 key transport. {@code modern}: RSA-SHA256, SHA-256, AES-128-GCM, RSA-OAEP.
 * Both sign and encrypt with the RSA 2048 keys of the run.
 */
public enum WssSuite {
    PAPER("paper", WSConstants.RSA_SHA1, WSConstants.SHA1, WSConstants.TRIPLE_DES, WSConstants.KEYTRANSPORT_RSA15),
    MODERN(
            "modern",
            WSConstants.RSA_SHA256,
            WSConstants.SHA256,
            WSConstants.AES_128_GCM,
            WSConstants.KEYTRANSPORT_RSAOAEP);

    public static final String OPTION = "wss.suite";

    private final String label;
    private final String signature;
    private final String digest;
    private final String encryption;
    private final String keyTransport;

    WssSuite(String label, String signature, String digest, String encryption, String keyTransport) {
        this.label = label;
        this.signature = signature;
        this.digest = digest;
        this.encryption = encryption;
        this.keyTransport = keyTransport;
    }

    public static WssSuite of(ScenarioConfig config) {
        return config.choice(OPTION, PAPER);
    }

    public String label() {
        return label;
    }

    public String signature() {
        return signature;
    }

    public String digest() {
        return digest;
    }

    public String encryption() {
        return encryption;
    }

    public String keyTransport() {
        return keyTransport;
    }

    /** RSA PKCS#1 v1.5 key transport is refused by WSS4J unless allowed: only the paper's suite allows it. */
    boolean allowsRsa15() {
        return keyTransport.equals(WSConstants.KEYTRANSPORT_RSA15);
    }

    /** The JCE names Santuario asks the providers for (needs {@code WSSConfig.init()} first). */
    public String cipherJceName() {
        return JCEMapper.translateURItoJCEID(encryption);
    }

    public String keyTransportJceName() {
        return JCEMapper.translateURItoJCEID(keyTransport);
    }

    public String signatureJceName() {
        return JCEMapper.translateURItoJCEID(signature);
    }

    public Map<String, String> describe() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(OPTION, label);
        m.put("wss.signature", signature);
        m.put("wss.digest", digest);
        m.put("wss.encryption", encryption);
        m.put("wss.keyTransport", keyTransport);
        return m;
    }
}
