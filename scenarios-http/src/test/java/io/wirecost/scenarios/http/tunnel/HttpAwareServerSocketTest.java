package io.wirecost.scenarios.http.tunnel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wirecost.scenarios.RTTTester;
import io.wirecost.scenarios.RTTTesterImpl;
import io.wirecost.scenarios.Tally;
import io.wirecost.scenarios.rmi.RmiScenario;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The HTTP-aware RMI port against bad clients: each malformed request gets its HTTP status and a
 * clean close, a silent or slow client neither blocks accept nor holds its connection past the
 * request timeout, an HTTP-only port resets plain JRMP, and real calls keep working throughout.
 * Clients post straight to the RMI port here (HTTP-to-port needs no proxy to work).
 */
class HttpAwareServerSocketTest {

    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();
    private static final int TIMEOUT_MILLIS = 1_000;
    private static final int MAX_BODY = 4_096;
    private static final byte[] JRMP_PING = {'J', 'R', 'M', 'I', 0, 2, 0x4c, 0x52};

    private final Tally<TunnelServerEvent> stats = new Tally<>(TunnelServerEvent.class);
    private final List<Object> exported = new ArrayList<>();
    private int port;
    private InetSocketAddress address;

    private int export(boolean acceptRawJrmp) throws Exception {
        HttpAwareServerSocketFactory ssf = new HttpAwareServerSocketFactory(
                LOOPBACK, new HttpAwareServerSocketFactory.Policy(acceptRawJrmp, MAX_BODY, TIMEOUT_MILLIS), stats);
        int p;
        try (ServerSocket s = new ServerSocket(0, 1, LOOPBACK)) {
            p = s.getLocalPort();
        }
        Registry registry = LocateRegistry.createRegistry(p, HttpTunnelClientSocketFactory.toPort(), ssf);
        RTTTesterImpl impl = new RTTTesterImpl(64);
        registry.rebind(
                "RTTTester",
                UnicastRemoteObject.exportObject(
                        impl, p, HttpTunnelClientSocketFactory.toPort(), ssf, RmiScenario.FILTER));
        exported.add(registry);
        exported.add(impl);
        return p;
    }

    @BeforeEach
    void start() throws Exception {
        port = export(true);
        address = new InetSocketAddress(LOOPBACK, port);
        TunnelClient.configure(TunnelMode.FORCED, Proxy.NO_PROXY);
    }

    @AfterEach
    void stop() throws Exception {
        for (Object o : exported) UnicastRemoteObject.unexportObject((java.rmi.Remote) o, true);
    }

    private String realCall(int p) throws Exception {
        Registry r = LocateRegistry.getRegistry(
                "127.0.0.1", p, HttpTunnelClientSocketFactory.toPort().forOneClient());
        return ((RTTTester) r.lookup("RTTTester")).returnRTTforString();
    }

    /** Sends the bytes, reads until the server closes; the whole answer as text. */
    private String exchange(byte[] request) throws IOException {
        try (Socket s = new Socket()) {
            s.connect(address, 2_000);
            s.setSoTimeout(10_000);
            s.getOutputStream().write(request);
            s.shutdownOutput(); // all of it has been said
            return readToClose(s.getInputStream());
        }
    }

