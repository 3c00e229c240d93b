package io.wirecost.scenarios.http;

import io.wirecost.scenarios.Endpoint;
import io.wirecost.scenarios.RttClient;
import io.wirecost.scenarios.Scenario;
import io.wirecost.scenarios.ScenarioConfig;
import io.wirecost.scenarios.ServerHandle;
import io.wirecost.scenarios.Tally;
import io.wirecost.scenarios.http.servlet.Forwarded;
import io.wirecost.scenarios.http.servlet.RmiForwardServlet;
import io.wirecost.scenarios.http.servlet.ServletHost;
import io.wirecost.scenarios.http.servlet.TwoProcessors;
import io.wirecost.scenarios.http.tunnel.HttpTunnelClientSocketFactory;
import io.wirecost.scenarios.http.tunnel.TunnelClient;
import java.net.Proxy;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * {@code http-to-servlet}: RMI tunnelled through a forwarding servlet, seed 000's HTTP-to-servlet
 * column. Each call is one {@code POST http://127.0.0.1:WEBPORT/cgi-bin/java-rmi.cgi?forward=RMIPORT}
 * to embedded Tomcat 10.1, in the server JVM (so Tomcat is profiled with the server role), whose
 * servlet writes the body to the RMI port and returns the reply. The RMI server itself is plain
 * JRMP; it listens only on the internal address 127.0.0.2, so the host its stubs name (127.0.0.1)
 * refuses direct connections, as a firewall would, in both modes.
 *
 * <p>{@code tunnel.mode=forced} (default): always HTTP. {@code tunnel.mode=automatic}: the client
 * first dials 127.0.0.1:RMIPORT, is refused, falls back to the servlet and remembers that for the host.
 *
 * <p>Run alone: {@code ./wirecost run --scenarios rmi,http-to-servlet}.
 */
public final class HttpToServletScenario implements Scenario {

    @Override
    public ServerHandle startServer(ScenarioConfig config) throws Exception {
        TunnelOptions options = TunnelOptions.from(config);
        String host = Addresses.advertisedHost();
        int port = Addresses.freePort(Addresses.INTERNAL);
        Tally<Forwarded> stats = new Tally<>(Forwarded.class);
        RmiForwardServlet servlet =
                new RmiForwardServlet(new RmiForwardServlet.Policy(Addresses.INTERNAL, Set.of(port)), stats);
        ServletHost web = ServletHost.start(Addresses.LOOPBACK, servlet);
        // sorted: the facts are written in a fixed order, where Map.of iterates in one that changes between JVMs
        Map<String, String> extras = new TreeMap<>(Map.of(
                "servlet.port",
                String.valueOf(web.port()),
                "servlet.url",
                "http://" + host + ':' + web.port() + HttpTunnelClientSocketFactory.SERVLET_PATH + "?forward=" + port));
        return TunnelledServer.start(
                host,
                port,
                HttpTunnelClientSocketFactory.toServlet(web.port()),
                new InternalAddressServerSocketFactory(Addresses.INTERNAL),
                config.stringLength(),
                extras,
                List.of(web),
                () -> {
                    Map<String, String> m = new LinkedHashMap<>();
                    m.put("tunnel.mode", options.mode().label());
                    m.put("servlet.engine", ServletHost.version());
                    m.put("servlet.port", String.valueOf(web.port()));
                    TwoProcessors.Seen warm = web.warmProcessors();
                    m.put(
                            "servlet.warm_processors",
                            warm.answers() + " of " + warm.requests()
                                    + " requests held open in pairs answered at start "
                                    + warm.statusLines().stream().distinct().toList());
                    m.put(
                            "rmi.address",
                            Addresses.INTERNAL.getHostAddress() + ':' + port + " (plain JRMP, internal address only)");
                    m.putAll(stats.facts("servlet."));
                    return m;
                });
    }

    @Override
    public RttClient connect(Endpoint endpoint, ScenarioConfig config) throws Exception {
        TunnelOptions options = TunnelOptions.from(config);
        TunnelClient.configure(options.mode(), Proxy.NO_PROXY); // the web server is reached directly, on port WEBPORT
        return TunnelledRmiClient.lookup(
                endpoint, config, HttpTunnelClientSocketFactory.toServlet(endpoint.port("servlet.port")));
    }
}
