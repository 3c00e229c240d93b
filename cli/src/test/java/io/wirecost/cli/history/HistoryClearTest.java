package io.wirecost.cli.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.wirecost.cli.InProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * wirecost history clear on a history whose CPU per call steps up 15 % from its seventh run: the check fails, a real
 * {@code diff} of two runs of the same figures (A/A, as the CI job's re-measure of the commit before and its own build)
 * finds no regression, and the clear makes the next check report the step as cleared; a further step after the
 * cleared stretch fails again. A diff that bears a regression out clears nothing, and bad input is one line.
 */
class HistoryClearTest {

    private static final Path FIXTURE =
            Path.of(System.getProperty("wirecost.home", ".."), "history/src/test/resources/runs/rmi-quick");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    private String db() {
        return tmp.resolve("history.sqlite").toString();
    }

    /** Runs 1 to n of the history, run i at CPU-per-call factor {@code factor(i)}, each with its commit. */
    private void add(int from, int to, double factor) throws Exception {
        for (int i = from; i < to; i++) {
            Path r = HistoryCommandTest.run(tmp.resolve("runs"), i, factor);
            InProcess.Outcome add =
                    InProcess.run("history", "add", r.toString(), "--commit", "c0ffee" + (10 + i), "--db", db());
            assertEquals(0, add.exit(), add.stderr().toString());
        }
    }

    private InProcess.Outcome check(String format) throws Exception {
        return InProcess.run("history", "check", "--metric", "cpu/rmi/all/int", "--format", format, "--db", db());
    }

    /** Twelve runs, CPU per call 15 % higher from the seventh: what the failing check printed, as CI keeps it. */
    private Path stepThatFailsTheCheck() throws Exception {
        add(0, 6, 1);
        add(6, 12, 1.15);
        return checkJson();
    }

    /** What the failing check printed, as the CI job keeps it. */
    private Path checkJson() throws Exception {
        InProcess.Outcome check = check("json");
        assertEquals(1, check.exit(), check.stdout() + check.stderr());
        return Files.writeString(tmp.resolve("check.json"), check.stdout());
    }

    /**
     * A run directory of three repetitions of the real quick rmi run, each round trip and CPU per call scaled by
     * {@code factor} and a wiggle of about 1 % between repetitions: what {@code run --repeat 3} writes, as far as diff reads it.
     */
    private Path repeated(String name, double factor) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve(name));
        ObjectNode root =
                (ObjectNode) JSON.readTree(FIXTURE.resolve("results.json").toFile());
        ((ObjectNode) root.path("run")).put("id", name);
        ArrayNode scenarios = JSON.createArrayNode();
        for (int r = 1; r <= 3; r++) {
            ObjectNode s = root.path("scenarios").get(0).deepCopy();
            s.put("repetition", r);
            double f = factor * (1 + 0.01 * Math.sin(r * 1.7 + name.length()));
            for (String figures : new String[] {"rtt", "cpu"})
                for (JsonNode figure : s.path(figures)) {
                    ObjectNode o = (ObjectNode) figure;
                    for (String field : new String[] {"mean_micros", "cpu_micros_per_call", "ci_low", "ci_high"})
                        if (o.path(field).isNumber()) o.put(field, o.path(field).asDouble() * f);
                    ArrayNode kept = JSON.createArrayNode();
                    for (JsonNode k : o.path("kept_measurements_micros")) kept.add(k.asDouble() * f);
                    o.set("kept_measurements_micros", kept);
                }
            scenarios.add(s);
        }
        root.set("scenarios", scenarios);
        JSON.writeValue(dir.resolve("results.json").toFile(), root);
        StringBuilder cpu = new StringBuilder();
        for (String line : Files.readAllLines(FIXTURE.resolve("cpu.csv"))) {
            String[] c = line.split(",", -1);
            if (cpu.length() > 0)
                for (int k = 3; k <= 5; k++)
                    c[k] = String.format(java.util.Locale.ROOT, "%.3f", Double.parseDouble(c[k]) * factor);
            cpu.append(String.join(",", c)).append('\n');
        }
        Files.writeString(dir.resolve("cpu.csv"), cpu);
        return dir;
    }

    /** {@code wirecost diff before now -o DIR --format json}'s diff.json, and its exit status. */
    private Path diff(double nowFactor, int exit) throws Exception {
        Path out = tmp.resolve("diff-" + nowFactor);
        InProcess.Outcome d = InProcess.run(
                "diff",
                repeated("before-" + nowFactor, 1).toString(),
                repeated("now-" + nowFactor, nowFactor).toString(),
                "--no-flames",
                "--format",
                "json",
                "-o",
                out.toString());
        assertEquals(exit, d.exit(), d.stdout() + d.stderr());
        assertEquals(
                "given",
                JSON.readTree(out.resolve("diff.json").toFile()).path("verdict").asText());
        return out.resolve("diff.json");
    }

    private InProcess.Outcome clear(Path checkJson, Path diffJson) throws Exception {
        return InProcess.run(
                "history", "clear", "--check", checkJson.toString(), "--diff", diffJson.toString(), "--db", db());
    }

    @Test
    void clearingRecordsTheStretchAndTheNextCheckReportsItCleared() throws Exception {
        Path checkJson = stepThatFailsTheCheck();
        InProcess.Outcome clear = clear(checkJson, diff(1, 0));
        assertEquals(0, clear.exit(), clear.stdout() + clear.stderr());
        assertTrue(clear.stdout().startsWith("cleared rmi from run 7 through run 12: diff "), clear.stdout());

        InProcess.Outcome text = check("text");
        assertEquals(0, text.exit(), text.stdout());
        assertTrue(
                text.stdout().contains("cleared cpu/rmi/all/int at run 7 (position 6, commit c0ffee16)"),
                text.stdout());
        assertTrue(text.stdout().contains("; cleared, measured again beside c0ffee15 through run 12, "), text.stdout());
        JsonNode cp = JSON.readTree(check("json").stdout()).get(0);
        assertFalse(cp.path("gates").asBoolean());
        assertTrue(cp.path("cleared").asText().contains("found no regression"), cp.toString());

        // runs 13 to 18 step up again: a change point after the stretch, which nobody measured again, fails
        add(12, 18, 1.35);
        InProcess.Outcome again = check("json");
        assertEquals(1, again.exit(), again.stdout());
        JsonNode newest = JSON.readTree(again.stdout());
        JsonNode last = newest.get(newest.size() - 1);
        assertEquals(13, last.path("run").asInt(), again.stdout());
        assertTrue(last.path("gates").asBoolean(), again.stdout());
        assertTrue(last.path("cleared").isNull(), again.stdout());
    }

    @Test
    void aDiffThatBearsTheRegressionOutClearsNothing() throws Exception {
        Path checkJson = stepThatFailsTheCheck();
        InProcess.Outcome clear = clear(checkJson, diff(1.3, 1));
        assertEquals(1, clear.exit(), clear.stdout() + clear.stderr());
        assertTrue(clear.stdout().startsWith("history clear: the re-measure bears out "), clear.stdout());
        assertTrue(clear.stdout().contains("; nothing cleared"), clear.stdout());
        assertEquals(1, check("text").exit(), "the step still fails the check");
    }

    @Test
    void badInputIsOneLineAndClearsNothing() throws Exception {
        Path checkJson = stepThatFailsTheCheck();
        Path diffJson = diff(1, 0);
        JsonNode d = JSON.readTree(diffJson.toFile());

        Path notJson = Files.writeString(tmp.resolve("not.json"), "{ half");
        assertRefused(
                "--check " + notJson + ": not JSON (", "--check", notJson.toString(), "--diff", diffJson.toString());

        Path passing = Files.writeString(tmp.resolve("passing.json"), "[]");
        assertRefused(
                "--check " + passing + ": no change point in it fails the check; nothing to clear",
                "--check",
                passing.toString(),
                "--diff",
                diffJson.toString());

        ObjectNode noVerdict = d.deepCopy();
        noVerdict.put("verdict", "no verdict: needs --repeat 3 or more");
        Path nv = Files.writeString(tmp.resolve("no-verdict.json"), JSON.writeValueAsString(noVerdict));
        assertRefused(
                "--diff " + nv + ": the diff gave no verdict (no verdict: needs --repeat 3 or more); nothing cleared",
                "--check",
                checkJson.toString(),
                "--diff",
                nv.toString());

        ObjectNode notCompared = d.deepCopy();
        notCompared.putObject("not_compared").put("rmi", "failed in the candidate");
        Path nc = Files.writeString(tmp.resolve("not-compared.json"), JSON.writeValueAsString(notCompared));
        assertRefused(
                "--diff " + nc + ": scenario rmi (cpu/rmi/all/int) was not compared; nothing cleared",
                "--check",
                checkJson.toString(),
                "--diff",
                nc.toString());

        // a check of another history: its run 7 was made from another commit
        String other = Files.readString(checkJson).replace("c0ffee16", "deadbeef");
        Path otherCheck = Files.writeString(tmp.resolve("other-check.json"), other);
        assertRefused(
                "--check " + otherCheck + ": run 7 of cpu/rmi/all/int holds another commit in --db " + db()
                        + " (a check of another history?); nothing cleared",
                "--check",
                otherCheck.toString(),
                "--diff",
                diffJson.toString());

        assertEquals(1, check("text").exit(), "nothing was cleared");
    }

    private void assertRefused(String line, String... args) throws Exception {
        String[] all = new String[args.length + 4];
        all[0] = "history";
        all[1] = "clear";
        System.arraycopy(args, 0, all, 2, args.length);
        all[args.length + 2] = "--db";
        all[args.length + 3] = db();
        InProcess.Outcome o = InProcess.run(all);
        assertEquals(2, o.exit(), o.stdout() + o.stderr());
        assertEquals(1, o.stderr().size(), o.stderr().toString());
        assertTrue(o.stderr().get(0).contains(line), o.stderr().get(0));
        assertEquals("", o.stdout());
    }
}
