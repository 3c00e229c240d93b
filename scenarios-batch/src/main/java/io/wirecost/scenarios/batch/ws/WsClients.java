package io.wirecost.scenarios.batch.ws;

import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.Service;
import java.net.URL;
import javax.xml.namespace.QName;

/** A Metro client of the web service, from the service's own WSDL, as seed 004's client was generated. */
public final class WsClients {

    private WsClients() {}

    /** {@code baseUrl} like {@code http://127.0.0.1:PORT}: the server's port, or a proxy's in front of it. */
    public static ResourceService connect(String baseUrl) throws Exception {
        String address = baseUrl + MetroServer.PATH;
        Service service = Service.create(
                new URL(address + "?wsdl"), new QName(ResourceService.NAMESPACE, ResourceService.SERVICE));
        ResourceService port =
                service.getPort(new QName(ResourceService.NAMESPACE, ResourceService.PORT), ResourceService.class);
        // the WSDL names the address the server saw; calls go where the client was told to go
        ((BindingProvider) port).getRequestContext().put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY, address);
        return port;
    }
}
