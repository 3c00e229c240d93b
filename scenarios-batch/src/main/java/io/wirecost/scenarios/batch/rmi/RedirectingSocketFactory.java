package io.wirecost.scenarios.batch.rmi;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.rmi.server.RMISocketFactory;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Sends a client JVM's RMI connections to the delay proxy. RMI stubs carry the server's own host and
 * port, so a proxy in front of the registry alone would be bypassed by every call on an object the
 * registry returns. The server exports all its objects with no client socket factory; for those, RMI
 * asks the JVM-wide {@link RMISocketFactory}, which this replaces in the client JVM: connections to a
 * mapped server port go to its proxy port instead, registry and exported objects alike (they share
 * the port). Install it once per JVM, before the first RMI call.
 */
public final class RedirectingSocketFactory extends RMISocketFactory {

    private final Map<Integer, Integer> proxyPorts;

    public RedirectingSocketFactory(Map<Integer, Integer> proxyPorts) {
        this.proxyPorts = Collections.unmodifiableMap(new LinkedHashMap<>(proxyPorts));
    }

    public static void install(Map<Integer, Integer> proxyPorts) throws IOException {
        RMISocketFactory.setSocketFactory(new RedirectingSocketFactory(proxyPorts));
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        Integer proxy = proxyPorts.get(port);
        // the proxies listen on loopback, like the server
        return proxy == null ? new Socket(host, port) : new Socket(InetAddress.getLoopbackAddress(), proxy);
    }

    @Override
    public ServerSocket createServerSocket(int port) throws IOException {
        return new ServerSocket(port, 50, InetAddress.getLoopbackAddress());
    }
}
