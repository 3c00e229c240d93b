package io.wirecost.scenarios.rmi;

import io.wirecost.scenarios.Endpoint;
import io.wirecost.scenarios.RTTTester;
import io.wirecost.scenarios.ScenarioConfig;
import io.wirecost.scenarios.ServerHandle;
import io.wirecost.scenarios.security.KeyMaterial;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.time.Duration;
import java.util.Set;
import javax.net.ssl.SSLContext;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The rmi-ssl server demands a client certificate from its own run's CA: a client without one, or
 * with one from another CA, is refused; the same client with the run's certificate gets through
 * (so the refusals are about the certificate, not a broken setup).
 */
class RmiSslClientAuthTest {

    @TempDir
    static Path tmp;
    static KeyMaterial keys;
    ServerHandle server;

    @BeforeAll
    static void keys() throws Exception {
        keys = KeyMaterial.generate(tmp.resolve("keys"), Duration.ofHours(1));
    }

    /** A server per test: RMI pools connections per endpoint, so an accepted client would be reused. */
    @BeforeEach
    void start() throws Exception {
        server = new RmiSslScenario().startServer(new ScenarioConfig(64, keys.dir()));
    }

    @AfterEach
    void stop() throws Exception {
        server.close();
    }

    private String lookupAndCall(SSLContext clientContext) throws Exception {
        ClientTls.use(clientContext);
        Endpoint ep = server.endpoint();
        RTTTester t = (RTTTester) LocateRegistry.getRegistry(ep.get("host"), ep.port("port"), new RecordingSslClientSocketFactory())
                .lookup(ep.get("name"));
        return t.returnRTTforString();
    }

    @Test
    void clientWithoutCertificateIsRefused() {
        assertThrows(RemoteException.class, () -> lookupAndCall(keys.clientContextWithoutCertificate()));
    }

    @Test
    void clientWithCertificateFromAnotherCaIsRefused() {
        assertThrows(RemoteException.class, () -> lookupAndCall(keys.untrustedClientContext()));
    }

    @Test
    void clientWithTheRunsCertificateIsServed() throws Exception {
        assertEquals(64, lookupAndCall(keys.clientContext()).length());
    }

    @Test
    void keysAreOwnerOnly() throws Exception {
        assertEquals(Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_EXECUTE),
                Files.getPosixFilePermissions(keys.dir()));
        assertEquals(Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE),
                Files.getPosixFilePermissions(keys.dir().resolve(KeyMaterial.SERVER)));
    }
}
