package io.wirecost.scenarios.rmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wirecost.scenarios.Endpoint;
import io.wirecost.scenarios.RTTTester;
import io.wirecost.scenarios.ScenarioConfig;
import io.wirecost.scenarios.ServerHandle;
import io.wirecost.scenarios.security.KeyMaterial;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.time.Duration;
import java.util.Set;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
        keys = KeyMaterial.generateWithRefusedClients(tmp.resolve("keys"), Duration.ofHours(1));
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
        RTTTester t = (RTTTester)
                LocateRegistry.getRegistry(ep.get("host"), ep.port("port"), new RecordingSslClientSocketFactory())
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
    void clientWithAnExpiredCertificateIsRefused() {
        assertThrows(RemoteException.class, () -> lookupAndCall(keys.expiredClientContext()));
    }

    /**
     * A client offering only TLS 1.1 is refused. The JDK disables TLS 1.1 by default, so the probe runs
     * in its own JVM with that default lifted, to show that the server itself refuses, not the client.
     */
    @Test
    void protocolsBelowTls12AreRefused() throws Exception {
        Path security = Files.writeString(tmp.resolve("tls11.security"), "jdk.tls.disabledAlgorithms=\n");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Endpoint ep = server.endpoint();
        Process p = new ProcessBuilder(
                        java,
                        "-Djava.security.properties=" + security,
                        "-cp",
                        System.getProperty("java.class.path"),
                        TlsProbe.class.getName(),
                        keys.dir().toString(),
                        ep.get("host"),
                        ep.get("port"),
                        "TLSv1.1")
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes()).strip();
        p.waitFor();
        assertTrue(out.endsWith("refused"), out);
        Process ok = new ProcessBuilder(
                        java,
                        "-cp",
                        System.getProperty("java.class.path"),
                        TlsProbe.class.getName(),
                        keys.dir().toString(),
                        ep.get("host"),
                        ep.get("port"),
                        "TLSv1.2")
                .redirectErrorStream(true)
                .start();
        String okOut = new String(ok.getInputStream().readAllBytes()).strip();
        ok.waitFor();
        assertTrue(okOut.endsWith("accepted TLSv1.2"), "the probe itself works: " + okOut);
    }

    @Test
    void clientWithTheRunsCertificateIsServed() throws Exception {
        assertEquals(64, lookupAndCall(keys.clientContext()).length());
    }

    @Test
    void keysAreOwnerOnly() throws Exception {
        assertEquals(
                Set.of(
                        PosixFilePermission.OWNER_READ,
                        PosixFilePermission.OWNER_WRITE,
                        PosixFilePermission.OWNER_EXECUTE),
                Files.getPosixFilePermissions(keys.dir()));
        assertEquals(
                Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE),
                Files.getPosixFilePermissions(keys.dir().resolve(KeyMaterial.SERVER)));
    }
}
