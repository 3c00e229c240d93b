package io.wirecost.scenarios.security;

import io.wirecost.scenarios.ScenarioConfig;
import java.security.GeneralSecurityException;
import java.security.Provider;
import java.security.Security;
import java.security.Signature;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.crypto.Cipher;
import org.bouncycastle.jce.provider.BouncyCastleProvider;

/**
 * The scenario option {@code jce.provider}: {@code sun} (default: the JDK's providers as configured)
 * or {@code bc} (Bouncy Castle inserted as the first provider of this JVM, so that every
 * {@code getInstance} without a provider name, as TLS and Santuario make them, gets Bouncy Castle
 * wherever it implements the algorithm). Which provider a JVM really hands out is read back with
 * {@link #inUse}, never assumed from the option.
 *
 * <pre>
 * ./wirecost run --scenarios rmi-ssl,ws-security --scenario-option jce.provider=bc
 * </pre>
 */
public final class JceProviders {

    public static final String OPTION = "jce.provider";

    private JceProviders() {}

    /** Applies the option to this JVM; returns it. Idempotent. */
    public static String install(ScenarioConfig config) {
        String choice = config.choice(OPTION, "sun", "bc");
        if (choice.equals("bc")) {
            Provider[] providers = Security.getProviders();
            if (providers.length == 0 || !providers[0].getName().equals(BouncyCastleProvider.PROVIDER_NAME)) {
                Security.removeProvider(BouncyCastleProvider.PROVIDER_NAME);
                Security.insertProviderAt(new BouncyCastleProvider(), 1);
            }
        }
        return choice;
    }

    /**
     * The provider this JVM gives for each cipher transformation and signature algorithm, as
     * {@code jce.cipher.ALG} / {@code jce.signature.ALG} = provider name, plus the option and the
     * first provider.
     */
    public static Map<String, String> inUse(String choice, Iterable<String> ciphers, Iterable<String> signatures) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(OPTION, choice);
        m.put("jce.firstProvider", Security.getProviders()[0].getName());
        for (String c : ciphers)
            m.put("jce.cipher." + c, provider(() -> Cipher.getInstance(c).getProvider()));
        for (String s : signatures)
            m.put("jce.signature." + s, provider(() -> Signature.getInstance(s).getProvider()));
        return m;
    }

    private interface Lookup {
        Provider get() throws GeneralSecurityException;
    }

    private static String provider(Lookup lookup) {
        try {
            Provider p = lookup.get();
            return p.getName() + " " + p.getVersionStr();
        } catch (GeneralSecurityException e) {
            return "unavailable";
        }
    }
}
