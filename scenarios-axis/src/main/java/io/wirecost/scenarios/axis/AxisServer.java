package io.wirecost.scenarios.axis;

import io.wirecost.scenarios.ScenarioConfig;
import io.wirecost.scenarios.files.CleanupHook;
import io.wirecost.scenarios.files.FileTrees;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.axis.transport.http.AxisServlet;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.Wrapper;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.core.StandardContext;
import org.apache.catalina.startup.Tomcat;

/**
 * Apache Axis 1.4's {@link AxisServlet} in embedded Tomcat 9. Tomcat 9 because Axis is a
 * {@code javax.servlet} application: on Tomcat 9 it runs unmodified, whereas Tomcat 10.1
 * ({@code jakarta.servlet}) would need Axis rewritten by a namespace converter at build time. That is
 * also why this is the one scenario server not started through the harness's {@code TomcatHost}
 * (compiled against 10.1); it repeats that class's connector and context choices.
 * The service is deployed as Axis deploys it: {@code WEB-INF/server-config.wsdd} ({@link AxisDeployment}) in a temporary
 * docBase, {@code provider="java:RPC" style="rpc" use="encoded"}. Binds loopback (or the --remote server address) on a port the OS
 * chooses.
 */
final class AxisServer implements AutoCloseable {

    static final String SERVICE = "RTTTester";
    static final String NAMESPACE = "urn:wirecost:rtt";
    static final String PATH = "/services/" + SERVICE;
    /** {@code --payload}: seed 001's beans, serialized field by field as SOAP-encoded structs. */
    static final String PAYLOAD_NAMESPACE = "urn:wirecost:payload";

    static final String PAYLOAD_PATH = "/services/PayloadTester";
    static final java.util.List<Class<?>> BEANS = java.util.List.of(
            io.wirecost.scenarios.payload.Data2.class,
            io.wirecost.scenarios.payload.Data3.class,
            io.wirecost.scenarios.payload.Address.class,
            io.wirecost.scenarios.payload.Order.class,
            io.wirecost.scenarios.payload.SimpleDate.class);

    private final Tomcat tomcat;
    private final Path baseDir;
    private final ConnectionCounter counter;
    /** A server JVM ended by a signal (Ctrl-C on {@code wirecost serve}) still removes its docBase. */
    private final CleanupHook cleanup;

    private AxisServer(Tomcat tomcat, Path baseDir, ConnectionCounter counter) {
        this.tomcat = tomcat;
        this.baseDir = baseDir;
        this.counter = counter;
        this.cleanup = CleanupHook.register("wirecost-tomcat-cleanup", () -> FileTrees.deleteQuietly(baseDir));
    }

    /** @param attributes servlet context attributes (the service), set before the servlet starts */
    static AxisServer start(Map<String, Object> attributes) throws Exception {
        Path base = Files.createTempDirectory("wirecost-axis-");
        Path docBase = base.resolve("webapp");
        Files.createDirectories(docBase.resolve("WEB-INF"));
        Files.writeString(docBase.resolve("WEB-INF/server-config.wsdd"), AxisDeployment.WSDD);

        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(base.toString());
        Connector connector = new Connector("HTTP/1.1");
        connector.setPort(0);
        connector.setProperty("address", ScenarioConfig.defaultBindHost());
        // as for ws-literal: a kept-alive connection lasts the whole run
        connector.setProperty("maxKeepAliveRequests", "-1");
        tomcat.setConnector(connector);
        tomcat.getHost().setAutoDeploy(false);

        StandardContext ctx = (StandardContext) tomcat.addContext("", docBase.toString());
        // leak detection at undeploy needs --add-opens and only warns without it; a scenario server never redeploys
        ctx.setClearReferencesObjectStreamClassCaches(false);
        ctx.setClearReferencesThreadLocals(false);
        ctx.setClearReferencesRmiTargets(false);
        ctx.addServletContainerInitializer((classes, sc) -> attributes.forEach(sc::setAttribute), null);
        Wrapper servlet = Tomcat.addServlet(ctx, "axis", new AxisServlet());
        servlet.setLoadOnStartup(1);
        ctx.addServletMappingDecoded("/services/*", "axis");
        ConnectionCounter counter = new ConnectionCounter();
        ctx.getPipeline().addValve(counter);
        try {
            tomcat.start();
        } catch (LifecycleException e) {
            tomcat.destroy();
            FileTrees.delete(base);
            throw e;
        }
        return new AxisServer(tomcat, base, counter);
    }

    String payloadUrl() {
        return url(PAYLOAD_PATH);
    }

    String url() {
        return url(PATH);
    }

    private String url(String path) {
        String host = ScenarioConfig.defaultBindHost();
        String h = host.contains(":") ? "[" + host + "]" : host;
        return "http://" + h + ":" + tomcat.getConnector().getLocalPort() + path;
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
            FileTrees.delete(baseDir);
            cleanup.cancel();
        }
    }
}
