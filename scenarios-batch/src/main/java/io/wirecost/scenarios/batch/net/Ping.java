package io.wirecost.scenarios.batch.net;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.util.Arrays;

/** One-byte ping-pongs over a single TCP connection to an echo service. */
public final class Ping {

    private Ping() {}

    public static long medianRttNanos(int port, int pings) throws IOException {
        long[] rtt = rttNanos(port, pings);
        Arrays.sort(rtt);
        return rtt[pings / 2];
    }

    /** Every round trip, in order; three more before them are not kept (connection set-up, first use). */
    public static long[] rttNanos(int port, int pings) throws IOException {
        if (pings < 1) throw new IllegalArgumentException("at least one ping");
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            s.setTcpNoDelay(true);
            OutputStream out = s.getOutputStream();
            InputStream in = s.getInputStream();
            for (int i = 0; i < 3; i++) once(out, in);
            long[] rtt = new long[pings];
            for (int i = 0; i < pings; i++) rtt[i] = once(out, in);
            return rtt;
        }
    }

    private static long once(OutputStream out, InputStream in) throws IOException {
        long t0 = System.nanoTime();
        out.write(42);
        if (in.read() != 42) throw new EOFException("echo service closed the connection or answered wrongly");
        return System.nanoTime() - t0;
    }
}
