package io.wirecost.scenarios.batch.net;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.util.Arrays;

/** One-byte ping-pongs over a single TCP connection to an echo service; the median round trip. */
public final class Ping {

    private Ping() {
    }

    public static long medianRttNanos(int port, int pings) throws IOException {
        if (pings < 1) throw new IllegalArgumentException("at least one ping");
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            s.setTcpNoDelay(true);
            OutputStream out = s.getOutputStream();
            InputStream in = s.getInputStream();
            for (int i = 0; i < 3; i++) once(out, in);   // connection set-up and first-use costs stay out
            long[] rtt = new long[pings];
            for (int i = 0; i < pings; i++) rtt[i] = once(out, in);
            Arrays.sort(rtt);
            return rtt[pings / 2];
        }
    }

    private static long once(OutputStream out, InputStream in) throws IOException {
        long t0 = System.nanoTime();
        out.write(42);
        if (in.read() != 42) throw new EOFException("echo service closed the connection or answered wrongly");
        return System.nanoTime() - t0;
    }
}
