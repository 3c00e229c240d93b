package io.wirecost.scenarios.ws.security;

import org.apache.wss4j.common.ext.WSSecurityException;
import org.apache.wss4j.dom.WSConstants;

import java.util.Set;
import javax.xml.namespace.QName;
import jakarta.xml.soap.SOAPException;
import jakarta.xml.soap.SOAPFactory;
import jakarta.xml.soap.SOAPFault;
import jakarta.xml.ws.soap.SOAPFaultException;

/** What both handlers share: the header they process, and how a refusal becomes a SOAP fault. */
final class SecurityHeaders {

    /** Declared by the handlers so that Metro's mustUnderstand check accepts {@code wsse:Security}. */
    static final Set<QName> UNDERSTOOD = Set.of(new QName(WSConstants.WSSE_NS, WSConstants.WSSE_LN));

    private SecurityHeaders() {
    }

    /**
     * A SOAP fault with WSS4J's <em>safe</em> code and text: the detailed reason stays on the server,
     * since telling a client which check failed (padding, digest, key) helps it forge the next try.
     */
    static SOAPFaultException fault(WSSecurityException e) {
        try {
            QName code = e.getSafeFaultCode() != null ? e.getSafeFaultCode() : WSSecurityException.SECURITY_ERROR;
            SOAPFault f = SOAPFactory.newInstance().createFault(e.getSafeExceptionMessage(), code);
            return new SOAPFaultException(f);
        } catch (SOAPException se) {
            throw new IllegalStateException("cannot build a SOAP fault", se);
        }
    }
}
