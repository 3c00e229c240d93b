package io.wirecost.scenarios.rmi;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocketFactory;

/**
 * The TLS context the rmi-ssl client factory uses in this JVM. Held here rather than set as the JVM
 * default because {@link SSLSocketFactory#getDefault()} caches the first default forever.
 */
public final class ClientTls {

    private static volatile SSLSocketFactory factory;

    private ClientTls() {}

    public static void use(SSLContext context) {
        factory = context.getSocketFactory();
    }

    static SSLSocketFactory socketFactory() {
        SSLSocketFactory f = factory;
        return f != null ? f : (SSLSocketFactory) SSLSocketFactory.getDefault();
    }
}
