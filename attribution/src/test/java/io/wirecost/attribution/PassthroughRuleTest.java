package io.wirecost.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code AccessController.doPrivileged} near the root of an application's stacks (IntelliJ's, without any
 * SecurityManager) once put 39.6 % of a recording in security-manager. Its rule is now passthrough: it
 * claims only the access controller's own work, never the unclaimed work it runs.
 */
class PassthroughRuleTest {

    private static final RuleSet RULES = RuleSet.defaults();

    @TempDir
    Path dir;

    private static String classify(String... leafFirst) {
        List<Frame> frames = new ArrayList<>();
        for (String f : leafFirst) frames.add(Frame.parse(f));
        return RULES.category(RULES.classify(frames, "main")).name();
    }

    @Test
    void applicationWorkUnderDoPrivilegedIsNotSecurityManagerWork() {
        assertEquals(
                RULES.category(RULES.fallbackIndex()).name(),
                classify(
                        "com.example.Indexer.scan",
                        "com.example.Indexer$1.run",
                        "java.security.AccessController.executePrivileged",
                        "java.security.AccessController.doPrivileged",
                        "com.example.Main.main"));
    }

    @Test
    void middlewareBelowDoPrivilegedStillClaimsTheWorkAboveIt() {
        assertEquals(
                "rmi-transport",
                classify(
                        "com.example.Service.compute",
                        "java.security.AccessController.executePrivileged",
                        "java.security.AccessController.doPrivileged",
                        "sun.rmi.transport.tcp.TCPTransport$ConnectionHandler.run"));
    }

    @Test
    void theAccessControllersOwnWorkIsSecurityManagerWork() {
        assertEquals(
                "security-manager",
                classify(
                        "java.security.AccessController.getStackAccessControlContext",
                        "java.security.AccessController.getContext",
                        "com.example.Main.main"));
        // SecurityManager's rule is not passthrough: a check under doPrivileged is security work
        assertEquals(
                "security-manager",
                classify(
                        "java.util.HashMap.get",
                        "java.lang.SecurityManager.checkPermission",
                        "java.security.AccessController.doPrivileged",
                        "com.example.Main.main"));
    }

    @Test
    void securityPlumbingIsPassThroughAndCryptoIsTheJcasClassesOnly() {
        String fallback = RULES.category(RULES.fallbackIndex()).name();
        // an IDE's event queue: ordinary work runs through the protection-domain intersection (JDK 9+ and 8)
        for (String intersection : List.of(
                "java.security.ProtectionDomain$JavaSecurityAccessImpl.doIntersectionPrivilege",
                "java.security.ProtectionDomain$1.doIntersectionPrivilege")) {
            assertEquals(
                    fallback,
                    classify(
                            "com.intellij.psi.impl.Indexer.scan",
                            "java.awt.EventQueue$4.run",
                            intersection,
                            "java.awt.EventQueue.dispatchEvent",
                            "java.awt.EventDispatchThread.run"));
        }
        // class loading through a SecureClassLoader is its loader's, not crypto
        assertEquals(
                "http-server",
                classify(
                        "java.lang.ClassLoader.defineClass1",
                        "java.lang.ClassLoader.defineClass",
                        "java.security.SecureClassLoader.defineClass",
                        "org.apache.catalina.loader.WebappClassLoaderBase.findClassInternal"));
        // access control's own work stays security-manager, the JCA's crypto
        assertEquals("security-manager", classify("java.security.ProtectionDomain.implies"));
        assertEquals("security-manager", classify("java.security.CodeSource.matchLocation"));
        for (String jca : List.of(
                "java.security.MessageDigest$Delegate.engineDigest",
                "java.security.Signature.verify",
                "java.security.KeyStore.load",
                "java.security.SecureRandom.nextBytes",
                "java.security.cert.CertificateFactory.generateCertificate",
                "java.security.Provider$Service.newInstance",
                "sun.security.provider.SHA2.implCompress")) {
            assertEquals("crypto", classify(jca, "com.example.Main.main"), jca);
        }
        // the tls pack narrows java.security the same way
        RuleSet tls = Attributor.rules(List.of("pack:tls"));
        List<Frame> edt = List.of(
                Frame.parse("com.intellij.psi.impl.Indexer.scan"),
                Frame.parse("java.security.ProtectionDomain$JavaSecurityAccessImpl.doIntersectionPrivilege"),
                Frame.parse("java.awt.EventDispatchThread.run"));
        assertEquals(
                fallback, tls.category(tls.classify(edt, "AWT-EventQueue-0")).name());
        assertEquals(
                "crypto",
                tls.category(tls.classify(List.of(Frame.parse("java.security.Signature.verify")), "main"))
                        .name());
    }

    @Test
    void classifierAgreesInSelfAndInclusiveMode() throws Exception {
        Path stacks = dir.resolve("stacks.collapsed");
        Files.writeString(
                stacks,
                String.join(
                        "\n",
                        "com.example.Main.main;java.security.AccessController.doPrivileged;com.example.Indexer.scan 90",
                        "com.example.Main.main;java.security.AccessController.getContext 10",
                        ""));
        for (AttributionMode mode : AttributionMode.values()) {
            CategoryCounts counts = new CategoryCounts(RULES.categories());
            new CollapsedReader().read(stacks, new StackClassifier(RULES, counts, mode));
            assertEquals(
                    10,
                    counts.samples(RULES.indexOf("security-manager")),
                    mode + ": only getContext is the access controller's work");
        }
    }

    @Test
    void threadRulesCannotBePassthrough() {
        RuleFileException e = assertThrows(
                RuleFileException.class,
                () -> RuleParser.parse(
                        "category a group=middleware\nrule a passthrough thread main\nfallback a\n", "t.rules"));
        assertTrue(e.getMessage().contains("t.rules:2"), e.getMessage());
    }
}
