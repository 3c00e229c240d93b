package io.wirecost.scenarios.rmi;

import javax.net.ssl.SSLContext;

/** Installs the client's TLS context as the JVM default, once: RMI's SSL stubs read only the default. */
public final class ClientTls {

    private static SSLContext installed;

    private ClientTls() {
    }

    public static synchronized void install(SSLContext context) {
        if (installed != null) return;
        SSLContext.setDefault(context);
        installed = context;
    }
}
