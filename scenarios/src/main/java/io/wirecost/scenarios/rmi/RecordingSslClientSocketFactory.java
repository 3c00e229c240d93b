package io.wirecost.scenarios.rmi;

import java.io.IOException;
import java.net.Socket;
import java.util.Map;
import javax.net.ssl.SSLSocket;
import javax.rmi.ssl.SslRMIClientSocketFactory;

/**
 * The JDK's RMI SSL client factory, plus a handshake listener that records what the real connection
 * negotiated. It is serialized into the server's stubs, so it must stay stateless apart from the
 * JVM-wide record below.
 */
public class RecordingSslClientSocketFactory extends SslRMIClientSocketFactory {

    private static final long serialVersionUID = 1L;
    private static volatile Map<String, String> last = Map.of();

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        Socket s = super.createSocket(host, port);
        if (s instanceof SSLSocket ssl) {
            ssl.addHandshakeCompletedListener(e -> last = Map.of(
                    "tls.protocol", e.getSession().getProtocol(),
                    "tls.cipherSuite", e.getCipherSuite(),
                    "tls.peer", peer(e)));
        }
        return s;
    }

    private static String peer(javax.net.ssl.HandshakeCompletedEvent e) {
        try {
            return e.getPeerPrincipal().getName();
        } catch (javax.net.ssl.SSLPeerUnverifiedException ex) {
            return "unverified";
        }
    }

    public static Map<String, String> lastHandshake() {
        return last;
    }
}
