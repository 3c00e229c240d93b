package io.wirecost.scenarios.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * A loopback TCP relay that records both directions: the tests see exactly the bytes the scenario's
 * own client and server put on the wire, without any hook in either.
 */
public final class RecordingRelay implements AutoCloseable {

    private final ServerSocket listener;
    private final int targetPort;
    private final ByteArrayOutputStream toServer = new ByteArrayOutputStream();
    private final ByteArrayOutputStream toClient = new ByteArrayOutputStream();

    public RecordingRelay(int targetPort) throws IOException {
        this.targetPort = targetPort;
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread t = new Thread(this::accept, "relay-accept");
        t.setDaemon(true);
        t.start();
    }

    public int port() {
        return listener.getLocalPort();
    }

    public String clientToServer() {
        synchronized (toServer) {
            return toServer.toString(StandardCharsets.UTF_8);
        }
    }

    public String serverToClient() {
        synchronized (toClient) {
            return toClient.toString(StandardCharsets.UTF_8);
        }
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket client = listener.accept();
                Socket server = new Socket(InetAddress.getLoopbackAddress(), targetPort);
                // without it, Nagle's algorithm and delayed ACKs stall every split write for 40 ms
                client.setTcpNoDelay(true);
                server.setTcpNoDelay(true);
                pump(client.getInputStream(), server.getOutputStream(), toServer, server);
                pump(server.getInputStream(), client.getOutputStream(), toClient, client);
            } catch (IOException e) {
                return;
            }
        }
    }

    private static void pump(InputStream in, OutputStream out, ByteArrayOutputStream record, Socket peer) {
        Thread t = new Thread(
                () -> {
                    byte[] buf = new byte[8192];
                    try {
                        for (int n; (n = in.read(buf)) > 0; ) {
                            synchronized (record) {
                                record.write(buf, 0, n);
                            }
                            out.write(buf, 0, n);
                            out.flush();
                        }
                    } catch (IOException e) {
                        // one side closed
                    } finally {
                        try {
                            peer.shutdownOutput();
                        } catch (IOException e) {
                            // already closed
                        }
                    }
                },
                "relay-pump");
        t.setDaemon(true);
        t.start();
    }

    @Override
    public void close() throws IOException {
        listener.close();
    }
}
