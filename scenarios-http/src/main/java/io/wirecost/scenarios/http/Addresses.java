package io.wirecost.scenarios.http;

import io.wirecost.scenarios.FreePorts;
import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;

/** The loopback addresses the tunnelled scenarios use (README, "Ports"). */
final class Addresses {

    /** Where clients, the proxy, Tomcat and the HTTP-to-port RMI server listen. */
    static final InetAddress LOOPBACK = address(127, 0, 0, 1);
    /**
     * The servlet scenario's "internal" address: its RMI server listens only here, so a client that
     * dials the host its stubs name (127.0.0.1) directly is refused, as by a firewall, and only the
     * servlet, which forwards to this address, reaches it. Linux routes all of 127.0.0.0/8 to lo.
     */
    static final InetAddress INTERNAL = address(127, 0, 0, 2);

    private Addresses() {}

    /** The host RMI writes into stubs; tunnel targets are built from it, so it must be the loopback. */
    static String advertisedHost() {
        String host = System.getProperty("java.rmi.server.hostname");
        if (!LOOPBACK.getHostAddress().equals(host)) {
            throw new IllegalStateException("the tunnelled scenarios need -Djava.rmi.server.hostname=127.0.0.1 "
                    + "(wirecost's scenario JVMs set it), found " + host);
        }
        return host;
    }

    static int freePort(InetAddress address) throws IOException {
        try {
            return FreePorts.on(address);
        } catch (IOException e) {
            throw new IOException(
                    "cannot listen on " + address.getHostAddress() + " (" + e.getMessage()
                            + "); the tunnelled scenarios need the loopback range 127.0.0.0/8, as Linux provides",
                    e);
        }
    }

    private static InetAddress address(int a, int b, int c, int d) {
        try {
            return InetAddress.getByAddress(new byte[] {(byte) a, (byte) b, (byte) c, (byte) d});
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }
}
