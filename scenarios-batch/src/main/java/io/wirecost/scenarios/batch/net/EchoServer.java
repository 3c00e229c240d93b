package io.wirecost.scenarios.batch.net;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;

/**
 * A TCP echo service on 127.0.0.1, next to the file servers: the client pings it directly and through
 * the delay proxy, and the difference is the latency the proxy really adds on this machine.
 */
public final class EchoServer implements AutoCloseable {

    private final ServerSocket listener;

    private EchoServer(ServerSocket listener) {
        this.listener = listener;
    }

    public static EchoServer start() throws IOException {
        EchoServer e = new EchoServer(new ServerSocket(0, 50, InetAddress.getLoopbackAddress()));
        Thread t = new Thread(e::acceptLoop, "echo-accept");
        t.setDaemon(true);
        t.start();
        return e;
    }

    public int port() {
        return listener.getLocalPort();
    }

    private void acceptLoop() {
        while (!listener.isClosed()) {
            try {
                Socket s = listener.accept();
                Thread t = new Thread(() -> echo(s), "echo-" + s.getPort());
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                return;
            }
        }
    }

    private static void echo(Socket s) {
        try (s) {
            s.setTcpNoDelay(true);
            InputStream in = s.getInputStream();
            OutputStream out = s.getOutputStream();
            byte[] buf = new byte[8192];
            for (int n; (n = in.read(buf)) > 0; ) out.write(buf, 0, n);
        } catch (IOException e) {
            // peer gone
        }
    }

    @Override
    public void close() throws IOException {
        listener.close();
    }
}
