package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The diff's exit status as a CI sees it: no verdict without repetitions (unless --strict), 1 on a corrected regression. */
class DiffVerdictTest {

    @TempDir
    Path dir;

    private Path run(String name, double... repMicros) throws Exception {
        Path d = Files.createDirectories(dir.resolve(name));
        StringBuilder sb = new StringBuilder("{\"format\":\"wirecost-results/1\",\"scenarios\":[");
        for (int r = 0; r < repMicros.length; r++) {
            sb.append(r > 0 ? "," : "")
                    .append(String.format(
                            Locale.ROOT,
                            "{\"scenario\":\"rmi\",\"status\":\"ok\",\"repetition\":%d,\"rtt\":[{\"operation\":\"int\",\"mean_micros\":%.2f,"
                                    + "\"kept_measurements_micros\":[%.2f,%.2f]},{\"operation\":\"primitives-geomean\",\"mean_micros\":%.2f}]}",
                            r + 1,
                            repMicros[r],
                            repMicros[r] - 1,
                            repMicros[r] + 1,
                            repMicros[r]));
        }
        Files.writeString(d.resolve("results.json"), sb.append("]}"));
        return d;
    }

    @Test
    void oneRepetitionADoublingExitsZeroWithNoVerdict() throws Exception {
        CliProcess.Outcome o =
                CliProcess.run("diff", run("a", 34).toString(), run("b", 68).toString(), "--no-flames");
        assertEquals(0, o.exit(), o.err());
        assertTrue(o.stdout().contains("no verdict: needs --repeat 3 or more"), o.stdout());
        assertTrue(o.stdout().contains("+100.0 %"), "the change is still shown: " + o.stdout());
    }

    @Test
    void strictMakesNoVerdictAFailure() throws Exception {
        CliProcess.Outcome o =
                CliProcess.run("diff", run("a", 34).toString(), run("b", 68).toString(), "--no-flames", "--strict");
        assertEquals(2, o.exit(), o.err());
        assertTrue(o.err().contains("no verdict: needs --repeat 3 or more"), o.err());
    }

    @Test
    void threeRepetitionsASideGiveAVerdictAndNameTheCorrection() throws Exception {
        CliProcess.Outcome o = CliProcess.run(
                "diff", run("a", 34, 35, 33).toString(), run("b", 68, 70, 66).toString(), "--no-flames");
        assertEquals(1, o.exit(), o.err());
        assertTrue(
                o.stdout().contains("Holm's correction over 1 gating lines at a family-wise error rate of 5 %"),
                o.stdout());
        assertTrue(o.stdout().contains("rmi: cost decided by **round trip**"), o.stdout());
        assertTrue(o.stdout().contains("| rmi | rtt int | 34.00 µs | 68.00 µs | +100.0 % |"), o.stdout());
        assertTrue(
                o.stdout().contains("| reported, not gating |"),
                "the per-type line is shown, outside the family: " + o.stdout());
        assertTrue(
                o.stdout().contains("1 regression, 0 improvements, 0 without change, 1 reported, not gating"),
                o.stdout());
    }

    /** As {@link #run}, with results.json's run object saying when and on which host the run began. */
    private Path runAt(String name, String started, double... repMicros) throws Exception {
        Path d = run(name, repMicros);
        Path f = d.resolve("results.json");
        Files.writeString(
                f,
                Files.readString(f)
                        .replace(
                                "{\"format\":\"wirecost-results/1\",",
                                "{\"format\":\"wirecost-results/1\",\"run\":{\"started\":\"" + started
                                        + "\",\"host\":\"vm\"},"));
        return d;
    }

