package io.wirecost.scenarios;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every registered scenario has each piece CONTRIBUTING.md's "Adding a scenario" asks for: a module the
 * build lists, its class with a "Run alone" line that names it (the descriptor is where its name is given), the options it declares read by its module, an
 * integration test and a page in docs/ that name it. Reads the checkout, so it fails on a piece left out.
 */
class ScenarioModulesTest {

    private static final Path ROOT = Path.of("").toAbsolutePath().getParent();

    @Test
    void everyScenarioHasEveryPiece() throws IOException {
        String rootPom = Files.readString(ROOT.resolve("pom.xml"));
        String itSources = concat(ROOT.resolve("cli/src/test/java"));
        String docs = concat(ROOT.resolve("docs"));
        // options may be read through the harness's classes (JceProviders, Payload), which every module has
        String harness = concat(ROOT.resolve("scenarios/src/main/java"));
        for (String name : Scenarios.names()) {
            ScenarioDescriptor d = Scenarios.descriptor(name);
            Path module = ROOT.resolve(d.module());
            assertTrue(
                    rootPom.contains("<module>" + d.module() + "</module>"),
                    name + ": module " + d.module() + " is not in the root pom's <modules>");
            Path source = module.resolve("src/main/java").resolve(d.className().replace('.', '/') + ".java");
            assertTrue(Files.isRegularFile(source), name + ": no source " + source);
            String text = Files.readString(source);
            assertTrue(text.contains("Run alone:"), name + ": " + source.getFileName() + " has no \"Run alone:\" line");
            Pattern word = Pattern.compile("(?<![\\w-])" + Pattern.quote(name) + "(?![\\w-])");
            String runAlone = text.substring(text.indexOf("Run alone:"))
                    .lines()
                    .findFirst()
                    .orElseThrow();
            assertTrue(
                    word.matcher(runAlone).find(),
                    name + ": " + source.getFileName() + "'s \"Run alone:\" line never names it");
            String moduleSources = concat(module.resolve("src/main/java")) + harness;
            for (String key : d.options()) {
                assertTrue(
                        moduleSources.contains('"' + key + '"'),
                        name + ": declares option " + key + " but module " + d.module()
                                + " nor the harness ever reads it");
            }
            assertTrue(word.matcher(itSources).find(), name + ": no integration test in cli/src/test names it");
            assertTrue(word.matcher(docs).find(), name + ": no page in docs/ names it");
        }
    }

    @Test
    void capabilitiesAnswerTheOldQuestions() {
        assertTrue(Scenarios.runsRemote("grpc"));
        assertTrue(!Scenarios.runsRemote("http-to-port"), "the tunnelled scenarios are built around loopback");
        assertEquals(
                List.of("grpc", "grpc-tls", "rest-json", "rest-json-h2"),
                ScenarioGroups.group("today").orElseThrow());
        assertTrue(Scenarios.descriptor("ws-security").needsKeys());
        assertEquals(0.25, Scenarios.descriptor("ws-security").adaptiveCompileThresholdScaling());
    }

    @Test
    void anUnknownOptionIsRefusedWithTheKnownOnes() {
        Scenarios.checkOptions(Set.of("wss.suite", "payload", "tunnel.mode"));
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> Scenarios.checkOptions(Set.of("wss.suit")));
        assertTrue(e.getMessage().startsWith("unknown scenario option 'wss.suit' (known: "), e.getMessage());
        assertTrue(e.getMessage().contains("wss.suite"), e.getMessage());
    }

    private static String concat(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            StringBuilder sb = new StringBuilder();
            files.filter(p -> p.toString().endsWith(".java") || p.toString().endsWith(".md"))
                    .forEach(p -> {
                        try {
                            sb.append(Files.readString(p)).append('\n');
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    });
            return sb.toString();
        }
    }
}
