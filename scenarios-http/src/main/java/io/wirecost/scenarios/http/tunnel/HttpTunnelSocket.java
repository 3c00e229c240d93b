package io.wirecost.scenarios.http.tunnel;

import io.wirecost.scenarios.Tally;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketException;
import java.net.SocketImpl;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The client end of the tunnel: a socket that is no TCP connection at all, but turns each JRMP
 * message the JDK's RMI client writes into one HTTP POST.
 *
 * <p>Today's RMI client always opens with StreamProtocol ({@code 0x4B}) and blocks until the server
 * acknowledges ({@code 0x4E}, host, port). A tunnelled exchange is single-operation, so this socket
 * answers the handshake itself and swallows the client's endpoint. After that it buffers what RMI
 * writes; the first read sends the buffer as {@code JRMI 0002 4C} + message in one POST and serves
 * the response body; the next write after that starts the next exchange. Two messages never reach
 * the server:
 * <ul>
 * <li>a Ping ({@code 0x52}) is answered here: RMI pings a pooled connection to see that it is alive,
 *     and a stateless tunnel always is (in 2005 tunnelled connections were never pooled, so never pinged);
 * <li>a DGC ack ({@code 0x54}) expects no answer; it is posted in the background, because RMI calls
 *     {@link InputStream#available()} right after it, and that must stay cheap and never block.
 * </ul>
 */
final class HttpTunnelSocket extends Socket {

    private static final byte[] EMPTY = new byte[0];
    /** Background sender for DGC acks (one-way, small, rare). */
    private static final ExecutorService ACKS = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "wirecost-tunnel-dgc-ack");
        t.setDaemon(true);
        return t;
    });

    private final String host;
    private final int port;
    private final TunnelPost post;
    private final Tally<TunnelClient.Event> counters;

    private final JrmpHandshake handshake = new JrmpHandshake();
    /** The message being written; posted at the first read. */
    private final MessageBuffer message = new MessageBuffer();
    /** What RMI reads next: the handshake acknowledgement, or the last response body. */
    private byte[] in = EMPTY;

    private int inPos;
    private int soTimeoutMillis;
    private boolean closed;

    private final InputStream input = new Input();
    private final OutputStream output = new Output();

    HttpTunnelSocket(String host, int port, TunnelPost post, Tally<TunnelClient.Event> counters)
            throws SocketException {
        super((SocketImpl) null); // no file descriptor: nothing here is a TCP connection
        this.host = host;
        this.port = port;
        this.post = post;
        this.counters = counters;
    }

    // ---- what RMI writes

    private synchronized void write(byte[] b, int off, int len) throws IOException {
        ensureOpen();
        while (len > 0 && !handshake.done()) {
            byte[] answer = handshake.take(b[off++]);
            if (answer != null) {
                in = answer;
                inPos = 0;
            }
            len--;
        }
        if (len == 0) return;
        if (message.size() == 0 && inPos < in.length) {
            in = EMPTY; // an unread rest of the previous reply: a new exchange starts now
            inPos = 0;
        }
        message.write(b, off, len);
    }

    private synchronized void flush() throws IOException {
        ensureOpen();
        // DGC acks are one-way: send them now, in the background, so that the connection is free again
        while (message.size() >= Jrmp.DGC_ACK_LENGTH && message.byteAt(0) == Jrmp.DGC_ACK) {
            byte[] ack = message.take(Jrmp.DGC_ACK_LENGTH);
            counters.add(TunnelClient.Event.DGC_ACKS);
            ACKS.execute(() -> {
                try {
                    post.post(ack, ack.length, 30_000);
                } catch (IOException e) {
                    counters.add(
                            TunnelClient.Event
                                    .DGC_ACK_FAILURES); // the server keeps the reference until its ack timeout
                }
            });
        }
    }

    // ---- what RMI reads

    private synchronized int read(byte[] b, int off, int len) throws IOException {
        ensureOpen();
        if (len == 0) return 0;
        if (inPos >= in.length && message.size() > 0) exchange();
        if (inPos >= in.length) return -1; // as the server would close a single-op connection
        int n = Math.min(len, in.length - inPos);
        System.arraycopy(in, inPos, b, off, n);
        inPos += n;
        return n;
    }

    private void exchange() throws IOException {
        if (message.size() == 1 && message.byteAt(0) == Jrmp.PING) {
            message.reset();
            in = new byte[] {Jrmp.PING_ACK};
            inPos = 0;
            counters.add(TunnelClient.Event.PINGS_ANSWERED_LOCALLY);
            return;
        }
        byte[] body = message.array();
        int length = message.size();
        message.reset();
        in = EMPTY;
        inPos = 0;
        counters.add(TunnelClient.Event.POSTS);
        in = post.post(body, length, soTimeoutMillis);
    }

    private synchronized int available() throws IOException {
        ensureOpen();
        return in.length - inPos; // never starts an exchange: BufferedInputStream calls this freely
    }

    private void ensureOpen() throws SocketException {
        if (closed) throw new SocketException("Socket is closed");
    }

    // ---- java.net.Socket, as far as RMI's transport uses it

    @Override
    public InputStream getInputStream() throws IOException {
        ensureOpen();
        return input;
    }

    @Override
    public OutputStream getOutputStream() throws IOException {
        ensureOpen();
        return output;
    }

    @Override
    public synchronized void close() {
        closed = true;
        in = EMPTY;
        message.reset();
    }

    @Override
    public synchronized boolean isClosed() {
        return closed;
    }

    @Override
    public boolean isConnected() {
        return true;
    }

    @Override
    public boolean isBound() {
        return true;
    }

    @Override
    public synchronized void setSoTimeout(int timeout) {
        soTimeoutMillis = Math.max(0, timeout);
    }

    @Override
    public synchronized int getSoTimeout() {
        return soTimeoutMillis;
    }

    @Override
    public void setTcpNoDelay(boolean on) {
        /* each exchange is one HTTP request: nothing to delay */
    }

    @Override
    public boolean getTcpNoDelay() {
        return true;
    }

    @Override
    public void setKeepAlive(boolean on) {
        /* the JDK's HTTP client keeps its own connections alive */
    }

    @Override
    public boolean getKeepAlive() {
        return true;
    }

    @Override
    public InetAddress getInetAddress() {
        return new InetSocketAddress(host, port).getAddress();
    }

    @Override
    public int getPort() {
        return port;
    }

    @Override
    public SocketAddress getRemoteSocketAddress() {
        return InetSocketAddress.createUnresolved(host, port);
    }

    @Override
    public int getLocalPort() {
        return -1;
    }

    @Override
    public void shutdownInput() {}

    @Override
    public void shutdownOutput() {}

    @Override
    public String toString() {
        return "HttpTunnelSocket[" + host + ':' + port + " via " + post.url() + ']';
    }

    private final class Input extends InputStream {
        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return HttpTunnelSocket.this.read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            return HttpTunnelSocket.this.read(b, off, len);
        }

        @Override
        public int available() throws IOException {
            return HttpTunnelSocket.this.available();
        }

        @Override
        public void close() {
            HttpTunnelSocket.this.close();
        }
    }

    private final class Output extends OutputStream {
        @Override
        public void write(int b) throws IOException {
            HttpTunnelSocket.this.write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            HttpTunnelSocket.this.write(b, off, len);
        }

        @Override
        public void flush() throws IOException {
            HttpTunnelSocket.this.flush();
        }

        @Override
        public void close() {
            HttpTunnelSocket.this.close();
        }
    }
}
