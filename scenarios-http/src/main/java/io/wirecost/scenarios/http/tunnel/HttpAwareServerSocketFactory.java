package io.wirecost.scenarios.http.tunnel;

import io.wirecost.scenarios.Tally;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.rmi.server.RMIServerSocketFactory;

/**
 * The RMI server's side of HTTP-to-port: server sockets whose connections carry either plain JRMP
 * or a JRMP message wrapped in an HTTP POST ({@link HttpAwareSocket}); the JDK removed its own in
 * JDK 9. Export the registry and the objects with the same instance: equality is identity, and RMI
 * shares one port between exports whose factories are equal.
 *
 * <pre>
 * var ssf = new HttpAwareServerSocketFactory(InetAddress.getLoopbackAddress(), Policy.httpAndJrmp(), stats);
 * UnicastRemoteObject.exportObject(impl, port, HttpTunnelClientSocketFactory.toPort(), ssf, filter);
 * </pre>
 */
public final class HttpAwareServerSocketFactory implements RMIServerSocketFactory {

    /**
     * @param acceptRawJrmp         false makes the port HTTP-only: a direct JRMP connection is reset,
     *                              as a firewall that rejects it would (automatic mode's fallback)
     * @param maxBodyBytes          larger POSTs are refused with 413 before their body is read
     * @param requestTimeoutMillis  the whole request must arrive within this time, else the connection is closed
     */
    public record Policy(boolean acceptRawJrmp, int maxBodyBytes, int requestTimeoutMillis) {
        public static final int DEFAULT_MAX_BODY_BYTES = 1 << 20;
        public static final int DEFAULT_REQUEST_TIMEOUT_MILLIS = 10_000;

        public Policy {
            if (maxBodyBytes < Jrmp.SINGLE_OP_HEADER.length || requestTimeoutMillis <= 0)
                throw new IllegalArgumentException("bad limits");
        }

        public static Policy httpAndJrmp() {
            return new Policy(true, DEFAULT_MAX_BODY_BYTES, DEFAULT_REQUEST_TIMEOUT_MILLIS);
        }

        public static Policy httpOnly() {
            return new Policy(false, DEFAULT_MAX_BODY_BYTES, DEFAULT_REQUEST_TIMEOUT_MILLIS);
        }
    }

    private final InetAddress bindAddress;
    private final Policy policy;
    private final Tally<TunnelServerEvent> stats;

    public HttpAwareServerSocketFactory(InetAddress bindAddress, Policy policy, Tally<TunnelServerEvent> stats) {
        this.bindAddress = bindAddress;
        this.policy = policy;
        this.stats = stats;
    }

    @Override
    public ServerSocket createServerSocket(int port) throws IOException {
        return new HttpAwareServerSocket(port, bindAddress, policy, stats);
    }

    @Override
    public String toString() {
        return "HttpAwareServerSocketFactory[" + bindAddress.getHostAddress()
                + (policy.acceptRawJrmp() ? ", HTTP and JRMP" : ", HTTP only") + ']';
    }
}
