package io.wirecost.scenarios.http.proxy;

import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A generic HTTP forward proxy that knows nothing of RMI, running as a process of its own (never
 * profiled, whichever it is) and restricted to the scenario's RMI ports on one loopback address.
 * Its counts come from the proxy's own account of what it forwarded, not from the client.
 */
public interface ForwardProxy extends AutoCloseable {

    InetSocketAddress address();

    /** Which proxy carried the traffic, with its version, e.g. {@code privoxy 3.0.34}. */
    String description();

    /**
     * The proxy's process id, or -1 where it is unknown: every call passes through that process, so the runner
     * counts its CPU per call beside the client's and the server's (role {@code proxy}).
     */
    long pid();

    /** Requests the proxy forwarded to a server (its access log or its own counter). */
    long forwarded();

    /** Requests the proxy refused or could not deliver (not on the allow-list, server down). */
    long refused();

    @Override
    void close();

    default Map<String, String> info() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("proxy", description());
        m.put(
                "proxy.address",
                address().getAddress().getHostAddress() + ':' + address().getPort());
        m.put("proxy.forwarded", String.valueOf(forwarded()));
        m.put("proxy.refused", String.valueOf(refused()));
        return m;
    }
}
