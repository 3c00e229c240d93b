package io.wirecost.scenarios.batch.net;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The proxy against a real echo service on loopback: the delay it adds, and the bytes it must not change. */
class DelayProxyTest {

    static EchoServer echo;

    @BeforeAll
    static void start() throws Exception {
        echo = EchoServer.start();
    }

    @AfterAll
    static void stop() throws Exception {
        echo.close();
    }

    /** Each direction is held for the delay: a ping-pong takes two delays longer than a direct one. */
    @Test
    void aPingPongTakesTwoDelaysLonger() throws Exception {
        long delay = 5_000_000;
        try (DelayProxy p =
                DelayProxy.start(new InetSocketAddress(InetAddress.getLoopbackAddress(), echo.port()), delay)) {
            // the fastest of 30 on each side: load only ever lengthens a round trip, and a median's upper bound
            // failed beside eight busy threads on 2 cores (16 ms added for 2 x 5 ms)
            long direct = fastest(Ping.rttNanos(echo.port(), 30));
            long proxied = fastest(Ping.rttNanos(p.port(), 30));
            double addedMs = (proxied - direct) / 1e6;
            // never less than two delays; the upper bound allows for the relay's hops and timer slack
            assertTrue(
                    addedMs >= 2 * delay / 1e6 - 0.2 && addedMs < 2 * delay / 1e6 + 3,
                    "added " + addedMs + " ms for 2 x 5 ms");
        }
    }

    @Test
    void theDelayCanChangeWhileTheConnectionIsOpen() throws Exception {
        try (DelayProxy p = DelayProxy.start(new InetSocketAddress(InetAddress.getLoopbackAddress(), echo.port()), 0);
                Socket s = new Socket(InetAddress.getLoopbackAddress(), p.port())) {
            s.setTcpNoDelay(true);
            // the fastest of five: one round trip took 29 ms at no delay beside eight busy threads on 2 cores
            long fast = fastest(new long[] {roundTrip(s), roundTrip(s), roundTrip(s), roundTrip(s), roundTrip(s)});
            p.setDelayNanos(20_000_000);
            long slow = roundTrip(s);
            assertTrue(
                    slow >= 40_000_000 && fast < 20_000_000, "fast " + fast / 1e6 + " ms, slow " + slow / 1e6 + " ms");
            assertEquals(20_000_000, p.delayNanos());
        }
    }

    /** 4 MB both ways, written in one go while reading: order and content survive, and end of stream passes through. */
    @Test
    void relaysEveryByteInOrderAndTheHalfClose() throws Exception {
        byte[] data = new byte[4 << 20];
        new Random(7).nextBytes(data);
        try (DelayProxy p = DelayProxy.start(
                        new InetSocketAddress(InetAddress.getLoopbackAddress(), echo.port()), 1_000_000);
                Socket s = new Socket(InetAddress.getLoopbackAddress(), p.port())) {
            Thread writer = new Thread(() -> {
                try {
                    OutputStream out = s.getOutputStream();
                    out.write(data);
                    s.shutdownOutput();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            writer.start();
            ByteArrayOutputStream got = new ByteArrayOutputStream();
            s.getInputStream().transferTo(got); // ends only when the echo's close came back through the proxy
            writer.join();
            assertEquals(data.length, got.size());
            assertArrayEquals(data, got.toByteArray());
        }
    }

    @Test
    void aRefusedUpstreamClosesTheClientConnection() throws Exception {
        int closedPort;
        try (java.net.ServerSocket ss = new java.net.ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = ss.getLocalPort();
        }
        try (DelayProxy p = DelayProxy.start(new InetSocketAddress(InetAddress.getLoopbackAddress(), closedPort), 0);
                Socket s = new Socket(InetAddress.getLoopbackAddress(), p.port())) {
            s.setSoTimeout(5000);
            assertEquals(-1, s.getInputStream().read());
        }
    }

    private static long fastest(long[] nanos) {
        return Arrays.stream(nanos).min().orElseThrow();
    }

    private static long roundTrip(Socket s) throws Exception {
        OutputStream out = s.getOutputStream();
        InputStream in = s.getInputStream();
        long t0 = System.nanoTime();
        out.write(new byte[] {1, 2, 3});
        byte[] back = in.readNBytes(3);
        long t = System.nanoTime() - t0;
        assertArrayEquals(new byte[] {1, 2, 3}, back, Arrays.toString(back));
        return t;
    }
}
