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
