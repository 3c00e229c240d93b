package io.wirecost.scenarios.tomcat;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * HTTP requests and the client connections they arrived on (distinct client ports), so a run shows from
 * the server's side whether the client really kept its connection alive. No servlet type appears here:
 * Tomcat 10.1's jakarta valve ({@link CountingValve}) and Tomcat 9's javax one (Axis) both feed it.
 */
public final class ConnectionTally {

    private final LongAdder requests = new LongAdder();
    private final Set<Integer> clientPorts = ConcurrentHashMap.newKeySet();

    /** One request, from the client's port {@code remotePort}. */
    public void request(int remotePort) {
        requests.increment();
        clientPorts.add(remotePort);
    }

    /** The scenario facts {@code http.requests} and {@code http.clientConnections}. */
    public Map<String, String> info() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("http.requests", String.valueOf(requests.sum()));
        m.put("http.clientConnections", String.valueOf(clientPorts.size()));
        return m;
    }
}
