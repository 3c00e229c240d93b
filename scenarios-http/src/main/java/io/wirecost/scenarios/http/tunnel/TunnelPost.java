package io.wirecost.scenarios.http.tunnel;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.Proxy;
import java.net.URL;
import java.nio.charset.StandardCharsets;

/**
 * Sends one tunnelled JRMP message as an HTTP POST through the JDK's {@link HttpURLConnection}
 * (the paper's {@code sun.net.www} rows) and returns the response body, the server's reply.
 * The connection to the proxy or the web server is kept alive between posts by the JDK.
 */
record TunnelPost(URL url, Proxy proxy) {

    /** A reply larger than this is not an RMI answer to these scenarios; refuse to buffer it. */
    static final int MAX_RESPONSE_BYTES = 16 << 20;

    private static final int CONNECT_TIMEOUT_MILLIS = 10_000;

    /**
     * @param message        one JRMP message (without the single-op header, which is added here)
     * @param timeoutMillis  read timeout, 0 for none (RMI's own response timeout)
     */
    byte[] post(byte[] message, int messageLength, int timeoutMillis) throws IOException {
        HttpURLConnection c = (HttpURLConnection) url.openConnection(proxy);
        c.setRequestMethod("POST");
        c.setDoOutput(true);
        c.setUseCaches(false);
        c.setInstanceFollowRedirects(false);
        c.setConnectTimeout(CONNECT_TIMEOUT_MILLIS);
        c.setReadTimeout(timeoutMillis);
        c.setRequestProperty("Content-Type", "application/octet-stream");
        try {
            return exchange(c, message, messageLength);
        } catch (java.net.ConnectException e) {
            // name the hop that refused: with a proxy, a refused connection means the proxy is gone
            throw new java.net.ConnectException(
                    "HTTP tunnel: " + hop() + " refused the connection (" + e.getMessage() + ")");
        } catch (java.net.SocketException e) {
            // a proxy killed while a call is under way resets the kept-alive connection instead
            throw new java.net.SocketException(
                    "HTTP tunnel: " + hop() + " reset the connection (" + e.getMessage() + ")");
        }
    }

    private String hop() {
        return proxy.type() == Proxy.Type.DIRECT ? url.getHost() + ":" + url.getPort() : "proxy " + proxy.address();
    }

    private byte[] exchange(HttpURLConnection c, byte[] message, int messageLength) throws IOException {
        // No setFixedLengthStreamingMode: it writes headers and body as two TCP segments, and Nagle
        // plus delayed ACK then add milliseconds per call. Buffered, the JDK sends one segment.
        try (OutputStream out = c.getOutputStream()) {
            out.write(Jrmp.SINGLE_OP_HEADER);
            out.write(message, 0, messageLength);
        }
        int status = c.getResponseCode(); // with a buffered body, the connection is made (or re-made) here
        if (status != HttpURLConnection.HTTP_OK) {
            throw new IOException("HTTP tunnel: " + url + " answered " + status + " " + c.getResponseMessage()
                    + detail(c.getErrorStream())
                    + (proxy.type() == Proxy.Type.DIRECT ? "" : " (through proxy " + proxy.address() + ")"));
        }
        byte[] body;
        try (InputStream in = c.getInputStream()) {
            body = readLimited(in);
        }
        // A proxy that dies between the reply's header and its end closes the connection cleanly, and the
        // JDK hands over the bytes it got without a word: RMI then fails on a short reply ("Error unmarshaling
        // return header ... EOFException") that names no hop. Every RMI reply has a return header.
        long expected = c.getContentLengthLong();
        if (body.length == 0 || (expected >= 0 && body.length < expected)) {
            throw new java.io.EOFException("HTTP tunnel: " + hop() + " closed the connection mid-reply (" + body.length
                    + (expected >= 0 ? " of " + expected : "") + " bytes)");
        }
        return body;
    }

    private static byte[] readLimited(InputStream in) throws IOException {
        byte[] body = in.readNBytes(MAX_RESPONSE_BYTES + 1);
        if (body.length > MAX_RESPONSE_BYTES)
            throw new IOException("HTTP tunnel: reply larger than " + MAX_RESPONSE_BYTES + " bytes");
        return body;
    }

    /** The first line of an error body, read completely so the kept-alive connection stays usable. */
    private static String detail(InputStream err) {
        if (err == null) return "";
        try (err) {
            String text = new String(err.readNBytes(1 << 16), StandardCharsets.UTF_8).strip();
            int nl = text.indexOf('\n');
            if (nl >= 0) text = text.substring(0, nl).strip();
            if (text.length() > 120) text = text.substring(0, 120) + "...";
            return text.isEmpty() ? "" : ": " + text;
        } catch (IOException e) {
            return "";
        }
    }
}
