package io.wirecost.scenarios.ws.security;

import java.security.cert.X509Certificate;
import javax.crypto.SecretKey;
import org.apache.wss4j.common.WSEncryptionPart;
import org.apache.wss4j.common.ext.WSSecurityException;
import org.apache.wss4j.common.util.KeyUtils;
import org.apache.wss4j.common.util.WSCurrentTimeSource;
import org.apache.wss4j.common.util.WSTimeSource;
import org.apache.wss4j.dom.WSConstants;
import org.apache.wss4j.dom.engine.WSSConfig;
import org.apache.wss4j.dom.message.WSSecEncrypt;
import org.apache.wss4j.dom.message.WSSecHeader;
import org.apache.wss4j.dom.message.WSSecSignature;
import org.apache.wss4j.dom.message.WSSecTimestamp;
import org.apache.wss4j.dom.util.WSSecurityUtil;
import org.w3c.dom.Document;

/**
 * Outbound WS-Security on a SOAP envelope held as DOM (a SAAJ {@code SOAPPart} is one): a
 * {@code wsu:Timestamp}; an X.509 signature over the Timestamp and the Body, its certificate in a
 * BinarySecurityToken (direct reference); then the Body content encrypted for the recipient's
 * certificate. Signing before encrypting is WSS4J's usual "Timestamp Signature Encrypt" order: the
 * signature covers the plaintext, so the receiver decrypts first and then checks the digest.
 */
public final class MessageSecurer {

    /** The Timestamp's lifetime; the receiver refuses an expired one. */
    public static final int TTL_SECONDS = 300;

    private final WssKeys keys;
    private final WssSuite suite;
    private final WSTimeSource clock;

    public MessageSecurer(WssKeys keys, WssSuite suite) {
        this(keys, suite, new WSCurrentTimeSource());
    }

    /** With another clock: tests make expired Timestamps with one set in the past. */
    public MessageSecurer(WssKeys keys, WssSuite suite, WSTimeSource clock) {
        WSSConfig.init(); // Santuario's algorithm tables; idempotent
        this.keys = keys;
        this.suite = suite;
        this.clock = clock;
    }

    public void secure(Document envelope, X509Certificate recipient) throws WSSecurityException {
        String soapNs =
                WSSecurityUtil.getSOAPConstants(envelope.getDocumentElement()).getEnvelopeURI();
        WSSecHeader header = new WSSecHeader(envelope);
        header.insertSecurityHeader();

        WSSecTimestamp timestamp = new WSSecTimestamp(header);
        timestamp.setTimeToLive(TTL_SECONDS);
        timestamp.setWsTimeSource(clock);
        timestamp.build();

        WSSecSignature signature = new WSSecSignature(header);
        signature.setUserInfo(keys.alias(), keys.password());
        signature.setKeyIdentifierType(WSConstants.BST_DIRECT_REFERENCE);
        signature.setSignatureAlgorithm(suite.signature());
        signature.setDigestAlgo(suite.digest());
        signature.setSigCanonicalization(WSConstants.C14N_EXCL_OMIT_COMMENTS);
        signature.getParts().add(new WSEncryptionPart(WSConstants.TIMESTAMP_TOKEN_LN, WSConstants.WSU_NS, ""));
        signature.getParts().add(new WSEncryptionPart(WSConstants.ELEM_BODY, soapNs, ""));
        signature.build(keys.crypto());

        WSSecEncrypt encrypt = new WSSecEncrypt(header);
        encrypt.setUseThisCert(recipient);
        encrypt.setKeyIdentifierType(WSConstants.ISSUER_SERIAL);
        encrypt.setSymmetricEncAlgorithm(suite.encryption());
        encrypt.setKeyEncAlgo(suite.keyTransport());
        encrypt.getParts().add(new WSEncryptionPart(WSConstants.ELEM_BODY, soapNs, "Content"));
        SecretKey key = KeyUtils.getKeyGenerator(suite.encryption()).generateKey();
        encrypt.build(keys.crypto(), key);
    }
}
