package io.wirecost.scenarios.http.tunnel;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * The request line and headers of one tunnelled POST, read with hard limits.
 *
 * <p>Hand-written on purpose: the request arrives on a socket that the JDK's RMI transport owns and
 * keeps reading from, so an HTTP library (which owns its own connections) cannot parse it; the
 * JDK's own 2005 tunnel did the same. Only what a JRMP-over-HTTP POST needs is accepted: HTTP/1.0
 * or 1.1, one Content-Length, no Transfer-Encoding.
 */
record HttpRequestHead(String method, String target, String version, long contentLength, boolean expectContinue) {

    static final int MAX_HEAD_BYTES = 8 * 1024;

    /** A request the tunnel refuses, with the HTTP status it answers. */
    static final class Rejected extends IOException {
        private static final long serialVersionUID = 1L;

        final int status;

        Rejected(int status, String reason) {
            super(reason);
            this.status = status;
        }
    }

    /**
     * Reads up to and including the blank line; the stream is then at the body. Reads in chunks
     * (a byte at a time costs a lock and a deadline check per byte on every call) and steps back
     * to the end of the head with mark and reset.
     */
    static HttpRequestHead read(InputStream in, Deadline deadline) throws IOException {
        if (!in.markSupported()) throw new IllegalArgumentException("needs a stream with mark/reset");
        byte[] head = new byte[MAX_HEAD_BYTES];
        in.mark(MAX_HEAD_BYTES);
        int n = 0;
        int end = -1;
        while (end < 0) {
            deadline.check();
            if (n == head.length) throw new Rejected(431, "request header larger than " + MAX_HEAD_BYTES + " bytes");
            int r = in.read(head, n, head.length - n);
            if (r < 0) throw new Rejected(400, "request ends inside its header");
            end = headEnd(head, Math.max(0, n - 3), n + r);
            n += r;
        }
        in.reset();
        in.skipNBytes(end);
        n = end;
        String[] lines = lines(new String(head, 0, n - 4, StandardCharsets.ISO_8859_1));
        String[] requestLine = lines[0].split(" ", -1);
        if (requestLine.length != 3 || requestLine[0].isEmpty() || requestLine[1].isEmpty())
            throw new Rejected(400, "malformed request line");
        String version = requestLine[2];
        if (!version.equals("HTTP/1.1") && !version.equals("HTTP/1.0"))
            throw new Rejected(400, "unsupported version " + printable(version));
        long length = -1;
        boolean expectContinue = false;
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon <= 0) throw new Rejected(400, "malformed header line");
            String name = lines[i].substring(0, colon).strip().toLowerCase(Locale.ROOT);
            String value = lines[i].substring(colon + 1).strip();
            switch (name) {
                case "content-length" -> {
                    if (length >= 0) throw new Rejected(400, "more than one Content-Length");
                    if (value.isEmpty() || value.length() > 18 || !value.chars().allMatch(c -> c >= '0' && c <= '9')) {
                        throw new Rejected(400, "bad Content-Length");
                    }
                    length = Long.parseLong(value);
                }
                case "transfer-encoding" -> throw new Rejected(501, "Transfer-Encoding is not supported");
                case "expect" -> expectContinue = value.equalsIgnoreCase("100-continue");
                default -> {}
            }
        }
        return new HttpRequestHead(requestLine[0], requestLine[1], version, length, expectContinue);
    }

    /** Split at CRLF (String.split would compile a regular expression on every request). */
    private static String[] lines(String text) {
        java.util.List<String> out = new java.util.ArrayList<>(12);
        int from = 0;
        for (int i; (i = text.indexOf("\r\n", from)) >= 0; from = i + 2) out.add(text.substring(from, i));
        out.add(text.substring(from));
        return out.toArray(new String[0]);
    }

    /** The index just after the first CRLF CRLF starting at or after {@code from}, or -1. */
    private static int headEnd(byte[] b, int from, int to) {
        for (int i = from; i + 3 < to; i++) {
            if (b[i] == '\r' && b[i + 1] == '\n' && b[i + 2] == '\r' && b[i + 3] == '\n') return i + 4;
        }
        return -1;
    }

    private static String printable(String s) {
        String t = s.length() > 20 ? s.substring(0, 20) : s;
        return t.replaceAll("[^\\x20-\\x7e]", "?");
    }

    /** A total time limit for reading one request, on top of the socket's per-read timeout. */
    record Deadline(long nanos) {
        static Deadline in(int millis) {
            return new Deadline(System.nanoTime() + millis * 1_000_000L);
        }

        void check() throws Rejected {
            if (System.nanoTime() - nanos > 0) throw new Rejected(408, "request not received in time");
        }
    }
}
