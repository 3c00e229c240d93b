package io.wirecost.scenarios.ws;

import com.sun.xml.ws.transport.http.servlet.WSServlet;
import com.sun.xml.ws.transport.http.servlet.WSServletContextListener;
import io.wirecost.scenarios.ScenarioConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.Wrapper;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.core.StandardContext;
import org.apache.catalina.startup.Tomcat;

/**
 * Metro deployed in embedded Tomcat 10.1 the way a web.xml would deploy it: {@code addContext} runs
 * no container initialisers, so the listener {@link WSServletContextListener} and the
 * {@link WSServlet} are added by hand, and the endpoint is described in {@code WEB-INF/sun-jaxws.xml},
 * written into a temporary docBase. ({@code Endpoint.publish} would use the JDK's HTTP server, not
 * Tomcat.) Binds loopback (or the --remote server address) on a port the OS chooses.
 */
final class MetroServer implements AutoCloseable {

    static final String PATH = "/rtt";
    /** {@code --payload}'s endpoint, with the same handler chain as RTTTester's (ws-security signs and encrypts payloads too). */
    static final String PAYLOAD_PATH = "/payload";

    private final Tomcat tomcat;
    private final Path baseDir;
    private final ConnectionCounter counter;
    /** A server JVM ended by a signal (Ctrl-C on {@code wirecost serve}) still removes its docBase. */
    private final Thread cleanup;

    private MetroServer(Tomcat tomcat, Path baseDir, ConnectionCounter counter) {
        this.tomcat = tomcat;
        this.baseDir = baseDir;
        this.counter = counter;
        this.cleanup = new Thread(
                () -> {
                    try {
                        delete(baseDir);
                    } catch (IOException e) {
                        // best effort at exit
                    }
                },
                "wirecost-tomcat-cleanup");
        Runtime.getRuntime().addShutdownHook(cleanup);
    }

    /**
     * @param attributes   servlet context attributes (the service, WS-Security state), set before any endpoint starts
     * @param handlerClass a SOAP handler for the endpoint's chain, or null
     */
    static MetroServer start(Map<String, Object> attributes, String handlerClass) throws Exception {
        Path base = Files.createTempDirectory("wirecost-tomcat-");
        Path docBase = base.resolve("webapp");
        Files.createDirectories(docBase.resolve("WEB-INF"));
        Files.writeString(docBase.resolve("WEB-INF/sun-jaxws.xml"), descriptor(handlerClass));

        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(base.toString());
        Connector connector = new Connector("HTTP/1.1");
        connector.setPort(0);
        connector.setProperty("address", ScenarioConfig.defaultBindHost());
        // the papers' clients kept one connection for the whole run; Tomcat's default closes it after 100 requests
        connector.setProperty("maxKeepAliveRequests", "-1");
        tomcat.setConnector(connector);
        tomcat.getHost().setAutoDeploy(false);

        StandardContext ctx = (StandardContext) tomcat.addContext("", docBase.toString());
        // leak detection at undeploy needs --add-opens and only warns without it; a scenario server never redeploys
        ctx.setClearReferencesObjectStreamClassCaches(false);
        ctx.setClearReferencesThreadLocals(false);
        ctx.setClearReferencesRmiTargets(false);
        // initialisers run before listeners: the attributes are there when Metro creates the endpoint
        ctx.addServletContainerInitializer((classes, sc) -> attributes.forEach(sc::setAttribute), null);
        ctx.addApplicationListener(WSServletContextListener.class.getName());
        Wrapper servlet = Tomcat.addServlet(ctx, "metro", new WSServlet());
        servlet.setLoadOnStartup(1);
        ctx.addServletMappingDecoded(PATH, "metro");
        ctx.addServletMappingDecoded(PAYLOAD_PATH, "metro");
        ConnectionCounter counter = new ConnectionCounter();
        ctx.getPipeline().addValve(counter);
        try {
            tomcat.start();
        } catch (LifecycleException e) {
            tomcat.destroy();
            delete(base);
            throw e;
        }
        return new MetroServer(tomcat, base, counter);
    }

    private static String descriptor(String handlerClass) {
        String handlers = handlerClass == null ? "" : """
                    <handler-chains xmlns="https://jakarta.ee/xml/ns/jakartaee">
                      <handler-chain>
                        <handler><handler-name>ws-security</handler-name><handler-class>%s</handler-class></handler>
                      </handler-chain>
                    </handler-chains>
                """.formatted(handlerClass);
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <endpoints xmlns="http://java.sun.com/xml/ns/jax-ws/ri/runtime" version="2.0">
                  <endpoint name="RTTTester" implementation="%s" url-pattern="%s">
                %s  </endpoint>
                  <endpoint name="PayloadTester" implementation="%s" url-pattern="%s">
                %s  </endpoint>
                </endpoints>
                """.formatted(
                RttEndpoint.class.getName(), PATH, handlers, PayloadEndpoint.class.getName(), PAYLOAD_PATH, handlers);
    }

    String url() {
        return "http://" + ScenarioConfig.defaultBindHost() + ":"
                + tomcat.getConnector().getLocalPort() + PATH;
    }

    String payloadUrl() {
        return "http://" + ScenarioConfig.defaultBindHost() + ":"
                + tomcat.getConnector().getLocalPort() + PAYLOAD_PATH;
    }

    Map<String, String> traffic() {
        return counter.info();
    }

    @Override
    public void close() throws Exception {
        try {
            tomcat.stop();
            tomcat.destroy();
        } finally {
            delete(baseDir);
            try {
                Runtime.getRuntime().removeShutdownHook(cleanup);
            } catch (IllegalStateException e) {
                // already shutting down
            }
        }
    }

    private static void delete(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
