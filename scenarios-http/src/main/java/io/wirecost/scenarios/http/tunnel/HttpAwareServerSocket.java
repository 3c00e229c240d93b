package io.wirecost.scenarios.http.tunnel;

import io.wirecost.scenarios.Tally;
import io.wirecost.scenarios.http.tunnel.HttpAwareServerSocketFactory.Policy;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;

/** {@link HttpAwareServerSocketFactory}'s server socket: each accepted connection is an {@link HttpAwareSocket}. */
final class HttpAwareServerSocket extends ServerSocket {
    private final Policy policy;
    private final Tally<TunnelServerEvent> stats;

    HttpAwareServerSocket(int port, InetAddress bindAddress, Policy policy, Tally<TunnelServerEvent> stats)
            throws IOException {
        super(port, 50, bindAddress);
        this.policy = policy;
        this.stats = stats;
    }

    /** Reads nothing: a silent or slow client must not hold up RMI's accept loop. */
    @Override
    public Socket accept() throws IOException {
        if (isClosed()) throw new SocketException("Socket is closed");
        HttpAwareSocket s = new HttpAwareSocket(policy, stats);
        implAccept(s);
        return s;
    }
}
