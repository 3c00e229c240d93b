package io.wirecost.scenarios.rmi;

import java.io.IOException;
import java.net.Socket;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import javax.net.ssl.HandshakeCompletedEvent;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLSocket;
import javax.rmi.ssl.SslRMIClientSocketFactory;

/**
 * The JDK's RMI SSL client factory, with two changes: sockets come from the context installed in
 * {@link ClientTls} (the client's own key and the run's trust store), and a handshake listener records
 * what the real connection negotiated. It travels inside the server's stubs, so it holds no state
 * but the JVM-wide record below; equality is by class, as in the JDK's factory.
 */
public class RecordingSslClientSocketFactory extends SslRMIClientSocketFactory {

    private static final long serialVersionUID = 1L;
    private static volatile Map<String, String> last = Map.of();

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        SSLSocket s = (SSLSocket) ClientTls.socketFactory().createSocket(host, port);
        s.setEnabledProtocols(RmiSslScenario.PROTOCOLS);
        s.addHandshakeCompletedListener(e -> last = sorted(Map.of(
                "tls.protocol", e.getSession().getProtocol(),
                "tls.cipherSuite", e.getCipherSuite(),
                "tls.peer", peer(e))));
        return s;
    }

    /** In a fixed order, as the run's facts are written: Map.of iterates in an order that changes between JVMs. */
    private static Map<String, String> sorted(Map<String, String> facts) {
        return Collections.unmodifiableMap(new TreeMap<>(facts));
    }

    private static String peer(HandshakeCompletedEvent e) {
        try {
            return e.getPeerPrincipal().getName();
        } catch (SSLPeerUnverifiedException ex) {
            return "unverified";
        }
    }

    public static Map<String, String> lastHandshake() {
        return last;
    }
}
