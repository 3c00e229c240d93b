package io.wirecost.scenarios;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/**
 * A port the OS chooses, for the servers that must be told their port before they bind it (an RMI registry, an ORB,
 * a proxy started as its own process): free when this returns, though another process may take it before it is used.
 */
public final class FreePorts {

    private FreePorts() {}

    public static int on(InetAddress address) throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, address)) {
            return s.getLocalPort();
        }
    }

    public static int on(String host) throws IOException {
        return on(InetAddress.getByName(host));
    }
}
