package io.wirecost.scenarios.rest;

import io.wirecost.scenarios.CountingTester;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.Wrapper;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.core.StandardContext;
import org.apache.catalina.startup.Tomcat;
import org.apache.coyote.http2.Http2Protocol;
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

    private final Tomcat tomcat;
    private final Path baseDir;
    private final String host;

    private JerseyServer(Tomcat tomcat, Path baseDir, String host) {
        this.tomcat = tomcat;
        this.baseDir = baseDir;
        this.host = host;
    }

    static JerseyServer start(String host, CountingTester service, boolean http2) throws Exception {
        Path base = Files.createTempDirectory("wirecost-jersey-");
        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(base.toString());
        Connector connector = new Connector("HTTP/1.1");
        connector.setPort(0);
        connector.setProperty("address", host);
        // one connection for the whole run, as for ws-literal; Tomcat's default closes it after 100 requests
        connector.setProperty("maxKeepAliveRequests", "-1");
        if (http2) connector.addUpgradeProtocol(new Http2Protocol());
        tomcat.setConnector(connector);
        tomcat.getHost().setAutoDeploy(false);

        StandardContext ctx = (StandardContext) tomcat.addContext("", base.toString());
        ctx.setClearReferencesObjectStreamClassCaches(false);
        ctx.setClearReferencesThreadLocals(false);
        ctx.setClearReferencesRmiTargets(false);
        ResourceConfig app = new ResourceConfig()
                .register(new RttResource(service))
                .register(new PayloadResource())
                .register(JacksonFeature.class)
                // WADL needs JAXB, which is not here; without this Jersey warns at every start
                .property(ServerProperties.WADL_FEATURE_DISABLE, true);
        Wrapper servlet = Tomcat.addServlet(ctx, "jersey", new ServletContainer(app));
        servlet.setLoadOnStartup(1);
        ctx.addServletMappingDecoded("/*", "jersey");
        try {
            tomcat.start();
        } catch (LifecycleException e) {
            tomcat.destroy();
            delete(base);
            throw e;
        }
        return new JerseyServer(tomcat, base, host);
    }

    String baseUrl() {
        String h = host.contains(":") ? "[" + host + "]" : host;
        return "http://" + h + ":" + tomcat.getConnector().getLocalPort();
    }

    @Override
    public void close() throws Exception {
        try {
            tomcat.stop();
            tomcat.destroy();
        } finally {
            delete(baseDir);
        }
    }

    private static void delete(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
