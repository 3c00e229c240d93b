package io.wirecost.scenarios.http.servlet;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Two HTTP requests held open on a freshly started Tomcat at once, so that its connector caches two request
 * processors before the calls begin, rather than creating the second one seconds into the timed pass.
 *
 * <p>Why: Tomcat takes a request processor from a stack of recycled ones for every request and creates one when the
 * stack is empty. A ping-pong needs one, except when its client reconnects (Tomcat closes a keep-alive connection
 * after 100 requests) and the new connection's first request reaches a worker before the worker that answered the
 * old one has put its processor back. In http-to-servlet that race was first lost seconds into the run, in every
 * run watched with {@code -XX:+PrintCompilation}; {@code -XX:+LogCompilation} showed an {@code unstable_if} at the
 * empty-stack branch of {@code SynchronizedStack.pop}, and the fresh processor's first request then took a dozen
 * branches C2 had never seen taken (buffers allocated, header fields created, its JMX name built): a dozen C2
 * methods of Tomcat's request path made not entrant at once (docs/measurement.md, "Three more branches first
 * taken mid-run"). A server that has ever
 * served two requests at once has two processors; holding two requests open at start gives it that state without
 * touching what it does per call.
 *
 * <p>How: each round opens two connections and sends each an incomplete request head, which Tomcat parses as far as
 * it can and keeps its processor attached to the connection while it waits for the rest; then completes both. Each
 * round therefore has both processors serve one request whose head has more fields than any scenario client sends,
 * so neither meets a larger request for the first time later. Requests go to a path nothing is mapped to (a 404 from
 * Tomcat's mapper), never to the measured servlet. Nothing here depends on Tomcat's classes: it is HTTP/1.1 on a
 * socket, and a server that does not behave as described only answers two requests.
 */
public final class TwoProcessors {

    /** Rounds: a few, so that both processors serve a request or two while the JVM is still interpreting. */
    static final int ROUNDS = 3;

    /** Path of the requests: mapped to nothing, so Tomcat's mapper answers 404 before any servlet. */
    static final String PATH = "/wirecost-processor-warmup";

    /**
     * How long both heads stay incomplete: long enough for Tomcat's poller to hand each to a worker on a busy
     * 2-CPU machine, short beside a server's start.
     */
    private static final int HOLD_MILLIS = 40;

    /** Bound on reading an answer: a server that never answers must not hang the scenario's start. */
    private static final int READ_TIMEOUT_MILLIS = 5_000;

    /** Header fields of each request besides the request line: more than any client of the scenarios sends (6 to 9). */
    private static final int HEADER_FIELDS = 16;

    /** What {@link #prime} did: requests sent and answers read (status lines). */
    public record Seen(int requests, int answers, List<String> statusLines) {}

    private TwoProcessors() {}

    /** {@link #ROUNDS} rounds of two requests held open together on {@code server}; never throws for what the server does. */
    public static Seen prime(InetSocketAddress server) {
        return prime(server, ROUNDS);
    }

    static Seen prime(InetSocketAddress server, int rounds) {
        int requests = 0;
        List<String> statuses = new ArrayList<>();
        for (int r = 0; r < rounds; r++) {
            try (Socket a = open(server);
                    Socket b = open(server)) {
                writeHead(a, r, 'a');
                writeHead(b, r, 'b');
                requests += 2;
                sleep(HOLD_MILLIS);
                finish(a);
                finish(b);
                statuses.add(statusLine(a));
                statuses.add(statusLine(b));
            } catch (IOException e) {
                statuses.add("no answer: " + e.getClass().getSimpleName());
            }
        }
        int answers = (int) statuses.stream().filter(s -> s.startsWith("HTTP/")).count();
        return new Seen(requests, answers, List.copyOf(statuses));
    }

    private static Socket open(InetSocketAddress server) throws IOException {
        Socket s = new Socket();
        s.connect(server, READ_TIMEOUT_MILLIS);
        s.setSoTimeout(READ_TIMEOUT_MILLIS);
        s.setTcpNoDelay(true);
        return s;
    }

    /** The request line and all header fields but the last, without the blank line that ends a head. */
    private static void writeHead(Socket s, int round, char which) throws IOException {
        StringBuilder head = new StringBuilder();
        head.append("POST ").append(PATH).append(" HTTP/1.1\r\n");
        head.append("Host: ")
                .append(s.getInetAddress().getHostAddress())
                .append(':')
                .append(s.getPort())
                .append("\r\n");
        head.append("User-Agent: wirecost-processor-warmup\r\n");
        head.append("Accept: */*\r\n");
        head.append("Content-Type: application/octet-stream\r\n");
        head.append("Content-Length: ").append(BODY.length).append("\r\n");
        head.append("Connection: close\r\n");
        for (int i = 6; i < HEADER_FIELDS - 1; i++) {
            head.append("X-Wirecost-Warmup-")
                    .append(i)
                    .append(": ")
                    .append(round)
                    .append(which)
                    .append("\r\n");
        }
        OutputStream out = s.getOutputStream();
        out.write(head.toString().getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    private static final byte[] BODY = new byte[512];

    /** The last header field, the blank line and the body: the request is complete. */
    private static void finish(Socket s) throws IOException {
        OutputStream out = s.getOutputStream();
        out.write("X-Wirecost-Warmup-Last: 1\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        out.write(BODY);
        out.flush();
    }

    /** The answer's status line; the rest is read and dropped until the server closes (the request said close). */
    private static String statusLine(Socket s) throws IOException {
        InputStream in = s.getInputStream();
        StringBuilder line = new StringBuilder();
        int c;
        while ((c = in.read()) != -1 && c != '\n') {
            if (c != '\r') line.append((char) c);
        }
        byte[] rest = new byte[4096];
        while (in.read(rest) != -1) {
            // drain: Tomcat closes after answering a "Connection: close" request
        }
        return line.toString();
    }

    private static void sleep(int millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
