package io.wirecost.scenarios.rest;

import io.wirecost.scenarios.BoundClient;
import io.wirecost.scenarios.CountingTester;
import io.wirecost.scenarios.Endpoint;
import io.wirecost.scenarios.RttClient;
import io.wirecost.scenarios.Scenario;
import io.wirecost.scenarios.ScenarioConfig;
import io.wirecost.scenarios.ServerHandle;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.catalina.util.ServerInfo;

/**
 * {@code rest-json}: what replaced SOAP web services, set beside {@code ws-literal}. Jakarta REST
 * resources (Jersey 3.1) in embedded Tomcat 10.1, answers written by Jackson as {@code {"value":...}};
 * the client is the JDK's {@code java.net.http.HttpClient} over HTTP/1.1 with keep-alive (one client,
 * one pooled connection) reading the answers with Jackson. One GET per RTTTester operation, so a call
 * is a request line, headers and a small JSON body each way. No paper has a column for it ("today only").
 *
 * <p>Jersey 3.1, not 4.0: Jersey 4 implements Jakarta EE 11 and needs Servlet 6.1, which Tomcat 10.1
 * (Servlet 6.0) does not provide; Jersey 3.1 is the Jakarta EE 10 line that fits Tomcat 10.1.
 *
 * <p>Instantiation is building the HttpClient and the first call (connection set-up included).
 *
 * <p>Run alone: {@code ./wirecost run --scenarios rest-json}; serve it: {@code ./wirecost serve --scenario rest-json}.
 */
public class RestJsonScenario implements Scenario {

    /** The HTTP version the client asks for; rest-json-h2 asks for HTTP/2. */
    protected HttpClient.Version version() {
        return HttpClient.Version.HTTP_1_1;
    }

    @Override
    public ServerHandle startServer(ScenarioConfig config) throws Exception {
        CountingTester service = CountingTester.serving(config);
        JerseyServer server = JerseyServer.start(config.bindHost(), service, version() == HttpClient.Version.HTTP_2);
        Endpoint ep = Endpoint.of("url", server.baseUrl());
        return ServerHandle.of(
                ep,
                () -> {
                    Map<String, String> m = new LinkedHashMap<>(stack());
                    m.put("http.server", ServerInfo.getServerInfo());
                    m.put(
                            "http.protocols",
                            version() == HttpClient.Version.HTTP_2 ? "HTTP/1.1, h2c by Upgrade" : "HTTP/1.1");
                    m.put("service.invocations", String.valueOf(service.invocations()));
                    return m;
                },
                server);
    }

    @Override
    public RttClient connect(Endpoint endpoint, ScenarioConfig config) throws Exception {
        HttpClient http = HttpClient.newBuilder().version(version()).build();
        JsonClient client = new JsonClient(http, endpoint.get("url"), callTimeout());
        return BoundClient.to(client, config)
                .payloads("the REST payload resources", () -> client)
                .info(() -> {
                    Map<String, String> m = new LinkedHashMap<>(stack());
                    m.put("http.client", "java.net.http.HttpClient");
                    m.put("http.version.requested", version().name());
                    m.put("http.version", String.valueOf(client.lastVersion()));
                    return m;
                })
                .onClose(() -> {
                    // HttpClient is AutoCloseable only from JDK 21; on 17 its connections close when it is collected
                    if (http instanceof AutoCloseable c) {
                        try {
                            c.close();
                        } catch (Exception e) {
                            // closing is best effort
                        }
                    }
                })
                .build();
    }

    /** --call-timeout reaches the scenario JVMs as the JDK's read timeout property (milliseconds). */
    private static Duration callTimeout() {
        long ms = Long.getLong("sun.net.client.defaultReadTimeout", 60_000L);
        return Duration.ofMillis(ms > 0 ? ms : 60_000L);
    }

    private static Map<String, String> stack() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("rest.stack", "Jersey " + jerseyVersion());
        m.put("json", "Jackson " + com.fasterxml.jackson.databind.cfg.PackageVersion.VERSION);
        return m;
    }

    private static String jerseyVersion() {
        Package p = org.glassfish.jersey.server.ResourceConfig.class.getPackage();
        return p.getImplementationVersion() == null ? "unknown" : p.getImplementationVersion();
    }
}
