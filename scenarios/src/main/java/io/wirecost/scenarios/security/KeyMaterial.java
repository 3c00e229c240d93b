package io.wirecost.scenarios.security;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyPair;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.bouncycastle.asn1.x509.KeyPurposeId;

/**
 * Keys and X.509 certificates generated at run time with Bouncy Castle: a throw-away CA, a server
 * certificate for localhost/127.0.0.1 and a client certificate, each RSA 2048 as in the papers, in
 * PKCS#12 stores in an owner-only directory. Nothing here is ever committed.
 *
 * <pre>
 * KeyMaterial.generate(dir, Duration.ofDays(1));          // runner, before the JVMs start
 * SSLContext server = KeyMaterial.load(dir).serverContext(); // in the server JVM
 * </pre>
 */
public final class KeyMaterial {

    public static final String SERVER = "server.p12";
    public static final String CLIENT = "client.p12";
    public static final String TRUST = "trust.p12";
    public static final String ROGUE = "rogue.p12"; // a client key signed by another CA: must be refused
    public static final String EXPIRED = "expired.p12"; // a client key of the run's CA whose validity has ended
    public static final String SERVER_CERT =
            "server-cert.p12"; // the server's certificate alone: what clients encrypt to
    private static final String PASSWORD_FILE = "password";
    private static final String RUN_CA = "CN=wirecost run CA";

    private final Path dir;
    private final char[] password;

    private KeyMaterial(Path dir, char[] password) {
        this.dir = dir;
        this.password = password;
    }

    public static KeyMaterial load(Path dir) throws IOException {
        return new KeyMaterial(
                dir,
                Files.readString(dir.resolve(PASSWORD_FILE), StandardCharsets.US_ASCII)
                        .toCharArray());
    }

    /**
     * Creates {@code dir} (mode 700) with a CA, a server and a client key pair and certificates valid for
     * {@code validity}: what the scenarios use.
     */
    public static KeyMaterial generate(Path dir, Duration validity) throws Exception {
        return generate(dir, validity, false);
    }

    /**
     * As {@link #generate(Path, Duration)}, and also the client keys a server must refuse ({@link #ROGUE},
     * {@link #EXPIRED}), for the tests of client authentication. A run does not make them: they are three more RSA
     * keys, most of the time its key generation takes, for files no scenario reads.
     */
    public static KeyMaterial generateWithRefusedClients(Path dir, Duration validity) throws Exception {
        return generate(dir, validity, true);
    }

