package io.wirecost.scenarios.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wirecost.scenarios.ScenarioConfig;
import java.security.Security;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** jce.provider: what the JVM hands out is read back, and it follows the option. */
class JceProvidersTest {

    static ScenarioConfig config(String provider) {
        return new ScenarioConfig(64, null, Map.of(JceProviders.OPTION, provider));
    }

    @Test
    void bcBecomesTheFirstProviderAndIsWhatCiphersComeFrom() {
        try {
            assertEquals("bc", JceProviders.install(config("bc")));
            JceProviders.install(config("bc")); // idempotent: still one Bouncy Castle, first
            assertEquals("BC", Security.getProviders()[0].getName());
            assertNotEquals("BC", Security.getProviders()[1].getName());
            Map<String, String> m = JceProviders.inUse("bc", List.of("AES/GCM/NoPadding"), List.of("SHA256withRSA"));
            assertTrue(m.get("jce.cipher.AES/GCM/NoPadding").startsWith("BC "), m.toString());
            assertTrue(m.get("jce.signature.SHA256withRSA").startsWith("BC "), m.toString());
        } finally {
            Security.removeProvider("BC"); // other tests in this JVM expect the JDK's providers
        }
    }

    @Test
    void sunLeavesTheJdkProviders() {
        assertEquals("sun", JceProviders.install(new ScenarioConfig(64, null)));
        Map<String, String> m = JceProviders.inUse("sun", List.of("AES/GCM/NoPadding", "No/Such/Thing"), List.of());
        assertTrue(m.get("jce.cipher.AES/GCM/NoPadding").startsWith("SunJCE "), m.toString());
        assertEquals("unavailable", m.get("jce.cipher.No/Such/Thing"));
    }

    @Test
    void anUnknownProviderIsRefused() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> JceProviders.install(config("openssl")));
        assertEquals("jce.provider must be sun or bc, got 'openssl'", e.getMessage());
    }
}
