package io.wirecost.runner;

/**
 * Bytes and packets per invocation of one operation, measured on the real connections to the server
 * JVM's ports (a loopback capture during a separate pass after the timed phase).
 *
 * @param requestBytes       TCP payload from client to server per call (HTTP headers included, TLS records included)
 * @param responseBytes      TCP payload from server to client per call
 * @param requestWireBytes   IP packets from client to server per call (TCP/IP headers included)
 * @param responseWireBytes  IP packets from server to client per call
 * @param packetsPerCall     TCP segments both ways per call, ACKs included
 */
public record MessageSize(
        String operation,
        long calls,
        double requestBytes,
        double responseBytes,
        double requestWireBytes,
        double responseWireBytes,
        double packetsPerCall) {

    public double totalBytes() {
        return requestBytes + responseBytes;
    }
}
