package io.wirecost.scenarios.ws.security;

import jakarta.servlet.ServletContext;
import jakarta.xml.soap.SOAPMessage;
import jakarta.xml.ws.WebServiceException;
import jakarta.xml.ws.handler.MessageContext;
import jakarta.xml.ws.handler.soap.SOAPMessageContext;
import java.security.cert.X509Certificate;
import org.apache.wss4j.common.ext.WSSecurityException;

/**
 * The server's WS-Security handler, named in {@code sun-jaxws.xml} (Metro instantiates it, so it
 * takes its {@link ServerSecurity} from the servlet context). A request must be signed, encrypted and
 * timestamped; otherwise a SOAP fault goes back and the service is never called. The response is
 * signed with the server's key and encrypted for the certificate that signed the request.
 */
public final class ServerSecurityHandler extends SecurityHandler {

    public static final String CONTEXT_ATTRIBUTE = "io.wirecost.wss.server";
    private static final String SIGNER = "io.wirecost.wss.requestSigner";

    private volatile ServerSecurity security;

    @Override
    public boolean handleMessage(SOAPMessageContext ctx) {
        ServerSecurity s = security(ctx);
        SOAPMessage message = ctx.getMessage();
        if (!Boolean.TRUE.equals(ctx.get(MessageContext.MESSAGE_OUTBOUND_PROPERTY))) {
            try {
                X509Certificate signer = s.verifier().verify(message.getSOAPPart());
                SecurityHeaders.dropForeignText(message);
                s.verified();
                ctx.put(SIGNER, signer);
                ctx.setScope(SIGNER, MessageContext.Scope.HANDLER);
                return true;
            } catch (WSSecurityException | jakarta.xml.soap.SOAPException | RuntimeException e) {
                // JAX-WS: false on an inbound request turns it round; the context's message is the reply
                s.refused(e);
                ctx.setMessage(SecurityHeaders.fault());
                return false;
            }
        }
        X509Certificate requester = (X509Certificate) ctx.get(SIGNER);
        if (requester == null) throw new WebServiceException("no verified request signer to encrypt the response for");
        try {
            s.securer().secure(message.getSOAPPart(), requester);
            message.saveChanges();
        } catch (Exception e) {
            throw new WebServiceException("cannot secure the response", e);
        }
        return true;
    }

    private ServerSecurity security(MessageContext ctx) {
        ServerSecurity s = security;
        if (s == null) {
            ServletContext sc = (ServletContext) ctx.get(MessageContext.SERVLET_CONTEXT);
            s = (ServerSecurity) sc.getAttribute(CONTEXT_ATTRIBUTE);
            if (s == null) throw new WebServiceException("WS-Security is not configured in this web application");
            security = s;
        }
        return s;
    }
}