    @Test
    void aBaselineStoredHoursBeforeGetsNoVerdictUnlessAllowed() throws Exception {
        String night = runAt("night", "2026-11-27T02:09:30Z", 34, 35, 33).toString();
        String noon = runAt("noon", "2026-11-27T12:00:02Z", 68, 70, 66).toString();
        CliProcess.Outcome o = CliProcess.run("diff", night, noon, "--no-flames");
        assertEquals(0, o.exit(), o.err());
        assertTrue(o.stdout().contains("no verdict: the runs were measured 9 h 50 min apart"), o.stdout());
        assertTrue(o.stdout().contains("+100.0 %"), "the change is still shown: " + o.stdout());
        CliProcess.Outcome strict = CliProcess.run("diff", night, noon, "--no-flames", "--strict");
        assertEquals(2, strict.exit(), strict.err());
        assertTrue(strict.err().contains("pass --allow-apart (--strict: exit 2)"), strict.err());
        CliProcess.Outcome json = CliProcess.run("diff", night, noon, "--no-flames", "--format", "json");
        com.fasterxml.jackson.databind.JsonNode apart = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(json.stdout())
                .path("apart");
        assertTrue(apart.path("why").asText().startsWith("measured 9 h 50 min apart"), json.stdout());
        assertEquals(false, apart.path("allowed").asBoolean(true), json.stdout());
        CliProcess.Outcome allowed = CliProcess.run("diff", night, noon, "--no-flames", "--allow-apart");
        assertEquals(1, allowed.exit(), allowed.err());
        assertTrue(
                allowed.stdout().contains("Verdicts given although the runs were measured 9 h 50 min apart"),
                allowed.stdout());
    }

    @Test
    void badGateMinShareIsOneLine() throws Exception {
        CliProcess.Outcome o =
                CliProcess.run("diff", run("a", 34).toString(), run("b", 68).toString(), "--gate-min-share", "101");
        assertEquals(2, o.exit());
        assertEquals(1, o.stderr().size(), o.err());
        assertTrue(o.err().contains("--gate-min-share must be a percentage between 0 and 100"), o.err());
    }

    @Test
    void aRunComparedWithItselfIsRefused() throws Exception {
        Path a = run("a", 34, 35, 36);
        for (String cand : List.of(a.toString(), a.resolve("results.json").toString())) {
            CliProcess.Outcome o = CliProcess.run("diff", a.toString(), cand, "--no-flames");
            assertEquals(2, o.exit(), o.err());
            assertEquals(1, o.stderr().size(), o.err());
            assertTrue(o.err().contains("BASE_RUN and CAND_RUN are the same run"), o.err());
        }
        assertTrue(!Files.exists(a.resolve("diff")), "nothing written");
    }

    @Test
    void badAlphaIsOneLine() throws Exception {
        CliProcess.Outcome o =
                CliProcess.run("diff", run("a", 34).toString(), run("b", 68).toString(), "--alpha", "2");
        assertEquals(2, o.exit());
        assertEquals(1, o.stderr().size(), o.err());
        assertTrue(o.err().contains("--alpha must be between 0 and 0.5"), o.err());
    }

    @Test
    void runsMeasuredByDifferentMethodsGetNoVerdictSayingHowTheyDiffer() throws Exception {
        Path a = run("paper", 34, 35, 33);
        Path b = run("adaptive", 68, 70, 66);
        for (Path d : List.of(a, b)) {
            String method = d.getFileName().toString();
            String json = Files.readString(d.resolve("results.json"));
            Files.writeString(
                    d.resolve("results.json"),
                    json.replace(
                            "{\"format\":\"wirecost-results/1\",",
                            "{\"format\":\"wirecost-results/1\",\"run\":{\"settings\":{\"method\":\"" + method
                                    + "\",\"warmupCalls\":5000,\"reps\":12,\"invocations\":1000}},"));
        }
        CliProcess.Outcome o = CliProcess.run("diff", a.toString(), b.toString(), "--no-flames");
        assertEquals(0, o.exit(), o.err());
        assertTrue(
                o.err().contains("no verdict: the runs were measured differently (method: paper vs adaptive)"),
                o.err());
        assertTrue(o.stdout().contains("+100.0 %"), "the change is still shown: " + o.stdout());
        CliProcess.Outcome strict = CliProcess.run("diff", a.toString(), b.toString(), "--no-flames", "--strict");
        assertEquals(2, strict.exit(), strict.err());
    }
}
