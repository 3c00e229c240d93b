package io.wirecost.scenarios.http.tunnel;

import io.wirecost.scenarios.Tally;
import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.SocketException;
import java.net.SocketImpl;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

/**
 * An accepted connection of the HTTP-aware RMI port. On RMI's first read (in RMI's connection
 * thread, never in accept) it looks at the first four bytes:
 * <ul>
 * <li>{@code JRMI}: plain JRMP, passed through unchanged, or reset when the port is HTTP-only;
 * <li>{@code POST}: an HTTP request; its body, one single-operation JRMP connection, is what RMI
 *     reads, and everything RMI writes is sent back as the response body when RMI closes the socket;
 * <li>anything else, a malformed or oversized request, or a client that does not send its request
 *     in time: an HTTP error status where one can be given, then the connection is closed.
 * </ul>
 */
final class HttpAwareSocket extends java.net.Socket {

    private enum Kind {
        UNKNOWN,
        JRMP,
        HTTP,
        CLOSED
    }

    private static final InputStream NOTHING = InputStream.nullInputStream();

    private final HttpAwareServerSocketFactory.Policy policy;
    private final Tally<TunnelServerEvent> stats;
    private Kind kind = Kind.UNKNOWN;
    private InputStream source;
    private final ByteArrayOutputStream reply = new ByteArrayOutputStream(256);
    private boolean replied;
    private final InputStream input = new Input();
    private final OutputStream output = new Output();

    HttpAwareSocket(HttpAwareServerSocketFactory.Policy policy, Tally<TunnelServerEvent> stats) throws SocketException {
        super((SocketImpl) null); // ServerSocket.implAccept gives it the accepted connection
        this.policy = policy;
        this.stats = stats;
    }

    @Override
    public InputStream getInputStream() throws IOException {
        if (isClosed()) throw new SocketException("Socket is closed");
        return input;
    }

    @Override
    public OutputStream getOutputStream() throws IOException {
        if (isClosed()) throw new SocketException("Socket is closed");
        return output;
    }

    /** RMI closes a single-operation connection after its reply: that is when the HTTP response goes out. */
    @Override
    public synchronized void close() throws IOException {
        try {
            if (kind == Kind.HTTP && !replied && !isClosed()) {
                replied = true;
                respond(200, "application/octet-stream", reply.toByteArray());
            }
        } finally {
            super.close();
        }
    }

    private synchronized InputStream source() throws IOException {
        if (kind == Kind.UNKNOWN) classify();
        return source;
    }

    private void classify() throws IOException {
        BufferedInputStream raw = new BufferedInputStream(super.getInputStream(), 8192);
        int rmiTimeout = getSoTimeout();
        setSoTimeout(policy.requestTimeoutMillis());
        HttpRequestHead.Deadline deadline = HttpRequestHead.Deadline.in(policy.requestTimeoutMillis());
        try {
            raw.mark(4);
            byte[] first = raw.readNBytes(4);
            raw.reset();
            if (first.length < 4) {
                abandon(); // the client went away before saying anything
            } else if (startsWith(first, "JRMI")) {
                if (policy.acceptRawJrmp()) {
                    stats.add(TunnelServerEvent.JRMP_DIRECT_CONNECTIONS);
                    kind = Kind.JRMP;
                    source = raw;
                } else {
                    stats.add(TunnelServerEvent.JRMP_REFUSED);
                    reset();
                }
            } else if (startsWith(first, "POST")) {
                try {
                    unwrap(raw, deadline);
                } catch (SocketTimeoutException e) {
                    throw new HttpRequestHead.Rejected(408, "request not received in time");
                }
            } else if (isTokenStart(first)) {
                throw new HttpRequestHead.Rejected(405, "only POST is tunnelled here");
            } else {
                stats.add(TunnelServerEvent.HTTP_REJECTED);
                abandon(); // neither JRMP nor HTTP
            }
        } catch (HttpRequestHead.Rejected r) {
            if (r.status == 408) stats.add(TunnelServerEvent.TIMED_OUT);
            else stats.add(TunnelServerEvent.HTTP_REJECTED);
            refuse(r.status, r.getMessage());
        } catch (SocketTimeoutException e) {
            stats.add(TunnelServerEvent.TIMED_OUT);
            abandon();
        }
        if (kind == Kind.JRMP || kind == Kind.HTTP) setSoTimeout(rmiTimeout);
    }

