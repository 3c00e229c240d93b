package io.wirecost.scenarios.axis;

import io.wirecost.scenarios.ScenarioConfig;
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
 * The service is deployed as Axis deploys it: {@code WEB-INF/server-config.wsdd} in a temporary
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
    private final Thread cleanup;

    private AxisServer(Tomcat tomcat, Path baseDir, ConnectionCounter counter) {
        this.tomcat = tomcat;
        this.baseDir = baseDir;
        this.counter = counter;
        this.cleanup = new Thread(() -> FileTrees.deleteQuietly(baseDir), "wirecost-tomcat-cleanup");
        Runtime.getRuntime().addShutdownHook(cleanup);
    }

    /** @param attributes servlet context attributes (the service), set before the servlet starts */
    static AxisServer start(Map<String, Object> attributes) throws Exception {
        Path base = Files.createTempDirectory("wirecost-axis-");
        Path docBase = base.resolve("webapp");
        Files.createDirectories(docBase.resolve("WEB-INF"));
        Files.writeString(docBase.resolve("WEB-INF/server-config.wsdd"), WSDD);

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

    /** Axis's own deployment descriptor: the http transport with its URL mapper, and the one service. */
    private static final String WSDD = """
            <?xml version="1.0" encoding="UTF-8"?>
            <deployment xmlns="http://xml.apache.org/axis/wsdd/" xmlns:java="http://xml.apache.org/axis/wsdd/providers/java">
              <globalConfiguration>
                <parameter name="sendMultiRefs" value="true"/>
                <parameter name="sendXsiTypes" value="true"/>
                <parameter name="sendXMLDeclaration" value="true"/>
                <parameter name="disablePrettyXML" value="true"/>
              </globalConfiguration>
              <handler name="URLMapper" type="java:org.apache.axis.handlers.http.URLMapper"/>
              <service name="%1$s" provider="java:RPC" style="rpc" use="encoded">
                <namespace>%2$s</namespace>
                <parameter name="className" value="%3$s"/>
                <parameter name="allowedMethods" value="returnRTTforInt returnRTTforShort returnRTTforLong returnRTTforFloat returnRTTforDouble returnRTTforBool returnRTTforByte returnRTTforString"/>
                <parameter name="scope" value="Application"/>
                <parameter name="wsdlServiceElement" value="%1$sService"/>
                <parameter name="wsdlServicePort" value="%1$s"/>
              </service>
              <service name="PayloadTester" provider="java:RPC" style="rpc" use="encoded">
                <namespace>%4$s</namespace>
                <parameter name="className" value="%5$s"/>
                <parameter name="allowedMethods" value="getString f1 getCustomerRecord getCustomersForSalesRep invert"/>
                <parameter name="scope" value="Application"/>
            %6$s  </service>
              <transport name="http">
                <requestFlow><handler type="URLMapper"/></requestFlow>
              </transport>
            </deployment>
            """.formatted(
                    SERVICE,
                    NAMESPACE,
                    AxisRttService.class.getName(),
                    PAYLOAD_NAMESPACE,
                    io.wirecost.scenarios.payload.PayloadService.class.getName(),
                    beanMappings());

    /**
     * Operations are declared, not introspected: Axis 1.4 reads parameter names from the class file with
     * its own bytecode parser, which fails on Java 17 class files ("unexpected bytes in file").
     */
    private static String beanMappings() {
        StringBuilder sb = new StringBuilder();
        String[][] ops = {
            {"getString", "xsd:int", "xsd:string"},
            {"f1", "xsd:int", "p:ArrayOfData2"},
            {"getCustomerRecord", "xsd:int", "p:Data3"},
            {"getCustomersForSalesRep", "xsd:int", "p:ArrayOfData3"},
            {"invert", "p:ArrayOfint", "p:ArrayOfint"}
        };
        for (String[] op : ops) {
            sb.append("    <operation xmlns:p=\"")
                    .append(PAYLOAD_NAMESPACE)
                    .append("\" xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\" name=\"")
                    .append(op[0])
                    .append("\" qname=\"p:")
                    .append(op[0])
                    .append("\" returnQName=\"")
                    .append(op[0])
                    .append("Return\" returnType=\"")
                    .append(op[2])
                    .append("\"><parameter name=\"in0\" type=\"")
                    .append(op[1])
                    .append("\"/></operation>\n");
        }
        String[][] arrays = {
            {"Data2", "p:Data2", "io.wirecost.scenarios.payload.Data2[]"},
            {"Data3", "p:Data3", "io.wirecost.scenarios.payload.Data3[]"},
            {"int", "xsd:int", "int[]"}
        };
        for (String[] a : arrays) {
            sb.append("    <arrayMapping xmlns:p=\"")
                    .append(PAYLOAD_NAMESPACE)
                    .append("\" xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\" qname=\"p:ArrayOf")
                    .append(a[0])
                    .append("\" languageSpecificType=\"java:")
                    .append(a[2])
                    .append("\" innerType=\"")
                    .append(a[1])
                    .append("\" encodingStyle=\"http://schemas.xmlsoap.org/soap/encoding/\"/>\n");
        }
        for (Class<?> c : BEANS) {
            sb.append("    <beanMapping xmlns:p=\"")
                    .append(PAYLOAD_NAMESPACE)
                    .append("\" qname=\"p:")
                    .append(c.getSimpleName())
                    .append("\" languageSpecificType=\"java:")
                    .append(c.getName())
                    .append("\" encodingStyle=\"http://schemas.xmlsoap.org/soap/encoding/\"/>\n");
        }
        return sb.toString();
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
            try {
                Runtime.getRuntime().removeShutdownHook(cleanup);
            } catch (IllegalStateException e) {
                // already shutting down
            }
        }
    }
}
