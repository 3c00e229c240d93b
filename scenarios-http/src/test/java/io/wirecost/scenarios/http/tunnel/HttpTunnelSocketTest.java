package io.wirecost.scenarios.http.tunnel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import io.wirecost.scenarios.Tally;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The client pseudo-socket on its own, against a recording HTTP server (the JDK's): which bytes
 * become which POST, and what never leaves the client.
 */
class HttpTunnelSocketTest {

    private HttpServer http;
    private final List<byte[]> bodies = new CopyOnWriteArrayList<>();
    private final AtomicInteger status = new AtomicInteger(200);
    private byte[] reply = {0x51, 1, 2, 3};
    private final Tally<TunnelClient.Event> counters = new Tally<>(TunnelClient.Event.class);

    @BeforeEach
    void start() throws IOException {
        http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        http.createContext("/", ex -> {
            bodies.add(ex.getRequestBody().readAllBytes());
            byte[] out = status.get() == 200 ? reply : "no\n".getBytes();
            ex.sendResponseHeaders(status.get(), out.length);
            try (OutputStream o = ex.getResponseBody()) {
                o.write(out);
            }
        });
        http.start();
    }

    @AfterEach
    void stop() {
        http.stop(0);
    }

    private HttpTunnelSocket socket() throws IOException {
        URI uri = URI.create("http://127.0.0.1:" + http.getAddress().getPort() + "/");
        return new HttpTunnelSocket("127.0.0.1", 1099, new TunnelPost(uri.toURL(), Proxy.NO_PROXY), counters);
    }

    /** What RMI's TCPChannel does on a new connection: header, StreamProtocol, read the ack, send its endpoint. */
    private static void handshake(HttpTunnelSocket s) throws IOException {
        DataOutputStream out = new DataOutputStream(s.getOutputStream());
        out.writeInt(0x4a524d49);
        out.writeShort(2);
        out.writeByte(0x4b);
        out.flush();
        DataInputStream in = new DataInputStream(s.getInputStream());
        assertEquals(0x4e, in.readByte(), "ProtocolAck");
        assertEquals("127.0.0.1", in.readUTF());
        in.readInt();
        out.writeUTF("client.example");
        out.writeInt(0);
        out.flush();
    }

    @Test
    void theStreamHandshakeAndPingsAreAnsweredWithoutAnyRequest() throws IOException {
        try (HttpTunnelSocket s = socket()) {
            handshake(s);
            for (int i = 0; i < 3; i++) {
                s.getOutputStream().write(0x52);
                s.getOutputStream().flush();
                assertEquals(0x53, s.getInputStream().read(), "PingAck");
            }
        }
        assertEquals(0, bodies.size(), "nothing was posted");
        assertEquals(3, counters.count(TunnelClient.Event.PINGS_ANSWERED_LOCALLY));
    }

    @Test
    void eachMessageIsOneSingleOperationPostAndTheReplyIsWhatRmiReads() throws IOException {
        try (HttpTunnelSocket s = socket()) {
            handshake(s);
            for (int call = 1; call <= 2; call++) {
                s.getOutputStream().write(new byte[] {0x50, (byte) call, 9, 9});
                s.getOutputStream().flush();
                InputStream in = s.getInputStream();
                assertArrayEquals(reply, in.readNBytes(4));
                assertEquals(-1, in.read(), "the single-op reply ends like a closed connection");
                assertArrayEquals(
                        new byte[] {'J', 'R', 'M', 'I', 0, 2, 0x4c, 0x50, (byte) call, 9, 9}, bodies.get(call - 1));
            }
        }
        assertEquals(2, bodies.size());
        assertEquals(2, counters.count(TunnelClient.Event.POSTS));
    }

    @Test
    void aDgcAckIsPostedInTheBackgroundAndAvailableNeverBlocks() throws Exception {
        try (HttpTunnelSocket s = socket()) {
            handshake(s);
            byte[] ack = new byte[15];
            ack[0] = 0x54;
            for (int i = 1; i < ack.length; i++) ack[i] = (byte) i;
            s.getOutputStream().write(ack);
            s.getOutputStream().flush();
            assertEquals(
                    0,
                    assertTimeoutPreemptively(
                            java.time.Duration.ofMillis(200),
                            () -> s.getInputStream().available()));
            long deadline = System.nanoTime() + 5_000_000_000L;
            while (bodies.isEmpty() && System.nanoTime() < deadline) Thread.sleep(10);
            byte[] expected = new byte[7 + 15];
            System.arraycopy(new byte[] {'J', 'R', 'M', 'I', 0, 2, 0x4c}, 0, expected, 0, 7);
            System.arraycopy(ack, 0, expected, 7, 15);
            assertArrayEquals(expected, bodies.get(0));
        }
        assertEquals(1, counters.count(TunnelClient.Event.DGC_ACKS));
    }

    @Test
    void anHttpErrorBecomesAnIoExceptionNamingTheStatus() throws IOException {
        status.set(403);
        try (HttpTunnelSocket s = socket()) {
            handshake(s);
            s.getOutputStream().write(new byte[] {0x50, 1});
            s.getOutputStream().flush();
            IOException e =
                    assertThrows(IOException.class, () -> s.getInputStream().read());
            assertTrue(e.getMessage().contains("403") && e.getMessage().contains(": no"), e.getMessage());
        }
    }

    @Test
    void otherJrmpProtocolsAreRefused() throws IOException {
        try (HttpTunnelSocket s = socket()) {
            IOException e = assertThrows(
                    IOException.class, () -> s.getOutputStream().write(new byte[] {'J', 'R', 'M', 'I', 0, 2, 0x4d}));
            assertTrue(e.getMessage().contains("0x4d"), e.getMessage());
        }
    }
}