    private void unwrap(InputStream raw, HttpRequestHead.Deadline deadline) throws IOException {
        HttpRequestHead head = HttpRequestHead.read(raw, deadline);
        if (!head.method().equals("POST")) throw new HttpRequestHead.Rejected(405, "only POST is tunnelled here");
        if (head.contentLength() < 0) throw new HttpRequestHead.Rejected(411, "Content-Length required");
        if (head.contentLength() > policy.maxBodyBytes()) {
            throw new HttpRequestHead.Rejected(413, "body larger than " + policy.maxBodyBytes() + " bytes");
        }
        if (head.expectContinue()) {
            super.getOutputStream().write("HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
        }
        byte[] body = new byte[(int) head.contentLength()];
        for (int n = 0; n < body.length; ) {
            deadline.check();
            int r = raw.read(body, n, body.length - n);
            if (r < 0) throw new HttpRequestHead.Rejected(400, "body shorter than its Content-Length");
            n += r;
        }
        if (!Jrmp.startsWithSingleOpHeader(body, body.length)) {
            throw new HttpRequestHead.Rejected(400, "body is not a single-operation JRMP message");
        }
        stats.add(TunnelServerEvent.HTTP_REQUESTS);
        kind = Kind.HTTP;
        source = new ByteArrayInputStream(body);
    }

    /** An HTTP error, then the end: RMI reads end of stream and closes. */
    private void refuse(int status, String reason) throws IOException {
        kind = Kind.CLOSED;
        source = NOTHING;
        try {
            respond(status, "text/plain; charset=utf-8", (reason + "\n").getBytes(StandardCharsets.UTF_8));
            shutdownOutput();
        } catch (IOException e) {
            // the client is gone already
        }
    }

    /** A firewall's reject: reset the connection without a word. */
    private void reset() throws IOException {
        kind = Kind.CLOSED;
        source = NOTHING;
        setSoLinger(true, 0);
        super.close();
    }

    private void abandon() throws IOException {
        kind = Kind.CLOSED;
        source = NOTHING;
        super.close();
    }

    private void respond(int status, String contentType, byte[] body) throws IOException {
        OutputStream out = super.getOutputStream();
        out.write(TunnelResponse.bytes(status, contentType, body)); // one write: one segment for an RMI reply
        out.flush();
    }

    private static boolean startsWith(byte[] b, String ascii) {
        for (int i = 0; i < ascii.length(); i++) if (b[i] != ascii.charAt(i)) return false;
        return true;
    }

    /** An HTTP method token (GET, PUT, ...) rather than binary data. */
    private static boolean isTokenStart(byte[] b) {
        for (byte c : b) if (!((c >= 'A' && c <= 'Z') || c == ' ')) return false;
        return true;
    }

    private final class Input extends InputStream {
        @Override
        public int read() throws IOException {
            return source().read();
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            return source().read(b, off, len);
        }
        /** Never classifies (that may block); before the first read there is nothing to report. */
        @Override
        public int available() throws IOException {
            synchronized (HttpAwareSocket.this) {
                return kind == Kind.UNKNOWN ? 0 : source.available();
            }
        }

        @Override
        public void close() throws IOException {
            HttpAwareSocket.this.close();
        }
    }

    private final class Output extends OutputStream {
        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            synchronized (HttpAwareSocket.this) {
                switch (kind) {
                    case HTTP -> reply.write(b, off, len);
                    case JRMP -> HttpAwareSocket.super.getOutputStream().write(b, off, len);
                    default -> throw new SocketException("connection closed by the HTTP tunnel");
                }
            }
        }

        @Override
        public void flush() throws IOException {
            synchronized (HttpAwareSocket.this) {
                if (kind == Kind.JRMP) HttpAwareSocket.super.getOutputStream().flush();
            }
        }

        @Override
        public void close() throws IOException {
            HttpAwareSocket.this.close();
        }
    }
}
