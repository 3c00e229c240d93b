package io.wirecost.scenarios.corba;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wirecost.scenarios.Endpoint;
import io.wirecost.scenarios.Operation;
import io.wirecost.scenarios.RttClient;
import io.wirecost.scenarios.ScenarioConfig;
import io.wirecost.scenarios.ServerHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.omg.CosNaming.NamingContextPackage.NotFound;

/** A real JacORB server ORB and client ORB in this JVM, talking IIOP over loopback. */
class CorbaScenarioTest {

    static final ScenarioConfig CONFIG = new ScenarioConfig(100, null);
    static final CorbaScenario SCENARIO = new CorbaScenario();
    static ServerHandle server;

    @BeforeAll
    static void start() throws Exception {
        server = SCENARIO.startServer(CONFIG);
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
    }

    @Test
    void everyOperationReturnsTheRttTesterValueThroughTheNamingService() throws Exception {
        try (RttClient c = SCENARIO.connect(server.endpoint(), CONFIG)) {
            for (Operation op : Operation.all()) {
                for (int i = 0; i < 20; i++) c.invocation(op).call(); // Answers.bind throws on a wrong value
            }
            assertTrue(
                    c.info().get("orb.class").startsWith("org.jacorb.orb.ORB"),
                    c.info().toString());
        }
    }

    /** /proc/net/tcp lists the ORB's listening socket: it must be bound to 127.0.0.1, not to all interfaces. */
    @Test
    void listensOnLoopbackOnly() throws Exception {
        Endpoint ep = server.endpoint();
        assertEquals("127.0.0.1", ep.get("host"));
        assertTrue(
                ep.get("url").startsWith("corbaloc:iiop:1.2@127.0.0.1:" + ep.get("port") + "/NameService"),
                ep.get("url"));
        String port = String.format(":%04X", ep.port("port"));
        List<String> listening = new ArrayList<>();
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            for (String line : Files.readAllLines(Path.of(table))) {
                String[] f = line.trim().split("\\s+");
                // 127.0.0.1, or the same as an IPv4-mapped address (::ffff:127.0.0.1) on a dual-stack socket
                if (f.length > 3 && f[3].equals("0A") && f[1].endsWith(port)) {
                    listening.add(f[1].replace("0000000000000000FFFF0000", ""));
                }
            }
        }
        assertEquals(List.of("0100007F" + port), listening, "local addresses listening on the ORB's port");
    }

    @Test
    void anUnboundNameIsNotFound() {
        Map<String, String> props = new java.util.HashMap<>(server.endpoint().properties());
        props.put("name", "NoSuchTester");
        assertThrows(NotFound.class, () -> SCENARIO.connect(new Endpoint(props), CONFIG));
    }
}
