package io.wirecost.scenarios.security;

import java.math.BigInteger;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.stream.IntStream;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * RSA 2048 key pairs, as in the papers, and the X.509 certificates a run's throw-away CA issues for them, built with
 * Bouncy Castle. Issuing knows nothing of key stores, files or passwords, which {@link KeyMaterial} keeps; it is the
 * one place the scenarios' key material links Bouncy Castle's certificate builder.
 */
final class Certificates {

    private Certificates() {}

    /**
     * {@code n} RSA 2048 key pairs, made side by side on the common pool: each is a search for two large primes, the
     * bulk of a run's key generation, and nothing else runs while a run makes its keys.
     */
    static List<KeyPair> rsa(int n) {
        return IntStream.range(0, n).parallel().mapToObj(i -> rsa()).toList();
    }

    private static KeyPair rsa() {
        try {
            KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
            g.initialize(2048);
            return g.generateKeyPair();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("RSA, which every Java platform has, is missing", e);
        }
    }

    /**
     * A certificate of {@code subjectKey} signed with {@code issuerKey}: a CA's (key and CRL signing) or an end
     * entity's for {@code purpose}, a server's naming localhost and 127.0.0.1, which the scenarios connect to.
     */
    static X509Certificate issue(
            String subject,
            KeyPair subjectKey,
            String issuer,
            KeyPair issuerKey,
            Instant notBefore,
            Instant notAfter,
            boolean ca,
            KeyPurposeId purpose)
            throws Exception {
        X509v3CertificateBuilder b = new JcaX509v3CertificateBuilder(
                new X500Name(issuer),
                new BigInteger(64, new SecureRandom()),
                Date.from(notBefore),
                Date.from(notAfter),
                new X500Name(subject),
                subjectKey.getPublic());
        b.addExtension(Extension.basicConstraints, true, new BasicConstraints(ca));
        if (ca) {
            b.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
        } else {
            b.addExtension(
                    Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature | KeyUsage.keyEncipherment));
            b.addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(purpose));
            if (purpose == KeyPurposeId.id_kp_serverAuth) {
                b.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(new GeneralName[] {
                    new GeneralName(GeneralName.dNSName, "localhost"),
                    new GeneralName(GeneralName.iPAddress, "127.0.0.1")
                }));
            }
        }
        return new JcaX509CertificateConverter()
                .getCertificate(b.build(new JcaContentSignerBuilder("SHA256withRSA").build(issuerKey.getPrivate())));
    }
}
