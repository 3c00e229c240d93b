package io.wirecost.scenarios.rmi;

import io.wirecost.scenarios.security.KeyMaterial;
import java.nio.file.Path;
import javax.net.ssl.SSLSocket;

/** Attempts one TLS handshake with a given protocol and prints "accepted PROTOCOL" or "refused". */
public final class TlsProbe {

    private TlsProbe() {}

    public static void main(String[] args) throws Exception {
        KeyMaterial keys = KeyMaterial.load(Path.of(args[0]));
        try (SSLSocket s =
                (SSLSocket) keys.clientContext().getSocketFactory().createSocket(args[1], Integer.parseInt(args[2]))) {
            s.setEnabledProtocols(new String[] {args[3]});
            s.startHandshake();
            // TLS 1.3 reports a client-auth refusal only on the first read; 1.2 and 1.1 during the handshake
            s.getInputStream().available();
            System.out.println("accepted " + s.getSession().getProtocol());
        } catch (java.io.IOException e) {
            System.out.println(e.getClass().getSimpleName() + ": " + e.getMessage() + " -> refused");
        }
    }
}
