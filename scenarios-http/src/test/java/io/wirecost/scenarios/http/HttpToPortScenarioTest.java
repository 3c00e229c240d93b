package io.wirecost.scenarios.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wirecost.scenarios.Operation;
import io.wirecost.scenarios.RttClient;
import io.wirecost.scenarios.ScenarioConfig;
import io.wirecost.scenarios.ServerHandle;
import java.rmi.registry.LocateRegistry;
import java.rmi.server.RMISocketFactory;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * http-to-port end to end in one JVM: real proxy process (Privoxy, and LittleProxy in its own JVM),
 * the HTTP-aware RMI port, the client's pseudo-sockets. Every count is taken where the traffic
 * passed: the proxy's own log or counter, and the RMI port's.
 */
class HttpToPortScenarioTest {

    private static final int CALLS_PER_TYPE = 25;
    private final HttpToPortScenario scenario = new HttpToPortScenario();

    private static long count(Map<String, String> info, String key) {
        String v = info.get(key);
        if (v == null) throw new AssertionError("no '" + key + "' in " + info);
        return Long.parseLong(v);
    }

    private static int callEveryType(RttClient c) throws Exception {
        for (Operation op : Operation.all())
            for (int i = 0; i < CALLS_PER_TYPE; i++) c.invocation(op).call();
        return Operation.all().size() * CALLS_PER_TYPE;
    }

    /** The paper's proxy (.ci/run installs it) and the embedded fallback, each really in the path. */
    @ParameterizedTest
    @ValueSource(strings = {"privoxy", "embedded"})
    void forcedModeSendsEveryCallThroughTheProxy(String proxy) throws Exception {
        ScenarioConfig config = new ScenarioConfig(64, null, Map.of("tunnel.mode", "forced", "tunnel.proxy", proxy));
        try (ServerHandle server = scenario.startServer(config);
                RttClient client = scenario.connect(server.endpoint(), config)) {
            int calls = callEveryType(client);
            Map<String, String> s = server.info();
            assertTrue(
                    s.get("proxy").startsWith(proxy.equals("privoxy") ? "privoxy 3." : "littleproxy 2."),
                    s.get("proxy"));
            // lookup + calls (+ DGC): every one an HTTP request the proxy forwarded and the RMI port unwrapped
            assertTrue(
                    Await.atLeast(calls + 1, () -> count(server.info(), "proxy.forwarded")) >= calls + 1,
                    server.info().toString());
            assertTrue(count(s, "rmi.httpRequests") >= calls + 1, s.toString());
            assertEquals(0, count(s, "rmi.jrmpDirectConnections"), "no call bypassed the proxy: " + s);
            assertTrue(
                    count(client.info(), "tunnel.client.posts") >= calls + 1,
                    client.info().toString());
        }
    }

    @Test
    void automaticModeFallsBackToHttpWhenTheDirectConnectionIsResetAndRemembersIt() throws Exception {
        ScenarioConfig config =
                new ScenarioConfig(64, null, Map.of("tunnel.mode", "automatic", "tunnel.proxy", "embedded"));
        try (ServerHandle server = scenario.startServer(config)) {
            RttClient client = scenario.connect(server.endpoint(), config);
            int calls = callEveryType(client);
            Map<String, String> c = client.info();
            assertEquals(
                    "1", c.get("tunnel.client.directProbes"), "one direct attempt, then the remembered route: " + c);
            assertEquals("1", c.get("tunnel.client.directProbesFailed"), c.toString());
            assertEquals("{127.0.0.1=HTTP}", c.get("tunnel.client.routes"));
            Map<String, String> s = server.info();
            assertEquals(
                    1, count(s, "rmi.jrmpRefused"), "the direct JRMP attempt reached the port and was reset: " + s);
            assertEquals(0, count(s, "rmi.jrmpDirectConnections"), s.toString());
            assertTrue(
                    Await.atLeast(calls + 1, () -> count(server.info(), "proxy.forwarded")) >= calls + 1,
                    server.info().toString());

            // a fresh client has forgotten the route: its instantiation pays for the direct attempt again
            RttClient fresh = scenario.connect(server.endpoint(), config);
            fresh.invocation(Operation.INT).call();
            assertEquals("2", fresh.info().get("tunnel.client.directProbes"));
            assertEquals(2, count(server.info(), "rmi.jrmpRefused"));
        }
    }

    /** Forced mode's RMI port still speaks plain JRMP too, as the issue asks. */
    @Test
    void theHttpAwarePortStillServesPlainJrmp() throws Exception {
        ScenarioConfig config = new ScenarioConfig(64, null, Map.of("tunnel.proxy", "embedded"));
        try (ServerHandle server = scenario.startServer(config)) {
            scenario.connect(server.endpoint(), config); // configures this JVM's tunnel client
            var registry = LocateRegistry.getRegistry(
                    server.endpoint().get("host"),
                    server.endpoint().port("port"),
                    (host, port) -> RMISocketFactory.getDefaultSocketFactory().createSocket(host, port));
            assertTrue(java.util.Arrays.asList(registry.list()).contains("RTTTester"));
            assertTrue(
                    count(server.info(), "rmi.jrmpDirectConnections") >= 1,
                    server.info().toString());
        }
    }
}
