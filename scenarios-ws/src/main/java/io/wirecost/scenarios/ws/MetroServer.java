package io.wirecost.scenarios.ws;

import com.sun.xml.ws.transport.http.servlet.WSServlet;
import com.sun.xml.ws.transport.http.servlet.WSServletContextListener;
import io.wirecost.scenarios.tomcat.TomcatHost;
import java.util.Locale;
import java.util.Map;
import org.apache.catalina.startup.Tomcat;

/**
 * Metro deployed in embedded Tomcat 10.1 the way a web.xml would deploy it: {@code addContext} runs
 * no container initialisers, so the listener {@link WSServletContextListener} and the
 * {@link WSServlet} are added by hand, and the endpoint is described in {@code WEB-INF/sun-jaxws.xml},
 * written into the temporary docBase. ({@code Endpoint.publish} would use the JDK's HTTP server, not
 * Tomcat.) Binds loopback (or the --remote server address) on a port the OS chooses.
 */
final class MetroServer implements AutoCloseable {

    static final String PATH = "/rtt";
    /** {@code --payload}'s endpoint, with the same handler chain as RTTTester's (ws-security signs and encrypts payloads too). */
    static final String PAYLOAD_PATH = "/payload";

    private final TomcatHost host;

    private MetroServer(TomcatHost host) {
        this.host = host;
    }

    /**
     * @param bindHost     the address to listen on
     * @param attributes   servlet context attributes (the service, WS-Security state), set before any endpoint starts
     * @param handlerClass a SOAP handler for the endpoint's chain, or null
     */
    static MetroServer start(String bindHost, Map<String, Object> attributes, String handlerClass) throws Exception {
        return new MetroServer(TomcatHost.on(bindHost)
                // the papers' clients kept one connection for the whole run
                .keepConnectionsOpen()
                .countConnections()
                .webInf("sun-jaxws.xml", descriptor(handlerClass))
                .start(ctx -> {
                    // initialisers run before listeners: the attributes are there when Metro creates the endpoint
                    ctx.addServletContainerInitializer((classes, sc) -> attributes.forEach(sc::setAttribute), null);
                    ctx.addApplicationListener(WSServletContextListener.class.getName());
                    Tomcat.addServlet(ctx, "metro", new WSServlet()).setLoadOnStartup(1);
                    ctx.addServletMappingDecoded(PATH, "metro");
                    ctx.addServletMappingDecoded(PAYLOAD_PATH, "metro");
                }));
    }

    private static String descriptor(String handlerClass) {
        String handlers = handlerClass == null ? "" : String.format(Locale.ROOT, """
                    <handler-chains xmlns="https://jakarta.ee/xml/ns/jakartaee">
                      <handler-chain>
                        <handler><handler-name>ws-security</handler-name><handler-class>%s</handler-class></handler>
                      </handler-chain>
                    </handler-chains>
                """, handlerClass);
        return String.format(
                Locale.ROOT,
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <endpoints xmlns="http://java.sun.com/xml/ns/jax-ws/ri/runtime" version="2.0">
                  <endpoint name="RTTTester" implementation="%s" url-pattern="%s">
                %s  </endpoint>
                  <endpoint name="PayloadTester" implementation="%s" url-pattern="%s">
                %s  </endpoint>
                </endpoints>
                """,
                RttEndpoint.class.getName(),
                PATH,
                handlers,
                PayloadEndpoint.class.getName(),
                PAYLOAD_PATH,
                handlers);
    }

    String url() {
        return host.url(PATH);
    }

    String payloadUrl() {
        return host.url(PAYLOAD_PATH);
    }

    Map<String, String> traffic() {
        return host.traffic();
    }

    @Override
    public void close() throws Exception {
        host.close();
    }
}
