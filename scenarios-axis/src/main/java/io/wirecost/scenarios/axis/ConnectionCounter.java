package io.wirecost.scenarios.axis;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import javax.servlet.ServletException;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ValveBase;

/**
 * Counts HTTP requests and the client connections they arrived on (distinct client ports), so a
 * run shows from the server's side whether the client really kept its connection alive.
 */
final class ConnectionCounter extends ValveBase {

    private final LongAdder requests = new LongAdder();
    private final Set<Integer> clientPorts = ConcurrentHashMap.newKeySet();

    ConnectionCounter() {
        super(true);
    }

    @Override
    public void invoke(Request request, Response response) throws IOException, ServletException {
        requests.increment();
        clientPorts.add(request.getRemotePort());
        getNext().invoke(request, response);
    }

    Map<String, String> info() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("http.requests", String.valueOf(requests.sum()));
        m.put("http.clientConnections", String.valueOf(clientPorts.size()));
        return m;
    }
}
