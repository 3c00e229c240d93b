package io.wirecost.scenarios.http.tunnel;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;

/**
 * The JRMP message the tunnel's client socket collects until the next read: a ByteArrayOutputStream that lends its
 * array (one copy less per POST) and can split off a prefix (a DGC ack posted on its own). It knows nothing of
 * sockets or HTTP, so it stands apart from {@link HttpTunnelSocket}, which decides what to do with the bytes.
 */
final class MessageBuffer extends ByteArrayOutputStream {

    MessageBuffer() {
        super(512);
    }

    byte[] array() {
        return buf;
    }

    byte byteAt(int i) {
        return buf[i];
    }

    /** The first {@code n} bytes, removed from the buffer. */
    byte[] take(int n) {
        byte[] head = Arrays.copyOf(buf, n);
        System.arraycopy(buf, n, buf, 0, count - n);
        count -= n;
        return head;
    }
}
