package io.wirecost.scenarios.http.tunnel;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.rmi.server.RMISocketFactory;

/**
 * Makes the tunnel's defining limit real in the client JVM: a client that reaches its server only
 * through HTTP sits behind a firewall that admits no inbound connection, so the server can never
 * call it back (seed 000, "RMI Tunneling and Firewalls"). Installed as the JVM's default RMI socket
 * factory, it refuses every export that does not name its own server socket factory, with a
 * message that says why, instead of a callback that would hang or fail obscurely later.
 */
final class ClientFirewall extends RMISocketFactory {

    static final String MESSAGE = "callbacks cannot work through an HTTP tunnel: this client reaches its server only "
            + "by HTTP requests, and the server cannot open a connection back to it (seed 000: RMI tunnelling prevents callbacks)";

    private static boolean installed;

    static synchronized void install() {
        if (installed) return;
        try {
            RMISocketFactory.setSocketFactory(new ClientFirewall());
            installed = true;
        } catch (IOException e) {
            // another default factory was set first; its owner decides about inbound connections
        }
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return RMISocketFactory.getDefaultSocketFactory().createSocket(host, port);
    }

    @Override
    public ServerSocket createServerSocket(int port) throws IOException {
        throw new IOException(MESSAGE);
    }
}
