package io.wirecost.scenarios.http.tunnel;

import io.wirecost.scenarios.Tally;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.MalformedURLException;
import java.net.Proxy;
import java.net.Socket;
import java.net.URI;
import java.net.URL;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The client side of the tunnel in this JVM: the mode, the HTTP proxy (the client site's proxy, as
 * {@code http.proxyHost} was in 2005), what automatic mode learned about each host, and counters.
 * The socket factory inside the server's stubs carries no client settings; it asks this class,
 * as the JDK's 2005 factories read the client's system properties.
 *
 * <pre>
 * TunnelClient.configure(TunnelMode.FORCED, new Proxy(Proxy.Type.HTTP, proxyAddress));
 * Registry r = LocateRegistry.getRegistry(host, port, HttpTunnelClientSocketFactory.toPort().forOneClient());
 * </pre>
 */
public final class TunnelClient {

    /** How long automatic mode waits for a direct JRMP handshake before falling back to HTTP. */
    static final int PROBE_TIMEOUT_MILLIS = 5_000;

    enum Route {
        DIRECT,
        HTTP
    }

    private record Settings(TunnelMode mode, Proxy proxy) {}

    private static volatile Settings settings;
    private static final Map<String, Route> ROUTES = new ConcurrentHashMap<>();
    static final Tally<Event> COUNTERS = new Tally<>(Event.class);

    private TunnelClient() {}

    /**
     * Starts a new client: its settings, and an empty memory of routes, so a fresh client pays for
     * its first direct attempt as a fresh 2005 client JVM did. Also closes this JVM to inbound RMI
     * ({@link ClientFirewall}): behind the tunnel, the server cannot call the client back.
     */
    public static void configure(TunnelMode mode, Proxy proxy) {
        settings = new Settings(mode, proxy);
        ROUTES.clear();
        ClientFirewall.install();
    }

    static Socket socket(HttpTunnelClientSocketFactory factory, String host, int port) throws IOException {
        Settings s = settings;
        if (s == null)
            throw new IOException("HTTP tunnel: this JVM has no tunnel client (TunnelClient.configure was not called)");
        if (s.mode() == TunnelMode.AUTOMATIC && route(host, port) == Route.DIRECT) {
            return new Socket(host, port);
        }
        Proxy proxy = factory.throughProxy() ? s.proxy() : Proxy.NO_PROXY;
        return new HttpTunnelSocket(host, port, new TunnelPost(url(factory.target(host, port)), proxy), COUNTERS);
    }

    /** The first contact with a host decides; both outcomes are remembered for this client. */
    private static Route route(String host, int port) {
        Route known = ROUTES.get(host);
        if (known != null) return known;
        COUNTERS.add(TunnelClient.Event.DIRECT_PROBES);
        Route r = DirectProbe.answersJrmp(new InetSocketAddress(host, port), PROBE_TIMEOUT_MILLIS)
                ? Route.DIRECT
                : Route.HTTP;
        if (r == Route.HTTP) COUNTERS.add(TunnelClient.Event.DIRECT_PROBES_FAILED);
        Route raced = ROUTES.putIfAbsent(host, r);
        return raced != null ? raced : r;
    }

    private static URL url(URI uri) throws IOException {
        try {
            return uri.toURL();
        } catch (MalformedURLException e) {
            throw new IOException("HTTP tunnel: bad target " + uri, e);
        }
    }

    /** What this JVM's tunnel client did, for results.json. */
    public static Map<String, String> info() {
        Map<String, String> m = new LinkedHashMap<>();
        Settings s = settings;
        if (s != null) {
            m.put("tunnel.mode", s.mode().label());
            m.put(
                    "tunnel.client.proxy",
                    s.proxy().address() instanceof InetSocketAddress a
                            ? a.getHostString() + ':' + a.getPort()
                            : "none");
        }
        m.putAll(COUNTERS.facts("tunnel.client."));
        m.put("tunnel.client.routes", new TreeMap<>(ROUTES).toString());
        return m;
    }

    /** What this JVM's tunnel clients did; JVM-wide: every client of a run adds to the same counts. */
    enum Event {
        POSTS,
        PINGS_ANSWERED_LOCALLY,
        DGC_ACKS,
        DGC_ACK_FAILURES,
        DIRECT_PROBES,
        DIRECT_PROBES_FAILED
    }
}
