package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.wirecost.cli.history.HistoryCommandTest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The example CI workflows (examples/.github/workflows) read as GitHub reads them: every step's script is valid
 * bash, and history.yml's re-measure step's jq program, run by the real jq on {@code history check --format json},
 * picks the commit before the oldest failing change point, which is the build it measures beside its own; a passing
 * re-measure is cleared from the diff it wrote, and the history saved after it.
 */
class ExampleWorkflowsTest {

    private static final Path WORKFLOWS =
            Path.of(System.getProperty("wirecost.home", ".."), "examples/.github/workflows");
    private static final Path HISTORY = WORKFLOWS.resolve("history.yml");

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    @TempDir
    Path tmp;

    @Test
    void everyStepIsValidBash() throws Exception {
        List<Path> files = workflows();
        assertTrue(files.size() >= 2, "workflows: " + files);
        for (Path file : files) {
            int scripts = 0;
            for (JsonNode job : YAML.readTree(file.toFile()).path("jobs"))
                for (JsonNode step : job.path("steps")) {
                    if (!step.has("run")) continue;
                    Path script = Files.writeString(
                            tmp.resolve("step" + scripts++ + ".sh"),
                            step.path("run").asText());
                    Result r = exec(tmp, "bash", "-n", script.toString());
                    assertEquals(
                            0,
                            r.exit,
                            file.getFileName() + ", " + step.path("name").asText() + ": " + r.output);
                }
            assertTrue(scripts >= 3, file + ": steps with a script: " + scripts);
        }
    }

    /**
     * Two regressions that gate: rmi's short round trip from the fifth run, its CPU per call from the eighth. The
     * step builds the commit before the older one, so that its re-measure spans both.
     */
    @Test
    void theReMeasureStepBuildsTheCommitBeforeTheOldestFailingChangePoint() throws Exception {
        Path runs = tmp.resolve("runs");
        String db = tmp.resolve("h.sqlite").toString();
        for (int i = 0; i < 12; i++) {
            Path r = HistoryCommandTest.run(runs, i, i < 7 ? 1 : 1.15);
            HistoryCommandTest.roundTrip(r, "short", i < 4 ? 1 : 1.4, 5);
            InProcess.Outcome add =
                    InProcess.run("history", "add", r.toString(), "--commit", "c0ffee" + (10 + i), "--db", db);
            assertEquals(0, add.exit(), add.stderr().toString());
        }
        InProcess.Outcome check = InProcess.run("history", "check", "--format", "json", "--db", db);
        assertEquals(1, check.exit(), check.stdout() + check.stderr());
        JsonNode found = new ObjectMapper().readTree(check.stdout());
        long gatingBefore = 0;
        for (JsonNode cp : found)
            if (cp.path("gates").asBoolean()
                    && cp.path("commit_before").asText().equals("c0ffee13")) gatingBefore++;
        assertTrue(gatingBefore > 0, check.stdout());
        assertTrue(
                check.stdout().contains("\"commit_before\" : \"c0ffee16\""),
                "the later step is among the change points too: " + check.stdout());

        Path json = Files.writeString(tmp.resolve("check.json"), check.stdout());
        Result jq = exec(tmp, "jq", "-r", jqProgram(), json.toString());
        assertEquals(0, jq.exit, jq.output);
        assertEquals("c0ffee13", jq.output.strip());

        // a history that passes gives the step nothing to build: jq prints null, which the step tests for
        Path none = Files.writeString(tmp.resolve("none.json"), "[]\n");
        Result empty = exec(tmp, "jq", "-r", jqProgram(), none.toString());
        assertEquals("null", empty.output.strip());
    }

    /**
     * A passing re-measure clears what failed the check from the diff it wrote, and the history is saved after that
     * step, whatever came before: else the next job measures the same drift again, or loses its run.
     */
    @Test
    void aPassingReMeasureIsClearedFromItsOwnDiffAndSavedWithTheHistory() throws Exception {
        int confirm = -1;
        int save = -1;
        JsonNode steps = steps();
        for (int i = 0; i < steps.size(); i++) {
            if (steps.get(i).path("id").asText().equals("confirm")) confirm = i;
            if (steps.get(i).path("uses").asText().startsWith("actions/cache/save")) save = i;
        }
        assertTrue(
                confirm >= 0 && save > confirm, "the save (step " + save + ") after the re-measure (" + confirm + ")");
        assertEquals("always()", steps.get(save).path("if").asText());
        String run = steps.get(confirm).path("run").asText();
        Matcher diff = Pattern.compile("wirecost diff \\S+ \\S+ .*-o (\\S+)").matcher(run);
        Matcher clear = Pattern.compile("if \\[ \"\\$status\" = 0 \\]; then\\s+\\./wirecost history clear "
                        + "--check check\\.json --diff (\\S+)/diff\\.json")
                .matcher(run);
        assertTrue(diff.find() && clear.find(), run);
        assertEquals(diff.group(1), clear.group(1), "clear reads the diff the step wrote");
    }

    private static String jqProgram() throws Exception {
        JsonNode step = null;
        for (JsonNode s : steps()) if (s.path("id").asText().equals("confirm")) step = s;
        assertNotNull(step, "no step with id confirm in " + HISTORY);
        assertEquals("steps.check.outputs.status == '1'", step.path("if").asText());
        Matcher m = Pattern.compile("jq -r '([^']+)' check\\.json")
                .matcher(step.path("run").asText());
        assertTrue(m.find(), step.path("run").asText());
        return m.group(1);
    }

    private static JsonNode steps() throws Exception {
        JsonNode steps =
                YAML.readTree(HISTORY.toFile()).path("jobs").path("history").path("steps");
        assertTrue(steps.isArray() && steps.size() > 0, HISTORY + " has no jobs.history.steps");
        return steps;
    }

    private static List<Path> workflows() throws IOException {
        try (Stream<Path> s = Files.list(WORKFLOWS)) {
            return new ArrayList<>(
                    s.filter(p -> p.toString().endsWith(".yml")).sorted().toList());
        }
    }

    private record Result(int exit, String output) {}

    private static Result exec(Path dir, String... command) throws Exception {
        Process p = new ProcessBuilder(command)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), String.join(" ", command) + " did not finish");
        return new Result(p.exitValue(), out);
    }
}
