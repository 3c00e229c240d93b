package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A misspelt --scenario-option key is refused in one line before any JVM starts, by run and by serve alike. */
class ScenarioOptionKeysTest {

    @Test
    void runAndServeRefuseAKeyNoScenarioReads(@TempDir Path dir) {
        List<String> run = List.of(
                "run",
                "--scenarios",
                "rmi",
                "--quick",
                "--out",
                dir.resolve("out").toString());
        List<String> twoSided = new java.util.ArrayList<>(run);
        twoSided.addAll(List.of("--candidate-scenario-option", "payload=string-8"));
        for (List<String> args : List.of(run, twoSided, List.of("serve", "--scenario", "ws-security"))) {
            List<String> line = new java.util.ArrayList<>(args);
            line.addAll(List.of("--scenario-option", "wss.suit=modern"));
            InProcess.Outcome o = InProcess.run(line.toArray(String[]::new));
            assertEquals(2, o.exit(), String.join(" ", line) + ": " + o.stderr());
            assertEquals(1, o.stderr().size(), o.stderr().toString());
            assertTrue(
                    o.stderr().get(0).contains("--scenario-option: unknown scenario option 'wss.suit' (known: "),
                    o.stderr().get(0));
            assertTrue(o.stderr().get(0).contains("wss.suite"), o.stderr().get(0));
        }
    }
}
