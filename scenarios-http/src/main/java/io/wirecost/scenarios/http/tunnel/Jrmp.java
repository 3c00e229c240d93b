package io.wirecost.scenarios.http.tunnel;

/**
 * The few JRMP constants the tunnel needs (Java RMI specification, chapter 10, "RMI Wire Protocol").
 * A tunnelled exchange is one HTTP POST whose body is a whole single-operation JRMP connection:
 * {@link #SINGLE_OP_HEADER} followed by one message (a Call, a Ping or a DGC ack).
 */
final class Jrmp {

    static final int MAGIC = 0x4a524d49; // "JRMI"
    static final byte STREAM_PROTOCOL = 0x4b; // what JDK clients always open with
    static final byte SINGLE_OP_PROTOCOL = 0x4c; // one message, then the server closes
    static final byte PROTOCOL_ACK = 0x4e;
    static final byte PING = 0x52;
    static final byte PING_ACK = 0x53;
    static final byte DGC_ACK = 0x54;
    /** DGC ack: the op byte and a java.rmi.server.UID (int, long, short). */
    static final int DGC_ACK_LENGTH = 1 + 4 + 8 + 2;
    /** "JRMI", version 2, SingleOpProtocol. */
    static final byte[] SINGLE_OP_HEADER = {'J', 'R', 'M', 'I', 0, 2, SINGLE_OP_PROTOCOL};
    /** "JRMI", version 2: what a client's stream handshake starts with. */
    static final int HEADER_LENGTH = 7;

    private Jrmp() {}

    static boolean startsWithSingleOpHeader(byte[] b, int length) {
        if (length < SINGLE_OP_HEADER.length) return false;
        for (int i = 0; i < SINGLE_OP_HEADER.length; i++) if (b[i] != SINGLE_OP_HEADER[i]) return false;
        return true;
    }
}
