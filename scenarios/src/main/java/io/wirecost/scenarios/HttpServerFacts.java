package io.wirecost.scenarios;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The facts a web-service scenario's server reports, in one shape whichever SOAP stack it runs (Metro on Tomcat
 * 10.1, Axis on Tomcat 9): the stack, the Tomcat that served it, connections kept open for the whole run, the
 * traffic its connector counted and the calls its service answered.
 */
public final class HttpServerFacts {

    private HttpServerFacts() {}

    /** A map the caller may add its own facts to. */
    public static Map<String, String> of(
            Map<String, String> stack, String httpServer, Map<String, String> traffic, CountingTester service) {
        Map<String, String> m = new LinkedHashMap<>(stack);
        m.put("http.server", httpServer);
        m.put("http.maxKeepAliveRequests", "unlimited");
        m.putAll(traffic);
        m.put("service.invocations", String.valueOf(service.invocations()));
        return m;
    }
}
