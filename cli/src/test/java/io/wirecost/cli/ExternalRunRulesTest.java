package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wirecost.attribution.Category;
import io.wirecost.attribution.RuleSet;
import io.wirecost.cli.attach.ProcessRecording;
import io.wirecost.runner.ProfilerSettings;
import io.wirecost.runner.UsageException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code attach} and {@code profile} detect the rule packs from what they recorded unless --rules is given. */
class ExternalRunRulesTest {

    /** Stacks sampled from the H2 TCP server (see RulePacksTest): H2, JDBC and compression classes. */
    private static final Path H2 = Path.of(
            System.getProperty("wirecost.home"),
            "attribution",
            "src",
            "test",
            "resources",
            "io",
            "wirecost",
            "attribution",
            "packs",
            "h2-server.collapsed");

    @Test
    void withoutRulesThePacksOfTheRecordedClassesAreLayered() {
        ExternalRunOptions o = new ExternalRunOptions();
        assertEquals(List.of("pack:auto"), o.layers());
        o.checkRules();
        assertTrue(names(o.ruleSet(List.of(H2))).contains("db-storage"));
        // nothing recorded (the JVM died before writing): the built-in rules, no error
        assertFalse(names(o.ruleSet(List.of(H2.resolveSibling("absent.jfr")))).contains("db-storage"));
    }

    @Test
    void givenRulesReplaceTheDetection() {
        ExternalRunOptions o = new ExternalRunOptions();
        o.rules = List.of("pack:jackson");
        assertFalse(names(o.ruleSet(List.of(H2))).contains("db-storage"));
        o.rules = List.of("pack:auto", "pack:jackson");
        assertTrue(names(o.ruleSet(List.of(H2))).contains("db-storage"));
    }

    @Test
    void aBadLayerFailsBeforeAnythingIsRecorded() {
        ExternalRunOptions o = new ExternalRunOptions();
        o.rules = List.of("pack:jakson");
        assertTrue(
                assertThrows(UsageException.class, o::checkRules).getMessage().contains("no such rule pack"));
        o.rules = List.of("no-such.rules");
        assertEquals(
                "--rules no-such.rules: no such file",
                assertThrows(UsageException.class, o::checkRules).getMessage());
    }

    /**
     * pack:auto's detection is the only reading of a recording: the run's attribution and flame graph replay it, and
     * they are what a run under the detected packs, named, gives (which reads the recording for each).
     */
    @Test
    void theDetectionReadsEachRecordingOnce(@TempDir Path dir) throws Exception {
        Path jfr = Path.of(System.getProperty("wirecost.home"), "cli/src/test/resources/recordings/workload-jdk.jfr");
        ExternalRunOptions auto = new ExternalRunOptions();
        Run once = run(auto, jfr, dir.resolve("auto"));
        assertEquals(1, once.readings(), once.stderr());
        java.util.regex.Matcher m =
                java.util.regex.Pattern.compile("pack:auto \\(([^)]*)\\)").matcher(auto.rulesApplied());
        assertTrue(m.find(), auto.rulesApplied());
        ExternalRunOptions named = new ExternalRunOptions();
        named.rules = java.util.Arrays.stream(m.group(1).split(", "))
                .map(p -> p.equals("no pack detected") ? "pack:none" : "pack:" + p)
                .toList();
        Run twice = run(named, jfr, dir.resolve("named"));
        assertEquals(2, twice.readings(), twice.stderr());
        assertEquals(twice.shares(), once.shares());
        assertEquals(twice.flame(), once.flame());
    }

    private record Run(String stderr, String shares, String flame) {
        long readings() {
            return stderr.lines().filter(l -> l.startsWith("wirecost: reader ")).count();
        }
    }

    /** A profile run's files written for {@code jfr}, and what the reader said on stderr meanwhile. */
    private static Run run(ExternalRunOptions options, Path jfr, Path dir) throws Exception {
        Path copy = dir.resolve("recordings").resolve("app.jfr");
        Files.createDirectories(copy.getParent());
        Files.copy(jfr, copy);
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        java.io.PrintStream was = System.err;
        System.setProperty("wirecost.reader.report", "true");
        System.setErr(new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            options.write(
                    dir,
                    new ProfilerSettings("jfr", "cpu", 0),
                    List.of(new ProcessRecording("app", 1, copy, Map.of(), 1, "")),
                    "a test",
                    OffsetDateTime.now(),
                    1);
        } finally {
            System.setErr(was);
            System.clearProperty("wirecost.reader.report");
        }
        return new Run(
                err.toString(java.nio.charset.StandardCharsets.UTF_8),
                Files.readString(dir.resolve("shares.csv")),
                Files.readString(dir.resolve("flames").resolve("app-all.html")));
    }

    private static List<String> names(RuleSet rules) {
        return rules.categories().stream().map(Category::name).toList();
    }
}
