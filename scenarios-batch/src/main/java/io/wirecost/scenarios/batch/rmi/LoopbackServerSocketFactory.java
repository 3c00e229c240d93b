package io.wirecost.scenarios.batch.rmi;

import java.io.IOException;
import java.io.Serial;
import java.io.Serializable;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.rmi.server.RMIServerSocketFactory;

/**
 * RMI listens on 127.0.0.1 only (the JDK's default binds every interface). Equal instances let the
 * registry and every exported object share one port, so one proxy port can stand in front of all of them.
 */
final class LoopbackServerSocketFactory implements RMIServerSocketFactory, Serializable {

    @Serial
    private static final long serialVersionUID = 1L;

    @Override
    public ServerSocket createServerSocket(int port) throws IOException {
        return new ServerSocket(port, 50, InetAddress.getLoopbackAddress());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LoopbackServerSocketFactory;
    }

    @Override
    public int hashCode() {
        return LoopbackServerSocketFactory.class.hashCode();
    }
}
