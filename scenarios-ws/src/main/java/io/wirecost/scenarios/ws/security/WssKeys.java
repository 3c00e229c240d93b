package io.wirecost.scenarios.ws.security;

import io.wirecost.scenarios.security.KeyMaterial;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import javax.security.auth.callback.Callback;
import javax.security.auth.callback.CallbackHandler;
import javax.security.auth.callback.UnsupportedCallbackException;
import org.apache.wss4j.common.crypto.Crypto;
import org.apache.wss4j.common.crypto.Merlin;
import org.apache.wss4j.common.ext.WSPasswordCallback;

/**
 * One party's WS-Security keys as WSS4J wants them: a {@link Merlin} crypto over the party's PKCS#12
 * key store (to sign and to decrypt) and the run's trust store (whose CA every peer certificate must
 * chain to), loaded from {@link KeyMaterial} in memory, and the password callback WSS4J asks for the
 * private key through.
 */
public final class WssKeys {

    private final Merlin crypto;
    private final String alias;
    private final String password;
    private final X509Certificate certificate;

    private WssKeys(Merlin crypto, String alias, String password, X509Certificate certificate) {
        this.crypto = crypto;
        this.alias = alias;
        this.password = password;
        this.certificate = certificate;
    }

    /** {@code file} is a key store of {@link KeyMaterial} (server.p12, client.p12, rogue.p12), {@code alias} its key. */
    public static WssKeys load(KeyMaterial km, String file, String alias) throws Exception {
        KeyStore own = km.keyStore(file);
        Merlin m = new Merlin();
        m.setKeyStore(own);
        m.setTrustStore(km.keyStore(KeyMaterial.TRUST));
        X509Certificate cert = (X509Certificate) own.getCertificate(alias);
        if (cert == null) throw new IllegalStateException(file + " has no key '" + alias + "'");
        return new WssKeys(m, alias, new String(km.password()), cert);
    }

    public Crypto crypto() {
        return crypto;
    }

    public String alias() {
        return alias;
    }

    String password() {
        return password;
    }

    public X509Certificate certificate() {
        return certificate;
    }

    CallbackHandler passwords() {
        return callbacks -> {
            for (Callback c : callbacks) {
                if (!(c instanceof WSPasswordCallback pc)) throw new UnsupportedCallbackException(c);
                if (alias.equals(pc.getIdentifier())) pc.setPassword(password);
            }
        };
    }
}
