package io.wirecost.scenarios.batch.net;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.locks.LockSupport;

/**
 * A TCP relay that holds the data of each direction for a fixed delay before forwarding it: network
 * latency in user space, for machines where {@code tc netem} (which needs CAP_NET_ADMIN) is not
 * available. A request/response exchange through it takes about two delays longer than a direct one.
 *
 * <pre>
 * try (DelayProxy p = DelayProxy.start(new InetSocketAddress("127.0.0.1", serverPort), 2_000_000)) {
 *     connect to 127.0.0.1:p.port() instead of serverPort
 * }
 * </pre>
 *
 * Hand-written because the maintained delaying proxies (Toxiproxy, speedbump) are Go programs, a
 * separate binary that neither Maven Central nor Debian ships; a relay is a few dozen lines of
 * java.net. Every chunk read is stamped with its arrival time and written once arrival + delay has
 * passed, so data keeps its order and a stream is delayed, not throttled. The delay may be changed
 * while connections are open (it applies to data arriving afterwards). Listens on 127.0.0.1 only.
 */
public final class DelayProxy implements AutoCloseable {

    private static final byte[] END = new byte[0];

    private final ServerSocket listener;
    private final InetSocketAddress upstream;
    private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
    private volatile long delayNanos;

    private DelayProxy(ServerSocket listener, InetSocketAddress upstream, long delayNanos) {
        this.listener = listener;
        this.upstream = upstream;
        this.delayNanos = delayNanos;
    }

    public static DelayProxy start(InetSocketAddress upstream, long delayNanos) throws IOException {
        if (delayNanos < 0) throw new IllegalArgumentException("negative delay " + delayNanos);
        DelayProxy p = new DelayProxy(new ServerSocket(0, 50, InetAddress.getLoopbackAddress()), upstream, delayNanos);
        daemon("delay-proxy-" + p.port() + "-accept", p::acceptLoop).start();
        return p;
    }

    public int port() {
        return listener.getLocalPort();
    }

    public long delayNanos() {
        return delayNanos;
    }

    /** Applies to data that arrives from now on; data already held keeps its due time. */
    public void setDelayNanos(long nanos) {
        if (nanos < 0) throw new IllegalArgumentException("negative delay " + nanos);
        this.delayNanos = nanos;
    }

    private void acceptLoop() {
        while (!listener.isClosed()) {
            Socket client;
            try {
                client = listener.accept();
            } catch (IOException e) {
                return; // closed
            }
            try {
                Socket server = new Socket(upstream.getAddress(), upstream.getPort());
                for (Socket s : new Socket[] {client, server}) {
                    s.setTcpNoDelay(true); // the proxy adds the delay it is told to, not Nagle's
                    sockets.add(s);
                }
                String name = "delay-proxy-" + port() + "-" + client.getPort();
                relay(name + "-up", client, server);
                relay(name + "-down", server, client);
            } catch (IOException e) {
                closeQuietly(client); // upstream refused: the client sees its connection closed
            }
        }
    }

    /** One direction: a reader that stamps chunks, a writer that releases them when due. */
    private void relay(String name, Socket from, Socket to) throws IOException {
        InputStream in = from.getInputStream();
        OutputStream out = to.getOutputStream();
        BlockingQueue<Chunk> queue = new LinkedBlockingQueue<>();
        daemon(name + "-read", () -> {
                    byte[] buf = new byte[64 * 1024];
                    try {
                        for (int n; (n = in.read(buf)) > 0; )
                            queue.add(new Chunk(Arrays.copyOf(buf, n), System.nanoTime() + delayNanos));
                    } catch (IOException e) {
                        // reset or closed: end this direction as if at end of stream
                    }
                    queue.add(new Chunk(END, System.nanoTime() + delayNanos));
                })
                .start();
        daemon(name + "-write", () -> {
                    try {
                        while (true) {
                            Chunk c = queue.take();
                            for (long wait; (wait = c.dueNanos - System.nanoTime()) > 0; ) LockSupport.parkNanos(wait);
                            if (c.data == END) {
                                to.shutdownOutput(); // pass the half-close on, as TCP would
                                return;
                            }
                            out.write(c.data);
                        }
                    } catch (IOException | InterruptedException e) {
                        closeQuietly(from);
                        closeQuietly(to);
                    }
                })
                .start();
    }

    private record Chunk(byte[] data, long dueNanos) {}

    private static Thread daemon(String name, Runnable r) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // already closed
        }
    }

    @Override
    public void close() throws IOException {
        listener.close();
        for (Socket s : sockets) closeQuietly(s);
        sockets.clear();
    }
}
