package io.wirecost.scenarios.http.tunnel;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;

/**
 * Automatic mode's first step: does a direct JRMP connection work? A TCP connect alone does not
 * tell: a firewall, or a port that serves only HTTP, may accept the connection and then reset it.
 * So the probe opens the stream handshake and waits for the server's acknowledgement.
 */
final class DirectProbe {

    private DirectProbe() {}

    /** True when the server acknowledged; false when the connection was refused, reset, closed or timed out. */
    static boolean answersJrmp(InetSocketAddress target, int timeoutMillis) {
        try (Socket s = new Socket()) {
            s.connect(target, timeoutMillis);
            s.setSoTimeout(timeoutMillis);
            DataOutputStream out = new DataOutputStream(s.getOutputStream());
            out.writeInt(Jrmp.MAGIC);
            out.writeShort(2);
            out.writeByte(Jrmp.STREAM_PROTOCOL);
            out.flush();
            return new DataInputStream(s.getInputStream()).readByte() == Jrmp.PROTOCOL_ACK;
        } catch (IOException e) {
            return false;
        }
    }
}
