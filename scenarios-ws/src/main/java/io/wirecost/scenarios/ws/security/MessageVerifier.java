package io.wirecost.scenarios.ws.security;

import java.security.cert.X509Certificate;
import java.util.List;
import java.util.regex.Pattern;
import org.apache.wss4j.common.ext.WSSecurityException;
import org.apache.wss4j.dom.WSConstants;
import org.apache.wss4j.dom.WSDataRef;
import org.apache.wss4j.dom.engine.WSSConfig;
import org.apache.wss4j.dom.engine.WSSecurityEngine;
import org.apache.wss4j.dom.engine.WSSecurityEngineResult;
import org.apache.wss4j.dom.handler.RequestData;
import org.apache.wss4j.dom.handler.WSHandlerResult;
import org.apache.wss4j.dom.message.token.Timestamp;
import org.apache.wss4j.dom.util.WSSecurityUtil;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * Inbound WS-Security: WSS4J decrypts and checks the security header (signature value and digests,
 * certificate chain to the run's CA, Timestamp not expired), then this class insists that all three
 * protections are there and cover what they must: the signature covers this document's Body and
 * Timestamp elements (the very elements, so a signature wrapped around a copy does not count), and
 * the Body arrived encrypted. Anything missing or invalid is a {@link WSSecurityException}.
 */
public final class MessageVerifier {

    private final WssKeys keys;
    private final WssSuite suite;
    private final X509Certificate expectedSigner;
    private final List<Pattern> signerSubject;
    private final WSSConfig config;

    /**
     * @param signerSubject  the subject DN a signing certificate must have (beside chaining to the run's CA)
     * @param expectedSigner the only certificate accepted on the signature, or null for any the CA issued
     */
    public MessageVerifier(WssKeys keys, WssSuite suite, String signerSubject, X509Certificate expectedSigner) {
        WSSConfig.init();
        this.keys = keys;
        this.suite = suite;
        this.signerSubject = List.of(Pattern.compile(Pattern.quote(signerSubject)));
        this.expectedSigner = expectedSigner;
        this.config = WSSConfig.getNewInstance();
    }

    private final org.apache.wss4j.common.cache.ReplayCache replayCache =
            new org.apache.wss4j.common.cache.MemoryReplayCache();

    /** Verifies and decrypts {@code envelope} in place; returns the signer's certificate. */
    public X509Certificate verify(Document envelope) throws WSSecurityException {
        RequestData data = new RequestData();
        data.setWssConfig(config);
        data.setSigVerCrypto(keys.crypto());
        data.setDecCrypto(keys.crypto());
        data.setCallbackHandler(keys.passwords());
        data.setAllowRSA15KeyTransportAlgorithm(suite.allowsRsa15());
        data.setRequireTimestampExpires(true);
        data.setSubjectCertConstraints(signerSubject);
        // a captured message sent again is refused even while its Timestamp is valid: WSS4J remembers the
        // signature value of every signed Timestamp it accepted until the Timestamp expires
        data.setTimestampReplayCache(replayCache);
        WSHandlerResult result = new WSSecurityEngine().processSecurityHeader(envelope, data);
        if (result == null) throw refused("no wsse:Security header");

        Element body = WSSecurityUtil.findBodyElement(envelope);
        WSSecurityEngineResult signature = single(result, WSConstants.SIGN, "signature");
        WSSecurityEngineResult timestamp = single(result, WSConstants.TS, "timestamp");
        Element timestampElement = ((Timestamp) timestamp.get(WSSecurityEngineResult.TAG_TIMESTAMP)).getElement();
        if (!covers(signature, body, false)) throw refused("the signature does not cover the SOAP Body");
        if (!covers(signature, timestampElement, false)) throw refused("the signature does not cover the Timestamp");
        boolean encrypted = result.getActionResults().getOrDefault(WSConstants.ENCR, List.of()).stream()
                .anyMatch(r -> covers(r, body, true));
        if (!encrypted) throw refused("the SOAP Body was not encrypted");

        X509Certificate signer = (X509Certificate) signature.get(WSSecurityEngineResult.TAG_X509_CERTIFICATE);
        if (signer == null) throw refused("the signature carries no X.509 certificate");
        if (expectedSigner != null && !expectedSigner.equals(signer))
            throw refused("signed by an unexpected certificate");
        return signer;
    }

    private static WSSecurityEngineResult single(WSHandlerResult result, int action, String what)
            throws WSSecurityException {
        List<WSSecurityEngineResult> found = result.getActionResults().getOrDefault(action, List.of());
        if (found.isEmpty()) throw refused("no " + what + " in the security header");
        if (found.size() > 1) throw refused("more than one " + what + " in the security header");
        return found.get(0);
    }

    @SuppressWarnings("unchecked")
    private static boolean covers(WSSecurityEngineResult r, Element element, boolean content) {
        List<WSDataRef> refs = (List<WSDataRef>) r.get(WSSecurityEngineResult.TAG_DATA_REF_URIS);
        if (refs == null) return false;
        for (WSDataRef ref : refs) {
            Element p = ref.getProtectedElement();
            if (p != null && (p == element || p.isSameNode(element)) && (!content || ref.isContent())) return true;
        }
        return false;
    }

    private static WSSecurityException refused(String why) {
        return new WSSecurityException(WSSecurityException.ErrorCode.INVALID_SECURITY, "empty", new Object[] {why});
    }
}
