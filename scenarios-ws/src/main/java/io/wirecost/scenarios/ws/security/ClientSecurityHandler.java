package io.wirecost.scenarios.ws.security;

import jakarta.xml.soap.SOAPMessage;
import jakarta.xml.ws.WebServiceException;
import jakarta.xml.ws.handler.MessageContext;
import jakarta.xml.ws.handler.soap.SOAPMessageContext;
import java.security.cert.X509Certificate;
import org.apache.wss4j.common.ext.WSSecurityException;

/**
 * The client's WS-Security handler: requests are timestamped, signed with the client's key and
 * encrypted for the server's certificate; a response counts only if the server signed, encrypted and
 * timestamped it, with exactly the certificate the request was encrypted for.
 */
public final class ClientSecurityHandler extends SecurityHandler {

    private final MessageSecurer securer;
    private final MessageVerifier verifier;
    private final X509Certificate server;

    public ClientSecurityHandler(WssKeys clientKeys, X509Certificate server, WssSuite suite) {
        this.securer = new MessageSecurer(clientKeys, suite);
        this.verifier = new MessageVerifier(
                clientKeys, suite, server.getSubjectX500Principal().getName(), server);
        this.server = server;
    }

    @Override
    public boolean handleMessage(SOAPMessageContext ctx) {
        SOAPMessage message = ctx.getMessage();
        try {
            if (Boolean.TRUE.equals(ctx.get(MessageContext.MESSAGE_OUTBOUND_PROPERTY))) {
                securer.secure(message.getSOAPPart(), server);
                message.saveChanges();
            } else {
                verifier.verify(message.getSOAPPart());
                SecurityHeaders.dropForeignText(message);
            }
        } catch (WSSecurityException e) {
            throw new WebServiceException("WS-Security: " + e.getMessage(), e);
        } catch (jakarta.xml.soap.SOAPException e) {
            throw new WebServiceException(e);
        }
        return true;
    }
}
