package io.wirecost.scenarios.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wirecost.scenarios.Operation;
import io.wirecost.scenarios.RttClient;
import io.wirecost.scenarios.ScenarioConfig;
import io.wirecost.scenarios.ServerHandle;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The forwarding servlet of http-to-servlet, in its real embedded Tomcat: it forwards to the
 * scenario's RMI port and to nothing else. Decoy servers on other local ports and addresses count
 * every connection they receive; none may receive one.
 */
class ForwardServletTest {

    static ServerHandle server;
    static InetSocketAddress web;
    static int rmiPort;
    static Decoy decoyOtherPort;
    static Decoy decoyOtherAddress;

    /** A listener that only counts who connects. */
    static final class Decoy implements AutoCloseable {
        final ServerSocket socket;
        final AtomicInteger accepted = new AtomicInteger();

        @SuppressWarnings("try") // each accepted socket is only closed: the decoy counts connections
        Decoy(InetAddress address, int port) throws IOException {
            socket = new ServerSocket(port, 50, address);
            Thread t = new Thread(
                    () -> {
                        while (!socket.isClosed()) {
                            try (Socket s = socket.accept()) {
                                accepted.incrementAndGet();
                            } catch (IOException e) {
                                return;
                            }
                        }
                    },
                    "decoy");
            t.setDaemon(true);
            t.start();
        }

        int port() {
            return socket.getLocalPort();
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    @BeforeAll
    static void start() throws Exception {
        server = new HttpToServletScenario().startServer(new ScenarioConfig(64, null));
        web = new InetSocketAddress("127.0.0.1", server.endpoint().port("servlet.port"));
        rmiPort = server.endpoint().port("port");
        decoyOtherPort = new Decoy(Addresses.INTERNAL, 0);
        // the RMI port's number on the other loopback address: only the backend address may be used
        decoyOtherAddress = new Decoy(Addresses.LOOPBACK, rmiPort);
    }

    @AfterAll
    static void stop() throws Exception {
        decoyOtherPort.close();
        decoyOtherAddress.close();
        server.close();
    }

    private static RawHttp.Response post(String query, byte[] body) throws IOException {
        return RawHttp.exchange(web, RawHttp.post("/cgi-bin/java-rmi.cgi" + query, "", body));
    }

    private static long count(String key) {
        return Long.parseLong(server.info().get(key));
    }

    @Test
    void aJrmpMessageForTheRmiPortIsForwardedAndAnswered() throws Exception {
        long before = count("servlet.forwarded");
        RawHttp.Response r = post("?forward=" + rmiPort, RawHttp.JRMP_PING);
        assertEquals(200, r.status(), r.head());
        assertArrayEquals(new byte[] {0x53}, r.body(), "the RMI server's PingAck");
        assertEquals(before + 1, count("servlet.forwarded"));
    }

    @Test
    void realRmiCallsGoThroughTheServlet() throws Exception {
        ScenarioConfig config = new ScenarioConfig(64, null);
        long before = count("servlet.forwarded");
        RttClient client = new HttpToServletScenario().connect(server.endpoint(), config);
        for (Operation op : Operation.all()) client.invocation(op).call();
        assertTrue(count("servlet.forwarded") >= before + 9, "lookup and eight calls: " + server.info());
    }

    @Test
    void anyOtherTargetIsForbiddenAndNeverContacted() throws Exception {
        for (String forward : List.of(
                String.valueOf(decoyOtherPort.port()), // another local port
                "127.0.0.1:" + rmiPort, // a host, even the right port
                "127.0.0.2:" + decoyOtherPort.port(),
                "example.com",
                "http%3A%2F%2F127.0.0.1%3A" + rmiPort + "%2F",
                rmiPort + "&forward=" + decoyOtherPort.port(), // two targets
                "0" + rmiPort, // not the canonical port number
                "99999",
                "-1",
                "")) {
            RawHttp.Response r = post("?forward=" + forward, RawHttp.JRMP_PING);
            assertEquals(403, r.status(), forward + ": " + r.head());
        }
        assertEquals(0, decoyOtherPort.accepted.get(), "other port contacted");
        assertEquals(0, decoyOtherAddress.accepted.get(), "other address contacted");
        assertTrue(count("servlet.forbidden") >= 10);
    }

    @Test
    void theHostOfTheRequestIsNeverUsed() throws Exception {
        byte[] head = RawHttp.ascii("POST http://127.0.0.1:" + decoyOtherPort.port() + "/cgi-bin/java-rmi.cgi?forward="
                + rmiPort + " HTTP/1.1\r\nHost: 127.0.0.1:" + decoyOtherPort.port()
                + "\r\nContent-Length: 8\r\nConnection: close\r\n\r\n");
        RawHttp.Response r = RawHttp.exchange(web, RawHttp.concat(head, RawHttp.JRMP_PING));
        assertEquals(200, r.status(), r.head());
        assertArrayEquals(new byte[] {0x53}, r.body());
        assertEquals(0, decoyOtherPort.accepted.get());
    }

    @Test
    void badRequestsAreRefusedWithTheirStatus() throws Exception {
        assertEquals(400, post("", RawHttp.JRMP_PING).status(), "no forward parameter");
        assertEquals(400, post("?forward=" + rmiPort, RawHttp.ascii("hello")).status(), "body is not JRMP");
        assertEquals(413, post("?forward=" + rmiPort, new byte[(1 << 20) + 1]).status(), "body over the limit");
        RawHttp.Response get = RawHttp.exchange(
                web,
                RawHttp.ascii("GET /cgi-bin/java-rmi.cgi?forward=" + rmiPort
                        + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"));
        assertEquals(405, get.status());
        assertTrue(
                !get.head().contains("Tomcat") && !new String(get.body()).contains("Tomcat"),
                "no server version disclosed");
        assertEquals(0, decoyOtherAddress.accepted.get());
    }

    @Test
    void theRmiServerListensOnlyOnTheInternalAddress() throws Exception {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(Addresses.INTERNAL, rmiPort), 2_000); // the servlet's backend: listening
        }
        assertEquals(
                0, decoyOtherAddress.accepted.get(), "127.0.0.1:" + rmiPort + " is a decoy here, not the RMI server");
        Map<String, String> info = server.info();
        assertTrue(info.get("rmi.address").startsWith("127.0.0.2:" + rmiPort), info.toString());
    }
}
