package io.wirecost.scenarios.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/** Hand-made HTTP requests for tests that must send what no well-behaved client would. */
final class RawHttp {

    /** A single-operation JRMP connection carrying a Ping: any JRMP server answers it with 0x53. */
    static final byte[] JRMP_PING = {'J', 'R', 'M', 'I', 0, 2, 0x4c, 0x52};

    private RawHttp() {}

    static byte[] post(String target, String extraHeaders, byte[] body) {
        String head = "POST " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/octet-stream\r\n"
                + "Content-Length: " + body.length + "\r\nConnection: close\r\n" + extraHeaders + "\r\n";
        return concat(head.getBytes(StandardCharsets.ISO_8859_1), body);
    }

    static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    static byte[] concat(byte[] a, byte[] b) {
        byte[] all = new byte[a.length + b.length];
        System.arraycopy(a, 0, all, 0, a.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    /** Sends the bytes and reads until the server closes (or the timeout, which fails the test). */
    static Response exchange(InetSocketAddress address, byte[] request) throws IOException {
        try (Socket s = new Socket()) {
            s.connect(address, 5_000);
            s.setSoTimeout(15_000);
            s.getOutputStream().write(request);
            s.getOutputStream().flush();
            return Response.parse(readToEnd(s.getInputStream()));
        }
    }

    static byte[] readToEnd(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[4096];
        try {
            for (int n; (n = in.read(buf)) >= 0; ) out.write(buf, 0, n);
        } catch (java.net.SocketException e) {
            if (out.size() == 0) throw e; // a reset after a complete response still counts as the response
        }
        return out.toByteArray();
    }

    /** Status line, headers as text, body as bytes; status -1 when the server sent nothing. */
    record Response(int status, String head, byte[] body) {
        static Response parse(byte[] raw) {
            String text = new String(raw, StandardCharsets.ISO_8859_1);
            int end = text.indexOf("\r\n\r\n");
            if (raw.length == 0 || end < 0 || !text.startsWith("HTTP/1.")) return new Response(-1, text, raw);
            int status = Integer.parseInt(text.substring(9, 12));
            byte[] body = new byte[raw.length - end - 4];
            System.arraycopy(raw, end + 4, body, 0, body.length);
            return new Response(status, text.substring(0, end), body);
        }
    }
}