    private static KeyMaterial generate(Path dir, Duration validity, boolean refused) throws Exception {
        Files.createDirectories(
                dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        byte[] pw = new byte[18];
        new SecureRandom().nextBytes(pw);
        char[] password =
                Base64.getUrlEncoder().withoutPadding().encodeToString(pw).toCharArray();
        writePrivate(dir.resolve(PASSWORD_FILE), new String(password).getBytes(StandardCharsets.US_ASCII));

        Instant now = Instant.now();
        Instant notBefore = now.minus(Duration.ofHours(1));
        Instant notAfter = now.plus(validity);
        List<KeyPair> pairs = Certificates.rsa(refused ? 6 : 3);
        KeyPair ca = pairs.get(0);
        X509Certificate caCert = Certificates.issue(RUN_CA, ca, RUN_CA, ca, notBefore, notAfter, true, null);
        KeyPair server = pairs.get(1);
        X509Certificate serverCert = Certificates.issue(
                "CN=localhost", server, RUN_CA, ca, notBefore, notAfter, false, KeyPurposeId.id_kp_serverAuth);
        KeyPair client = pairs.get(2);
        X509Certificate clientCert = clientCert(client, RUN_CA, ca, notBefore, notAfter);

        KeyMaterial km = new KeyMaterial(dir, password);
        km.storeKey(SERVER, "server", server, serverCert, caCert);
        km.storeKey(CLIENT, "client", client, clientCert, caCert);
        km.storeCertificate(TRUST, "ca", caCert);
        km.storeCertificate(SERVER_CERT, "server", serverCert);
        if (refused) {
            KeyPair rogueCa = pairs.get(3);
            KeyPair rogue = pairs.get(4);
            km.storeKey(ROGUE, "client", rogue, clientCert(rogue, "CN=rogue CA", rogueCa, notBefore, notAfter), null);
            KeyPair expired = pairs.get(5);
            X509Certificate expiredCert =
                    clientCert(expired, RUN_CA, ca, now.minus(Duration.ofDays(2)), now.minus(Duration.ofDays(1)));
            km.storeKey(EXPIRED, "client", expired, expiredCert, caCert);
        }
        return km;
    }

    public Path dir() {
        return dir;
    }

    public SSLContext serverContext() throws Exception {
        return context(SERVER, true);
    }

    public SSLContext clientContext() throws Exception {
        return context(CLIENT, true);
    }

    /** A client that trusts the server but presents no certificate. */
    public SSLContext clientContextWithoutCertificate() throws Exception {
        return context(null, true);
    }

    /** A client whose certificate was signed by a CA the server does not trust. */
    public SSLContext untrustedClientContext() throws Exception {
        return context(ROGUE, true);
    }

    /** A client of the run's CA whose certificate expired yesterday. */
    public SSLContext expiredClientContext() throws Exception {
        return context(EXPIRED, true);
    }

    public KeyStore keyStore(String file) throws Exception {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(dir.resolve(file))) {
            ks.load(in, password);
        }
        return ks;
    }

    /** The certificate stored under {@code alias} in {@code file}. */
    public X509Certificate certificate(String file, String alias) throws Exception {
        Certificate c = keyStore(file).getCertificate(alias);
        if (!(c instanceof X509Certificate x))
            throw new IllegalStateException(file + " holds no X.509 certificate '" + alias + "'");
        return x;
    }

    public char[] password() {
        return password.clone();
    }

    private SSLContext context(String keyFile, boolean trust) throws Exception {
        KeyManagerFactory kmf = null;
        if (keyFile != null) {
            kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(keyStore(keyFile), password);
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(keyStore(TRUST));
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(kmf == null ? null : kmf.getKeyManagers(), trust ? tmf.getTrustManagers() : null, new SecureRandom());
        return ctx;
    }

    /** A client certificate (CN=wirecost-client, client authentication) signed by {@code issuer}. */
    private static X509Certificate clientCert(
            KeyPair key, String issuerName, KeyPair issuer, Instant notBefore, Instant notAfter) throws Exception {
        return Certificates.issue(
                "CN=wirecost-client",
                key,
                issuerName,
                issuer,
                notBefore,
                notAfter,
                false,
                KeyPurposeId.id_kp_clientAuth);
    }

    private void storeKey(String file, String alias, KeyPair key, X509Certificate cert, X509Certificate issuer)
            throws Exception {
        KeyStore ks = emptyStore();
        Certificate[] chain = issuer == null ? new Certificate[] {cert} : new Certificate[] {cert, issuer};
        ks.setKeyEntry(alias, key.getPrivate(), password, chain);
        store(file, ks);
    }

    private void storeCertificate(String file, String alias, X509Certificate cert) throws Exception {
        KeyStore ks = emptyStore();
        ks.setCertificateEntry(alias, cert);
        store(file, ks);
    }

    private static KeyStore emptyStore() throws Exception {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        ks.load(null, null);
        return ks;
    }

    private void store(String file, KeyStore ks) throws Exception {
        try (OutputStream out = new java.io.ByteArrayOutputStream() {
            @Override
            public void close() throws IOException {
                writePrivate(dir.resolve(file), toByteArray());
            }
        }) {
            ks.store(out, password);
        }
    }

    private static void writePrivate(Path file, byte[] content) throws IOException {
        Files.deleteIfExists(file);
        Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.write(file, content);
    }
}