    private static String readToClose(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[1024];
        for (int n; (n = in.read(buf)) >= 0; ) out.write(buf, 0, n);
        return out.toString(StandardCharsets.ISO_8859_1);
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static byte[] post(String headers, byte[] body) {
        byte[] head = ascii("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\n" + headers + "\r\n");
        byte[] all = new byte[head.length + body.length];
        System.arraycopy(head, 0, all, 0, head.length);
        System.arraycopy(body, 0, all, head.length, body.length);
        return all;
    }

    @Test
    void aWellFormedPostIsUnwrappedAndAnswered() throws Exception {
        String answer = exchange(post("Content-Length: 8\r\n", JRMP_PING));
        assertTrue(answer.startsWith("HTTP/1.0 200 OK\r\n"), answer);
        assertTrue(answer.contains("Content-Length: 1\r\n"), answer);
        assertEquals(0x53, answer.charAt(answer.length() - 1), "JRMP PingAck as the body");
        assertEquals(1, stats.count(TunnelServerEvent.HTTP_REQUESTS));
    }

    @Test
    void malformedRequestsGetTheirStatusAndAreClosedCleanly() throws Exception {
        assertTrue(exchange(post("Content-Length: abc\r\n", JRMP_PING)).startsWith("HTTP/1.0 400 "));
        assertTrue(exchange(post("Content-Length: 8\r\nContent-Length: 8\r\n", JRMP_PING))
                .startsWith("HTTP/1.0 400 "));
        assertTrue(exchange(ascii("POST / HTTP/1.1\r\nno colon here\r\n\r\n")).startsWith("HTTP/1.0 400 "));
        assertTrue(exchange(ascii("POST /\r\n\r\n")).startsWith("HTTP/1.0 400 "), "request line without version");
        assertTrue(
                exchange(ascii("POST / HTTP/2.0\r\nContent-Length: 0\r\n\r\n")).startsWith("HTTP/1.0 400 "));
        assertTrue(exchange(post("", JRMP_PING)).startsWith("HTTP/1.0 411 "), "no Content-Length");
        assertTrue(exchange(post("Transfer-Encoding: chunked\r\n", new byte[0])).startsWith("HTTP/1.0 501 "));
        assertTrue(
                exchange(post("Content-Length: 5\r\n", ascii("hello"))).startsWith("HTTP/1.0 400 "),
                "body is not JRMP");
        assertTrue(
                exchange(post("Content-Length: 20\r\n", JRMP_PING)).startsWith("HTTP/1.0 400 "),
                "body shorter than announced");
        assertTrue(exchange(ascii("GET / HTTP/1.1\r\nHost: x\r\n\r\n")).startsWith("HTTP/1.0 405 "));
        assertTrue(exchange(ascii("POSTX / HTTP/1.1\r\n\r\n")).startsWith("HTTP/1.0 405 "));
        assertEquals(11, stats.count(TunnelServerEvent.HTTP_REJECTED));
        assertEquals(0, stats.count(TunnelServerEvent.HTTP_REQUESTS));
        assertEquals(64, realCall(port).length(), "the port still serves real calls");
    }

    @Test
    void oversizedRequestsAreRefusedBeforeTheirBodyIsRead() throws Exception {
        assertTrue(exchange(post("Content-Length: " + (MAX_BODY + 1) + "\r\n", new byte[0]))
                .startsWith("HTTP/1.0 413 "));
        assertTrue(exchange(ascii("POST / HTTP/1.1\r\nX-Padding: " + "a".repeat(9_000) + "\r\n\r\n"))
                .startsWith("HTTP/1.0 431 "));
    }

    @Test
    void binaryGarbageIsClosedWithoutAnAnswer() throws Exception {
        assertEquals("", exchange(new byte[] {0, 1, 2, 3, 4, 5, 6, 7}));
        assertEquals(1, stats.count(TunnelServerEvent.HTTP_REJECTED));
    }

    @Test
    void silentAndSlowClientsDoNotBlockAcceptAndAreClosedAfterTheRequestTimeout() throws Exception {
        List<Socket> idle = new ArrayList<>();
        try {
            for (int i = 0; i < 3; i++) {
                Socket s = new Socket(LOOPBACK, port); // connects, says nothing
                s.setSoTimeout(10_000);
                idle.add(s);
            }
            Socket slow = new Socket(LOOPBACK, port);
            slow.setSoTimeout(10_000);
            slow.getOutputStream().write(ascii("POST / HTTP/1.1\r\nContent-Le")); // and stalls
            idle.add(slow);

            // while they hold their connections, a real client is served at once
            assertEquals(
                    64,
                    assertTimeoutPreemptively(Duration.ofMillis(TIMEOUT_MILLIS / 2 + 2_000), () -> realCall(port))
                            .length());

            for (Socket s : idle.subList(0, 3))
                assertEquals(-1, s.getInputStream().read(), "silent client closed");
            String slowAnswer = readToClose(slow.getInputStream());
            assertTrue(slowAnswer.startsWith("HTTP/1.0 408 "), slowAnswer);
            assertEquals(4, stats.count(TunnelServerEvent.TIMED_OUT));
        } finally {
            for (Socket s : idle) s.close();
        }
    }

    @Test
    @SuppressWarnings("try") // a port taken and released at once: nobody listens on it
    void anHttpOnlyPortResetsPlainJrmpAndTheProbeSeesARefusal() throws Exception {
        int httpOnly = export(false);
        InetSocketAddress target = new InetSocketAddress(LOOPBACK, httpOnly);
        assertFalse(DirectProbe.answersJrmp(target, 2_000), "HTTP-only port refuses JRMP");
        assertTrue(DirectProbe.answersJrmp(address, 2_000), "the mixed port answers JRMP");
        assertEquals(1, stats.count(TunnelServerEvent.JRMP_REFUSED));
        try (Socket s = new Socket(LOOPBACK, httpOnly)) {
            s.getOutputStream().write(new byte[] {'J', 'R', 'M', 'I', 0, 2, 0x4b});
            s.setSoTimeout(5_000);
            try {
                assertEquals(-1, s.getInputStream().read());
            } catch (SocketException reset) {
                assertTrue(reset.getMessage().contains("reset"), reset.getMessage());
            }
        }
        assertEquals(64, realCall(httpOnly).length(), "HTTP still works on the HTTP-only port");
        try (ServerSocket closed = new ServerSocket(0, 1, LOOPBACK)) {
            InetSocketAddress nobody = new InetSocketAddress(LOOPBACK, closed.getLocalPort());
            closed.close();
            assertFalse(DirectProbe.answersJrmp(nobody, 2_000), "connection refused");
        }
    }
}
