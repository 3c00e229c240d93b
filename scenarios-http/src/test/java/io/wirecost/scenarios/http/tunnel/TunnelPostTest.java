package io.wirecost.scenarios.http.tunnel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.EOFException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Proxy;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * A hop that dies while it sends a reply: the JDK hands over the bytes it got without a word, so the post
 * must notice a short reply itself and name the hop (FaultsIT's killed proxy once failed a call only as
 * RMI's "Error unmarshaling return header ... EOFException").
 */
class TunnelPostTest {

    /** Answers one request with {@code declared} as Content-Length, sends {@code sent} bytes, and closes. */
    private static ServerSocket replying(int declared, int sent) throws Exception {
        ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        Thread t = new Thread(() -> {
            try (Socket s = server.accept()) {
                InputStream in = s.getInputStream();
                byte[] buf = new byte[8192];
                in.read(buf); // the request: headers and a short body, one segment
                OutputStream out = s.getOutputStream();
                out.write(("HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: " + declared
                                + "\r\n\r\n")
                        .getBytes(StandardCharsets.US_ASCII));
                out.write(new byte[sent]);
                out.flush();
            } catch (Exception e) {
                // the test sees what the client got
            }
        });
        t.setDaemon(true);
        t.start();
        return server;
    }

    private static TunnelPost post(ServerSocket server) throws Exception {
        return new TunnelPost(
                URI.create("http://127.0.0.1:" + server.getLocalPort() + "/").toURL(), Proxy.NO_PROXY);
    }

    @Test
    void aReplyCutShortNamesTheHop() throws Exception {
        try (ServerSocket server = replying(100, 10)) {
            EOFException e = assertThrows(EOFException.class, () -> post(server).post(new byte[] {1, 2}, 2, 5_000));
            assertTrue(
                    e.getMessage().contains("127.0.0.1:" + server.getLocalPort())
                            && e.getMessage().contains("closed the connection mid-reply (10 of 100 bytes)"),
                    e.getMessage());
        }
    }

    @Test
    void anEmptyReplyNamesTheHop() throws Exception {
        try (ServerSocket server = replying(0, 0)) {
            EOFException e = assertThrows(EOFException.class, () -> post(server).post(new byte[] {1, 2}, 2, 5_000));
            assertTrue(e.getMessage().contains("closed the connection mid-reply (0 of 0 bytes)"), e.getMessage());
        }
    }

    @Test
    void aWholeReplyPasses() throws Exception {
        try (ServerSocket server = replying(4, 4)) {
            assertArrayEquals(new byte[4], post(server).post(new byte[] {1, 2}, 2, 5_000));
        }
    }
}
