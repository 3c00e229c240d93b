package io.wirecost.scenarios.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a run's key directory holds: the stores the scenarios read, owner-only, with keys made side by side yet each
 * its own; the keys a server must refuse only where a test asks for them.
 */
class KeyMaterialTest {

    @TempDir
    Path tmp;

    @Test
    void aRunsKeysAreTheScenariosStoresOwnerOnly() throws Exception {
        KeyMaterial km = KeyMaterial.generate(tmp.resolve("keys"), Duration.ofDays(1));
        assertEquals(
                Set.of("password", "server.p12", "client.p12", "trust.p12", "server-cert.p12"),
                files(km.dir()),
                "no refused clients' keys in a run's directory");
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(km.dir())));
        for (String f : files(km.dir()))
            assertEquals(
                    "rw-------",
                    PosixFilePermissions.toString(
                            Files.getPosixFilePermissions(km.dir().resolve(f))),
                    f);

        X509Certificate ca = km.certificate(KeyMaterial.TRUST, "ca");
        X509Certificate server = km.certificate(KeyMaterial.SERVER, "server");
        X509Certificate client = km.certificate(KeyMaterial.CLIENT, "client");
        server.verify(ca.getPublicKey());
        client.verify(ca.getPublicKey());
        // made side by side, each key pair is still its own
        assertEquals(
                3,
                Stream.of(ca, server, client)
                        .map(X509Certificate::getPublicKey)
                        .distinct()
                        .count());
        km.serverContext();
        km.clientContext();
    }

    @Test
    void theRefusedClientsAreMadeWhereATestAsks() throws Exception {
        KeyMaterial km = KeyMaterial.generateWithRefusedClients(tmp.resolve("keys"), Duration.ofDays(1));
        assertEquals(
                Set.of(
                        "password",
                        "server.p12",
                        "client.p12",
                        "trust.p12",
                        "server-cert.p12",
                        "rogue.p12",
                        "expired.p12"),
                files(km.dir()));
        X509Certificate ca = km.certificate(KeyMaterial.TRUST, "ca");
        X509Certificate rogue = km.certificate(KeyMaterial.ROGUE, "client");
        assertNotEquals(ca.getSubjectX500Principal(), rogue.getIssuerX500Principal(), "the rogue key's CA is another");
        X509Certificate expired = km.certificate(KeyMaterial.EXPIRED, "client");
        expired.verify(ca.getPublicKey());
        assertEquals(-1, expired.getNotAfter().compareTo(new java.util.Date()), "expired before now");
    }

    private static Set<String> files(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).collect(Collectors.toSet());
        }
    }
}
