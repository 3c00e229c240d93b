package io.wirecost.scenarios.http;

import io.wirecost.scenarios.Endpoint;
import io.wirecost.scenarios.RttClient;
import io.wirecost.scenarios.Scenario;
import io.wirecost.scenarios.ScenarioConfig;
import io.wirecost.scenarios.ServerHandle;
import io.wirecost.scenarios.Tally;
import io.wirecost.scenarios.http.proxy.ForwardProxy;
import io.wirecost.scenarios.http.tunnel.HttpAwareServerSocketFactory;
import io.wirecost.scenarios.http.tunnel.HttpTunnelClientSocketFactory;
import io.wirecost.scenarios.http.tunnel.TunnelClient;
import io.wirecost.scenarios.http.tunnel.TunnelMode;
import io.wirecost.scenarios.http.tunnel.TunnelServerEvent;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * {@code http-to-port}: RMI tunnelled through an HTTP proxy to the RMI port itself, seed 000's
 * HTTP-to-port column. Each call is one {@code POST http://127.0.0.1:RMIPORT/} sent by the client's
 * socket factory through a real, generic forward proxy (Privoxy, as in the paper, or LittleProxy);
 * the RMI server's own server sockets unwrap the POST. The proxy is started by the server JVM (which
 * knows the RMI port it must allow) as a separate, unprofiled process, and stopped with it.
 *
 * <p>{@code tunnel.mode=forced} (default): always HTTP; the RMI port also still speaks plain JRMP.
 * {@code tunnel.mode=automatic}: the client first tries plain JRMP; the RMI port serves only HTTP
 * and resets direct connections, as a rejecting firewall would, so the client falls back to HTTP
 * and remembers that for the host.
 *
 * <p>Run alone: {@code ./wirecost run --scenarios rmi,http-to-port --scenario-option tunnel.mode=automatic}.
 */
public final class HttpToPortScenario implements Scenario {

    @Override
    public ServerHandle startServer(ScenarioConfig config) throws Exception {
        TunnelOptions options = TunnelOptions.from(config);
        String host = Addresses.advertisedHost();
        int port = Addresses.freePort(Addresses.LOOPBACK);
        Tally<TunnelServerEvent> stats = new Tally<>(TunnelServerEvent.class);
        HttpAwareServerSocketFactory.Policy policy = options.mode() == TunnelMode.FORCED
                ? HttpAwareServerSocketFactory.Policy.httpAndJrmp()
                : HttpAwareServerSocketFactory.Policy.httpOnly();
        HttpAwareServerSocketFactory ssf = new HttpAwareServerSocketFactory(Addresses.LOOPBACK, policy, stats);
        ForwardProxy proxy = options.proxy().start(Addresses.LOOPBACK, Set.of(port));
        // sorted: the facts are written in a fixed order, where Map.of iterates in one that changes between JVMs
        Map<String, String> extras = new TreeMap<>(Map.of(
                "proxy.host", proxy.address().getAddress().getHostAddress(),
                "proxy.port", String.valueOf(proxy.address().getPort()),
                // the runner reads the proxy's CPU time from /proc: a third process on every call's path
                "proxy.pid", String.valueOf(proxy.pid())));
        return TunnelledServer.start(
                host,
                port,
                HttpTunnelClientSocketFactory.toPort(),
                ssf,
                config.stringLength(),
                extras,
                List.of(proxy),
                () -> {
                    Map<String, String> m = new LinkedHashMap<>();
                    m.put("tunnel.mode", options.mode().label());
                    m.put(
                            "rmi.port",
                            port
                                    + (policy.acceptRawJrmp()
                                            ? " (HTTP and JRMP)"
                                            : " (HTTP only: direct JRMP is reset)"));
                    m.putAll(proxy.info());
                    m.putAll(stats.facts("rmi."));
                    return m;
                });
    }

    @Override
    public RttClient connect(Endpoint endpoint, ScenarioConfig config) throws Exception {
        TunnelOptions options = TunnelOptions.from(config);
        Proxy proxy = new Proxy(
                Proxy.Type.HTTP, new InetSocketAddress(endpoint.get("proxy.host"), endpoint.port("proxy.port")));
        TunnelClient.configure(options.mode(), proxy);
        return TunnelledRmiClient.lookup(endpoint, config, HttpTunnelClientSocketFactory.toPort());
    }
}
