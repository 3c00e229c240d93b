package io.wirecost.scenarios.ws.security;

import jakarta.xml.soap.MessageFactory;
import jakarta.xml.soap.SOAPBody;
import jakarta.xml.soap.SOAPException;
import jakarta.xml.soap.SOAPMessage;
import java.util.Set;
import javax.xml.namespace.QName;
import org.apache.wss4j.common.ext.WSSecurityException;
import org.apache.wss4j.dom.WSConstants;
import org.w3c.dom.Node;

/** What both handlers share: the header they process, refusals as SOAP faults, and one SAAJ repair. */
final class SecurityHeaders {

    /** Declared by the handlers so that Metro's mustUnderstand check accepts {@code wsse:Security}. */
    static final Set<QName> UNDERSTOOD = Set.of(new QName(WSConstants.WSSE_NS, WSConstants.WSSE_LN));

    /** The WS-Security 1.0 spec's generic fault, whatever failed. */
    static final QName FAULT_CODE = WSSecurityException.INVALID_SECURITY;

    static final String FAULT_STRING = "An error was discovered processing the <wsse:Security> header";

    private SecurityHeaders() {}

    /**
     * A fresh SOAP 1.1 fault message. It says only that the security header failed: telling a client
     * which check failed (padding, digest, key) helps it forge the next try. A new message, because
     * the refused one may be half decrypted (see {@link #dropForeignText}).
     */
    static SOAPMessage fault() {
        try {
            SOAPMessage m = MessageFactory.newInstance().createMessage();
            m.getSOAPBody().addFault(FAULT_CODE, FAULT_STRING);
            m.saveChanges();
            return m;
        } catch (SOAPException e) {
            throw new IllegalStateException("cannot build a SOAP fault", e);
        }
    }

    /**
     * WSS4J puts decrypted nodes into the SAAJ document through plain DOM calls, so a text node
     * directly inside the Body (the blanks of a pretty-printed envelope) arrives as a bare JDK DOM node
     * that SAAJ's child iterator cannot cast, and Metro fails on it. Blanks there mean nothing in SOAP:
     * they are removed; any other foreign text is a malformed Body.
     */
    static void dropForeignText(SOAPMessage message) throws SOAPException, WSSecurityException {
        SOAPBody body = message.getSOAPBody();
        Node n = body.getFirstChild();
        while (n != null) {
            Node next = n.getNextSibling();
            if (!(n instanceof jakarta.xml.soap.Node) && n.getNodeType() == Node.TEXT_NODE) {
                if (!n.getNodeValue().isBlank()) {
                    throw new WSSecurityException(
                            WSSecurityException.ErrorCode.INVALID_SECURITY,
                            "empty",
                            new Object[] {"text outside any element in the decrypted Body"});
                }
                n.getParentNode().removeChild(n);
            }
            n = next;
        }
    }
}
