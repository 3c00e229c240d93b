package io.wirecost.scenarios.http;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.rmi.server.RMIServerSocketFactory;

/** Plain JRMP server sockets bound to one address only (the servlet scenario's internal address). */
record InternalAddressServerSocketFactory(InetAddress address) implements RMIServerSocketFactory {

    @Override
    public ServerSocket createServerSocket(int port) throws IOException {
        return new ServerSocket(port, 50, address);
    }
}
