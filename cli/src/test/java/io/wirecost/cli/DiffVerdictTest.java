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

    /**
     * A scenario the baseline measured and the candidate lost (it failed, or the run stopped before it) has no lines
     * to regress on: the gate says so and gives no verdict, while the scenario both hold keeps its own.
     */
    @Test
    void aScenarioOneSideLacksIsNamedAndLeavesNoVerdict() throws Exception {
        Path base = run("a", 34, 35, 33);
        Path cand = run("b", 34, 35, 33);
        Path failed = run("c", 34, 35, 33);
        String tcp = "{\"scenario\":\"tcp\",\"status\":\"ok\",\"repetition\":%d,\"rtt\":[{\"operation\":\"int\","
                + "\"mean_micros\":10.0,\"kept_measurements_micros\":[9.0,11.0]},"
                + "{\"operation\":\"primitives-geomean\",\"mean_micros\":10.0}]}";
        withScenarios(
                base,
                String.format(Locale.ROOT, tcp, 1),
                String.format(Locale.ROOT, tcp, 2),
                String.format(Locale.ROOT, tcp, 3));
        withScenarios(
                failed,
                "{\"scenario\":\"tcp\",\"status\":\"failed\",\"error\":"
                        + "\"server JVM exited with 1\\n\\tat somewhere\"}");

        CliProcess.Outcome lost = CliProcess.run("diff", base.toString(), cand.toString(), "--no-flames");
        assertEquals(0, lost.exit(), lost.err());
        assertTrue(
                lost.stdout()
                        .startsWith(
                                ":grey_question: **wirecost diff**: no verdict: not every scenario measured on both "
                                        + "sides (tcp: measured in the baseline only) (a vs b; rmi)"),
                lost.stdout());
        assertTrue(lost.stdout().contains("**Not compared: tcp**, measured in the baseline only."), lost.stdout());

        CliProcess.Outcome broke = CliProcess.run(
                "diff", base.toString(), failed.toString(), "--no-flames", "--strict", "--format", "json");
        assertEquals(2, broke.exit(), broke.err());
        assertTrue(
                broke.stdout().contains("\"tcp\" : \"failed in the candidate (server JVM exited with 1)\""),
                broke.stdout());
        assertTrue(
                broke.err()
                        .contains("no verdict: not every scenario measured on both sides (tcp: failed in the "
                                + "candidate (server JVM exited with 1))"),
                broke.err());

        // the scenarios both hold keep their verdicts: a regression there still fails the gate
        CliProcess.Outcome slower =
                CliProcess.run("diff", base.toString(), run("d", 68, 70, 66).toString(), "--no-flames");
        assertEquals(1, slower.exit(), slower.err());
        assertTrue(slower.stdout().contains("**Not compared: tcp**"), slower.stdout());
    }

    /** Appends scenario objects to the run's results.json. */
    private static void withScenarios(Path run, String... scenarios) throws Exception {
        Path f = run.resolve("results.json");
        String json = Files.readString(f);
        Files.writeString(
                f, json.substring(0, json.length() - "]}".length()) + "," + String.join(",", scenarios) + "]}");
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
