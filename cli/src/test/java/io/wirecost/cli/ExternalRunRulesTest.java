package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wirecost.attribution.Category;
import io.wirecost.attribution.RuleSet;
import io.wirecost.runner.UsageException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

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

    private static List<String> names(RuleSet rules) {
        return rules.categories().stream().map(Category::name).toList();
    }
}
