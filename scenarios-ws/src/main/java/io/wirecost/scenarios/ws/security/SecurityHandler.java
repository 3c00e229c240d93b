package io.wirecost.scenarios.ws.security;

import jakarta.xml.ws.handler.MessageContext;
import jakarta.xml.ws.handler.soap.SOAPHandler;
import jakarta.xml.ws.handler.soap.SOAPMessageContext;
import java.util.Set;
import javax.xml.namespace.QName;

/**
 * What the client's and the server's WS-Security handlers share: the security header is understood, and faults pass
 * as they are (a refusal from the server carries no security header, and there may be no verified key to encrypt a
 * fault for). Each side secures and verifies messages in its own {@link #handleMessage}.
 */
public abstract class SecurityHandler implements SOAPHandler<SOAPMessageContext> {

    @Override
    public final Set<QName> getHeaders() {
        return SecurityHeaders.UNDERSTOOD;
    }

    @Override
    public final boolean handleFault(SOAPMessageContext ctx) {
        return true;
    }

    @Override
    public final void close(MessageContext ctx) {}
}
