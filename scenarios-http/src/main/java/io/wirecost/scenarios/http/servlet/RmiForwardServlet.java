package io.wirecost.scenarios.http.servlet;

import io.wirecost.scenarios.Tally;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Set;

/**
 * The servlet version of 2005's {@code java-rmi.cgi}: {@code POST /cgi-bin/java-rmi.cgi?forward=PORT}
 * writes the request body (one single-operation JRMP connection) to the RMI port and answers with
 * everything the RMI server sent back before closing.
 *
 * <p>It is not an open relay: it only ever connects to its one backend address, only to the ports on
 * its allow-list (403 for any other {@code forward} value, host names included), only for bodies up
 * to a limit (413), and only for bodies that are JRMP (400).
 */
public final class RmiForwardServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;
    private static final byte[] SINGLE_OP_HEADER = {'J', 'R', 'M', 'I', 0, 2, 0x4c};

    /**
     * @param backend        the RMI server's address; never taken from the request
     * @param allowedPorts   the only ports forwarded to (the scenario's RMI ports)
     * @param maxBodyBytes   request and reply size limit
     * @param timeoutMillis  connect and read timeout towards the RMI server
     */
    public record Policy(InetAddress backend, Set<Integer> allowedPorts, int maxBodyBytes, int timeoutMillis) {
        public static final int DEFAULT_MAX_BODY_BYTES = 1 << 20;
        public static final int DEFAULT_TIMEOUT_MILLIS = 30_000;

        public Policy {
            allowedPorts = Set.copyOf(allowedPorts);
        }

        public Policy(InetAddress backend, Set<Integer> allowedPorts) {
            this(backend, allowedPorts, DEFAULT_MAX_BODY_BYTES, DEFAULT_TIMEOUT_MILLIS);
        }
    }

    private final transient Policy policy;
    private final transient Tally<Forwarded> stats;

    public RmiForwardServlet(Policy policy, Tally<Forwarded> stats) {
        this.policy = policy;
        this.stats = stats;
    }

    /** Only POST is tunnelled; everything else gets a plain 405 (not Tomcat's page, which names its version). */
    @Override
    protected void service(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        if (!"POST".equals(req.getMethod())) {
            stats.add(Forwarded.REJECTED);
            resp.setHeader("Allow", "POST");
            text(resp, 405, "only POST is tunnelled here");
            return;
        }
        doPost(req, resp);
    }

    @Override
    protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        // the query string, not getParameter: that would parse a form body if a client sent one
        String forward = forwardParameter(req.getQueryString());
        if (forward == null) {
            refuse(resp, 400, "missing ?forward=PORT");
            return;
        }
        Integer port = allowedPort(forward);
        if (port == null) {
            stats.add(Forwarded.FORBIDDEN);
            text(resp, 403, "forward target not allowed");
            return;
        }
        long length = req.getContentLengthLong();
        if (length < 0) {
            refuse(resp, 411, "Content-Length required");
            return;
        }
        if (length > policy.maxBodyBytes()) {
            refuse(resp, 413, "body larger than " + policy.maxBodyBytes() + " bytes");
            return;
        }
        byte[] body = req.getInputStream().readNBytes((int) length);
        if (body.length != length || !startsWithSingleOpHeader(body)) {
            refuse(resp, 400, "body is not a single-operation JRMP message");
            return;
        }
        byte[] reply;
        try {
            reply = exchange(port, body);
        } catch (IOException e) {
            stats.add(Forwarded.BACKEND_FAILURES);
            text(resp, 502, "RMI server did not answer: " + e.getClass().getSimpleName());
            return;
        }
        stats.add(Forwarded.FORWARDED);
        resp.setStatus(200);
        resp.setContentType("application/octet-stream");
        resp.setContentLength(reply.length);
        try (OutputStream out = resp.getOutputStream()) {
            out.write(reply);
        }
    }

    /** One single-operation JRMP connection: the server reads one message, answers and closes. */
    private byte[] exchange(int port, byte[] body) throws IOException {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(policy.backend(), port), policy.timeoutMillis());
            s.setTcpNoDelay(true);
            s.setSoTimeout(policy.timeoutMillis());
            s.getOutputStream().write(body);
            InputStream in = s.getInputStream();
            byte[] reply = in.readNBytes(policy.maxBodyBytes() + 1);
            if (reply.length > policy.maxBodyBytes())
                throw new IOException("reply larger than " + policy.maxBodyBytes() + " bytes");
            return reply;
        }
    }

    /** The value of the one {@code forward} parameter, or null. */
    static String forwardParameter(String query) {
        if (query == null) return null;
        String found = null;
        for (String pair : query.split("&", -1)) {
            if (pair.startsWith("forward=")) {
                if (found != null) return ""; // two of them: not a port, so forbidden
                found = pair.substring("forward=".length());
            }
        }
        return found;
    }

    /** A decimal port on the allow-list, or null for anything else (a host, a URL, another port). */
    private Integer allowedPort(String forward) {
        if (forward.isEmpty() || forward.length() > 5 || !forward.chars().allMatch(c -> c >= '0' && c <= '9'))
            return null;
        int port = Integer.parseInt(forward);
        return policy.allowedPorts().contains(port) ? port : null;
    }

    private static boolean startsWithSingleOpHeader(byte[] body) {
        if (body.length < SINGLE_OP_HEADER.length) return false;
        for (int i = 0; i < SINGLE_OP_HEADER.length; i++) if (body[i] != SINGLE_OP_HEADER[i]) return false;
        return true;
    }

    private void refuse(HttpServletResponse resp, int status, String message) throws IOException {
        stats.add(Forwarded.REJECTED);
        text(resp, status, message);
    }

    /** A plain-text status, not Tomcat's HTML error page (which names the server version). */
    private static void text(HttpServletResponse resp, int status, String message) throws IOException {
        byte[] b = (message + "\n").getBytes(StandardCharsets.UTF_8);
        resp.setStatus(status);
        resp.setContentType("text/plain;charset=UTF-8");
        resp.setContentLength(b.length);
        try (OutputStream out = resp.getOutputStream()) {
            out.write(b);
        }
    }
}
