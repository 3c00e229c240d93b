package io.wirecost.scenarios.ws;

import com.sun.xml.ws.util.RuntimeVersion;
import io.wirecost.scenarios.BoundClient;
import io.wirecost.scenarios.CountingTester;
import io.wirecost.scenarios.Endpoint;
import io.wirecost.scenarios.HttpServerFacts;
import io.wirecost.scenarios.RttClient;
import io.wirecost.scenarios.Scenario;
import io.wirecost.scenarios.ScenarioConfig;
import io.wirecost.scenarios.ServerHandle;
import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.Service;
import java.io.Closeable;
import java.net.URL;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.xml.namespace.QName;
import org.apache.catalina.util.ServerInfo;

/**
 * {@code ws-literal}: SOAP 1.1 document/literal wrapped, seed 000's WS-literal column (JAX-RPC on
 * Tomcat 5 then; Metro, the JAX-WS reference implementation, on Tomcat 10.1 now). The server deploys
 * {@link RttEndpoint} through Metro's WSServlet ({@link MetroServer}); the client fetches the WSDL and
 * creates a dynamic proxy of {@link RttPort} ({@code Service.create(wsdl).getPort}): that, plus the
 * first call, is the instantiation the papers time. Calls go through the JDK's HttpURLConnection
 * with HTTP/1.1 keep-alive, as the papers' JAX-RPC clients did.
 *
 * <p>Run alone: {@code ./wirecost run --scenarios ws-literal}; serve it: {@code ./wirecost serve --scenario ws-literal}.
 */
public class WsLiteralScenario implements Scenario {

    static final QName SERVICE = new QName(RttPort.NAMESPACE, RttPort.SERVICE);
    static final QName PORT = new QName(RttPort.NAMESPACE, RttPort.PORT);
    static final QName PAYLOAD_SERVICE = new QName(PayloadPort.NAMESPACE, PayloadPort.SERVICE);
    static final QName PAYLOAD_PORT = new QName(PayloadPort.NAMESPACE, PayloadPort.PORT);

    @Override
    public ServerHandle startServer(ScenarioConfig config) throws Exception {
        CountingTester service = CountingTester.serving(config);
        Map<String, Object> attributes = new HashMap<>(serverAttributes(config));
        attributes.put(RttEndpoint.SERVICE_ATTRIBUTE, service);
        MetroServer server = MetroServer.start(config.bindHost(), attributes, serverHandler());
        String url = server.url();
        Endpoint ep = Endpoint.of("url", url, "wsdl", url + "?wsdl", "payloadWsdl", server.payloadUrl() + "?wsdl");
        return ServerHandle.of(
                ep,
                () -> {
                    Map<String, String> m =
                            HttpServerFacts.of(stack(), ServerInfo.getServerInfo(), server.traffic(), service);
                    m.putAll(serverInfo(attributes));
                    return m;
                },
                server);
    }

    @Override
    public RttClient connect(Endpoint endpoint, ScenarioConfig config) throws Exception {
        Service service = Service.create(new URL(endpoint.get("wsdl")), SERVICE);
        RttPort port = service.getPort(PORT, RttPort.class);
        configureClient((BindingProvider) port, config);
        return BoundClient.to(new PortTester(port), config)
                .payloads("the payload port", () -> {
                    PayloadPort p = Service.create(new URL(endpoint.get("payloadWsdl")), PAYLOAD_SERVICE)
                            .getPort(PAYLOAD_PORT, PayloadPort.class);
                    // the same handlers as RTTTester's port: ws-security's payloads are signed and encrypted too
                    configureClient((BindingProvider) p, config);
                    return new PayloadPortTester(p);
                })
                .info(() -> {
                    Map<String, String> m = new LinkedHashMap<>(stack());
                    // HttpURLConnection keeps connections alive unless this property says otherwise
                    m.put("http.keepAlive", System.getProperty("http.keepAlive", "true"));
                    m.put("http.client", "java.net.HttpURLConnection");
                    m.putAll(clientInfo(config));
                    return m;
                })
                .onClose(() -> {
                    if (port instanceof Closeable c) c.close();
                })
                .build();
    }

    private static Map<String, String> stack() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("soap.binding", "SOAP 1.1 document/literal wrapped");
        m.put("ws.stack", RuntimeVersion.VERSION.toString());
        return m;
    }

    // ---- what ws-security adds; ws-literal adds nothing

    /** Servlet context attributes besides the service. */
    protected Map<String, Object> serverAttributes(ScenarioConfig config) throws Exception {
        return Map.of();
    }

    /** Class name of the endpoint's SOAP handler, or null. */
    protected String serverHandler() {
        return null;
    }

    protected Map<String, String> serverInfo(Map<String, Object> attributes) {
        return Map.of();
    }

    protected void configureClient(BindingProvider port, ScenarioConfig config) throws Exception {}

    protected Map<String, String> clientInfo(ScenarioConfig config) {
        return Map.of();
    }
}
