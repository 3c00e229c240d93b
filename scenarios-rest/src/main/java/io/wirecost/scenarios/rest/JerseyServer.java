package io.wirecost.scenarios.rest;

import io.wirecost.scenarios.CountingTester;
import io.wirecost.scenarios.tomcat.TomcatHost;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.startup.Tomcat;
import org.glassfish.jersey.jackson.JacksonFeature;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.ServerProperties;
import org.glassfish.jersey.servlet.ServletContainer;

/**
 * Jersey's servlet in embedded Tomcat 10.1 with Jackson for JSON. With {@code http2}, the HTTP/1.1
 * connector also offers HTTP/2 cleartext (h2c) by the HTTP/1.1 Upgrade the JDK's HttpClient uses.
 * Binds loopback (or the --remote server address) on a port the OS chooses.
 */
final class JerseyServer implements AutoCloseable {

    private final TomcatHost host;

    private JerseyServer(TomcatHost host) {
        this.host = host;
    }

    static JerseyServer start(String host, CountingTester service, boolean http2) throws Exception {
        TomcatHost.Builder builder = TomcatHost.on(host)
                // one connection for the whole run, as for ws-literal
                .keepConnectionsOpen();
        if (http2) builder.upgradeToHttp2();
        return new JerseyServer(builder.start(ctx -> {
            ResourceConfig app = new ResourceConfig()
                    .register(new RttResource(service))
                    .register(new PayloadResource())
                    .register(JacksonFeature.class)
                    // WADL needs JAXB, which is not here; without this Jersey warns at every start
                    .property(ServerProperties.WADL_FEATURE_DISABLE, true);
            Tomcat.addServlet(ctx, "jersey", new ServletContainer(app)).setLoadOnStartup(1);
            ctx.addServletMappingDecoded("/*", "jersey");
        }));
    }

    String baseUrl() {
        return host.url("");
    }

    @Override
    public void close() throws LifecycleException {
        host.close();
    }
}
