package io.wirecost.scenarios.http.tunnel;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;

/**
 * The stream handshake an RMI client writes before its first message, taken byte by byte (7 + ~15 bytes once per
 * pooled connection) and answered as the server would: the tunnel posts single-operation exchanges, so no server ever
 * sees it.
 */
final class JrmpHandshake {

    private enum State {
        HEADER,
        CLIENT_ENDPOINT,
        MESSAGE
    }

    private State state = State.HEADER;
    private final ByteArrayOutputStream handshake = new ByteArrayOutputStream(32);
    private int endpointLength = -1;

    /** Whether the handshake is over: all the client writes from now on is messages. */
    boolean done() {
        return state == State.MESSAGE;
    }

    /** Takes the next byte; returns what the server would answer to the handshake so far, or null for nothing yet. */
    byte[] take(byte b) throws IOException {
        handshake.write(b);
        int n = handshake.size();
        byte[] h;
        switch (state) {
            case HEADER -> {
                if (n < Jrmp.HEADER_LENGTH) return null;
                h = handshake.toByteArray();
                if (readInt(h, 0) != Jrmp.MAGIC || h[4] != 0 || h[5] != 2)
                    throw new IOException("HTTP tunnel: not a JRMP version 2 header");
                handshake.reset();
                if (h[6] == Jrmp.SINGLE_OP_PROTOCOL) {
                    state = State.MESSAGE;
                } else if (h[6] == Jrmp.STREAM_PROTOCOL) {
                    state = State.CLIENT_ENDPOINT;
                    return acknowledgement();
                } else {
                    throw new IOException(
                            "HTTP tunnel: JRMP protocol 0x" + Integer.toHexString(h[6]) + " cannot be tunnelled");
                }
            }
            case CLIENT_ENDPOINT -> {
                // writeUTF(host) then writeInt(port): the client's own endpoint, which the server ignores
                h = handshake.toByteArray();
                if (n == 2) endpointLength = ((h[0] & 0xff) << 8) | (h[1] & 0xff);
                if (endpointLength >= 0 && n == 2 + endpointLength + 4) {
                    handshake.reset();
                    state = State.MESSAGE;
                }
            }
            default -> throw new IllegalStateException(state.name());
        }
        return null;
    }

    /** What the server would answer: ProtocolAck, then the client's host and port as it sees them. */
    private static byte[] acknowledgement() throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream(32);
        DataOutputStream d = new DataOutputStream(b);
        d.writeByte(Jrmp.PROTOCOL_ACK);
        d.writeUTF(InetAddress.getLoopbackAddress().getHostAddress());
        d.writeInt(0);
        d.flush();
        return b.toByteArray();
    }

    private static int readInt(byte[] b, int at) {
        return ((b[at] & 0xff) << 24) | ((b[at + 1] & 0xff) << 16) | ((b[at + 2] & 0xff) << 8) | (b[at + 3] & 0xff);
    }
}
