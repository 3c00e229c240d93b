package io.wirecost.scenarios.axis;

import io.wirecost.scenarios.BoundClient;
import io.wirecost.scenarios.CountingTester;
import io.wirecost.scenarios.Endpoint;
import io.wirecost.scenarios.HttpServerFacts;
import io.wirecost.scenarios.RTTTester;
import io.wirecost.scenarios.RttClient;
import io.wirecost.scenarios.Scenario;
import io.wirecost.scenarios.ScenarioConfig;
import io.wirecost.scenarios.ServerHandle;
import java.net.URL;
import java.util.Hashtable;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.xml.namespace.QName;
import javax.xml.rpc.ServiceException;
import org.apache.axis.Handler;
import org.apache.axis.SimpleTargetedChain;
import org.apache.axis.Version;
import org.apache.axis.client.AxisClient;
import org.apache.axis.client.Call;
import org.apache.axis.client.Service;
import org.apache.axis.configuration.SimpleProvider;
import org.apache.axis.transport.http.CommonsHTTPSender;
import org.apache.axis.transport.http.HTTPConstants;
import org.apache.axis.transport.http.HTTPSender;
import org.apache.catalina.util.ServerInfo;

/**
 * {@code ws-encoded}: SOAP 1.1 RPC/encoded, seed 000's WS-encoded column. JAX-WS has no RPC/encoded
 * (Metro silently publishes such a class as literal), so this is Apache Axis 1.4, the last Java stack
 * that speaks it: {@link AxisServer} deploys {@link AxisRttService} in embedded Tomcat 9 with a WSDD
 * ({@code java:RPC}, {@code style="rpc" use="encoded"}), and the client invokes it dynamically
 * ({@code org.apache.axis.client.Service} built from the WSDL, one {@link Call} per operation). The
 * wire carries real SOAP encoding: {@code encodingStyle}, {@code xsi:type}, multi-ref strings.
 *
 * <p>HTTP: the papers' JAX-RPC clients used HTTP/1.1 with keep-alive. Axis's default sender speaks
 * HTTP/1.0 with a new connection per call, so this client uses Axis's {@code CommonsHTTPSender}
 * (HTTP/1.1, pooled connections, requests with a Content-Length rather than chunked); option
 * {@code http.keepAlive=false} selects the default sender instead. Which one ran is in the client's
 * info, and the server counts requests and client connections.
 *
 * <p>Run alone: {@code ./wirecost run --scenarios ws-encoded}; serve it: {@code ./wirecost serve --scenario ws-encoded}.
 */
public final class WsEncodedScenario implements Scenario {

    public static final String KEEP_ALIVE_OPTION = "http.keepAlive";
    static final QName SERVICE = new QName(AxisServer.NAMESPACE, AxisServer.SERVICE + "Service");
    static final QName PORT = new QName(AxisServer.NAMESPACE, AxisServer.SERVICE);

    @Override
    public ServerHandle startServer(ScenarioConfig config) throws Exception {
        keepAlive(config); // a bad value fails here, before any JVM goes on
        CountingTester service = CountingTester.serving(config);
        AxisServer server = AxisServer.start(Map.of(AxisRttService.SERVICE_ATTRIBUTE, service));
        String url = server.url();
        Endpoint ep = Endpoint.of("url", url, "wsdl", url + "?wsdl", "payloadUrl", server.payloadUrl());
        return ServerHandle.of(
                ep, () -> HttpServerFacts.of(stack(), ServerInfo.getServerInfo(), server.traffic(), service), server);
    }

    @Override
    public RttClient connect(Endpoint endpoint, ScenarioConfig config) throws Exception {
        boolean keepAlive = keepAlive(config);
        KeepAliveSender pooled = keepAlive ? new KeepAliveSender() : null;
        Handler sender = keepAlive ? pooled : new HTTPSender();
        SimpleProvider transports = new SimpleProvider();
        transports.deployTransport("http", new SimpleTargetedChain(sender));
        Service service = new Service(new URL(endpoint.get("wsdl")), SERVICE);
        service.setEngine(new AxisClient(transports));
        Hashtable<String, String> headers = new Hashtable<>();
        headers.put(HTTPConstants.HEADER_TRANSFER_ENCODING_CHUNKED, "false");
        RTTTester tester = new AxisTester(op -> {
            try {
                Call call = (Call) service.createCall(PORT, new QName(AxisServer.NAMESPACE, op));
                if (keepAlive) call.setProperty(HTTPConstants.REQUEST_HEADERS, headers);
                return call;
            } catch (ServiceException e) {
                throw new IllegalStateException("the WSDL has no operation " + op + ": " + e.getMessage(), e);
            }
        });
        return BoundClient.to(tester, config)
                .payloads("the payload service", () -> {
                    Service plain = new Service();
                    plain.setEngine(service.getEngine());
                    return new AxisPayloadTester(plain, endpoint.get("payloadUrl"), c -> {
                        if (keepAlive) c.setProperty(HTTPConstants.REQUEST_HEADERS, headers);
                    });
                })
                .info(() -> {
                    Map<String, String> m = new LinkedHashMap<>(stack());
                    m.put(KEEP_ALIVE_OPTION, String.valueOf(keepAlive));
                    m.put("http.sender", (keepAlive ? CommonsHTTPSender.class : HTTPSender.class).getName());
                    m.put("http.version", keepAlive ? "HTTP/1.1" : "HTTP/1.0");
                    if (keepAlive) m.put("http.staleConnectionCheck", "false");
                    return m;
                })
                .onClose(() -> {
                    if (pooled != null) pooled.shutdown();
                })
                .build();
    }

    private static boolean keepAlive(ScenarioConfig config) {
        return Boolean.parseBoolean(config.choice(KEEP_ALIVE_OPTION, "true", "false"));
    }

    private static Map<String, String> stack() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("soap.binding", "SOAP 1.1 rpc/encoded");
        m.put("ws.stack", Version.getVersion().lines().findFirst().orElse("Apache Axis"));
        return m;
    }
}
