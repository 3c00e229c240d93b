package io.wirecost.scenarios.http.tunnel;

import java.nio.charset.StandardCharsets;

/**
 * The HTTP/1.0 response the HTTP-aware RMI port answers a tunnelled POST with: status line and reason phrase, the
 * few headers a single-operation exchange needs (length, no caching, close), and the body, as one array so that it
 * leaves in one write. It is the response side of {@link HttpRequestHead} and depends on nothing of the socket that
 * sends it.
 */
final class TunnelResponse {

    private TunnelResponse() {}

    static byte[] bytes(int status, String contentType, byte[] body) {
        String head = "HTTP/1.0 " + status + ' ' + reasonPhrase(status) + "\r\n"
                + "Content-Type: " + contentType + "\r\n"
                + "Content-Length: " + body.length + "\r\n"
                + "Cache-Control: no-store\r\n"
                + "Connection: close\r\n\r\n";
        byte[] h = head.getBytes(StandardCharsets.ISO_8859_1);
        byte[] all = new byte[h.length + body.length];
        System.arraycopy(h, 0, all, 0, h.length);
        System.arraycopy(body, 0, all, h.length, body.length);
        return all;
    }

    /** The statuses the port answers with; anything else is a plain "Error". */
    private static String reasonPhrase(int status) {
        return switch (status) {
            case 200 -> "OK";
            case 400 -> "Bad Request";
            case 405 -> "Method Not Allowed";
            case 408 -> "Request Timeout";
            case 411 -> "Length Required";
            case 413 -> "Content Too Large";
            case 431 -> "Request Header Fields Too Large";
            case 501 -> "Not Implemented";
            default -> "Error";
        };
    }
}
