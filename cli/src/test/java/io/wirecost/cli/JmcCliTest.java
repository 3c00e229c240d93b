package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wirecost.attribution.CategoryCounts;
import io.wirecost.attribution.RuleSet;
import io.wirecost.report.RunWriter;
import io.wirecost.runner.ProfilerSettings;
import io.wirecost.runner.RoleAttribution;
import io.wirecost.runner.RttStatistics;
import io.wirecost.runner.RunMetadata;
import io.wirecost.runner.RunSettings;
import io.wirecost.runner.ScenarioFacts;
import io.wirecost.runner.ScenarioResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import jdk.jfr.Configuration;
import jdk.jfr.Recording;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * JMC's analysis through the CLI: {@code analyze}, a run's results.json and report.html, and {@code diff}.
 * The recordings are real JDK Flight Recorder recordings made in this JVM: the baseline process only
 * ran young collections, the candidate called System.gc(), which JMC's SystemGc rule flags.
 */
class JmcCliTest {

    @TempDir
    static Path dir;

    static Path baselineRun;
    static Path candidateRun;

    private static volatile Object sink;

    @BeforeAll
    static void runs() throws Exception {
        System.gc();
        baselineRun = run("baseline", () -> {
            long end = System.nanoTime() + 600_000_000L;
            for (int n = 0; System.nanoTime() < end || n < 1000; n++) sink = new byte[1 << 20];
        });
        candidateRun = run("candidate", () -> {
            for (int i = 0; i < 5; i++) System.gc();
        });
    }

    /** A run directory as {@code wirecost run} leaves it: recordings/rmi-server.jfr, results.json, report.html. */
    static Path run(String name, Runnable serverWork) throws Exception {
        Path runDir =
                Files.createDirectories(dir.resolve(name).resolve("recordings")).getParent();
        try (Recording r = new Recording(Configuration.getConfiguration("default"))) {
            r.start();
            serverWork.run();
            r.stop();
            r.dump(runDir.resolve("recordings/rmi-server.jfr"));
        }
        RuleSet rules = RuleSet.load(List.of(), true);
        CategoryCounts counts = new CategoryCounts(rules.categories());
        counts.add(0, 100);
        RunMetadata meta = new RunMetadata(
                name,
                "2026-11-24T00:00:00Z",
                "host",
                "test",
                "/jdk",
                17,
                RunSettings.quick(64),
                new ProfilerSettings("jfr", "cpu", 10_000_000),
                List.of("rmi"),
                List.of("run"),
                "",
                Map.of(),
                1,
                false,
                "loopback",
                "none",
                Map.of());
        ScenarioResult rmi = new ScenarioResult(
                "rmi",
                1,
                "RMI",
                "ok",
                "",
                1.0,
                100,
                List.of(new RttStatistics("int", 50.0, 5.0, 10.0, 100, List.of(50.0, 51.0, 49.0))),
                List.of(),
                Map.of("all", new RoleAttribution("all", counts.toAttribution("test"), List.of())),
                ScenarioFacts.NONE,
                Map.of(),
                Map.of("server", "recordings/rmi-server.jfr"),
                List.of(),
                "not measured",
                List.of(),
                Map.of());
        new RunWriter(runDir, rules).write(meta, List.of(rmi));
        return runDir;
    }

    static JsonNode rule(JsonNode rules, String id) {
        for (JsonNode r : rules) if (r.path("id").asText().equals(id)) return r;
        throw new AssertionError("no rule " + id + " in " + rules);
    }

    @Test
    void resultsJsonHoldsEachProcesssFindings() throws Exception {
        JsonNode root =
                new ObjectMapper().readTree(baselineRun.resolve("results.json").toFile());
        JsonNode server = root.path("scenarios").get(0).path("jmc_analysis").path("server");
        assertEquals(1, server.path("chunks").asInt());
        assertEquals(
                "OK", rule(server.path("rules"), "SystemGc").path("severity").asText());
        JsonNode cand = new ObjectMapper()
                .readTree(candidateRun.resolve("results.json").toFile())
                .path("scenarios")
                .get(0)
                .path("jmc_analysis")
                .path("server");
        JsonNode gc = rule(cand.path("rules"), "SystemGc");
        assertEquals("WARNING", gc.path("severity").asText());
        assertTrue(gc.path("score").asDouble() > 75, gc.toString());
    }

    @Test
    void reportShowsFindingsPerScenarioAndRole() throws Exception {
        String html = Files.readString(candidateRun.resolve("report.html"));
        int section = html.indexOf("<section id=\"jmc\">");
        assertTrue(section > 0, "no JMC section in report.html");
        String jmc = html.substring(section, html.indexOf("</section>", section));
        assertTrue(jmc.contains("<caption>rmi server</caption>"), jmc);
        assertTrue(jmc.contains("<td>SystemGc</td>"), jmc);
        assertFalse(
                Files.readString(baselineRun.resolve("report.html")).contains("<td>SystemGc</td>"),
                "the baseline's SystemGc result is OK and should not be listed as a finding");
    }

    @Test
    void diffReportsTheRuleWhoseSeverityRose() throws Exception {
        CliProcess.Outcome o = CliProcess.run(
                "diff",
                baselineRun.toString(),
                candidateRun.toString(),
                "--no-flames",
                "--out",
                dir.resolve("diff").toString());
        assertEquals(0, o.exit(), o.err()); // reported, not gated on
        assertTrue(o.stdout().contains("| rmi | server | SystemGc | OK | WARNING |"), o.stdout());
        JsonNode json =
                new ObjectMapper().readTree(dir.resolve("diff/diff.json").toFile());
        // FullGc and HighGc rose too (System.gc() runs full, stop-the-world collections)
        List<String> rose = new java.util.ArrayList<>();
        json.path("jmc_rules_rose").forEach(r -> rose.add(r.path("ruleId").asText()));
        assertTrue(rose.contains("SystemGc"), json.toString());
        // the other way round nothing rose on SystemGc
        CliProcess.Outcome back = CliProcess.run(
                "diff",
                candidateRun.toString(),
                baselineRun.toString(),
                "--no-flames",
                "--out",
                dir.resolve("diff-back").toString());
        assertFalse(back.stdout().contains("| SystemGc |"), back.stdout());
    }

    @Test
    void analyzeGivesTableAndJson() throws Exception {
        Path rec = candidateRun.resolve("recordings/rmi-server.jfr");
        CliProcess.Outcome table = CliProcess.run("analyze", rec.toString());
        assertEquals(0, table.exit(), table.err());
        assertTrue(
                table.stdout().lines().anyMatch(l -> l.matches("\\s+WARNING\\s+\\d+\\.\\d\\s+SystemGc\\s+.*")),
                table.stdout());
        assertTrue(table.err().isEmpty(), "JMC's parser logged: " + table.err());
        CliProcess.Outcome json = CliProcess.run("analyze", rec.toString(), "--format", "json");
        JsonNode r = new ObjectMapper().readTree(json.stdout());
        assertEquals(rec.toString(), r.get(0).path("file").asText());
        assertEquals(
                "WARNING",
                rule(r.get(0).path("rules"), "SystemGc").path("severity").asText());
    }

    @Test
    void analyzeBadInputIsOneLinePerFile() throws Exception {
        Path text = Files.writeString(dir.resolve("notes.txt"), "hello");
        CliProcess.Outcome o = CliProcess.run(
                "analyze", text.toString(), dir.resolve("missing.jfr").toString());
        assertEquals(2, o.exit());
        assertEquals(2, o.stderr().size(), o.err());
        assertTrue(o.stderr().get(0).contains("notes.txt: not a JFR recording"), o.err());
        assertTrue(o.stderr().get(1).endsWith("missing.jfr: no such file"), o.err());
        CliProcess.Outcome fmt = CliProcess.run("analyze", text.toString(), "--format", "xml");
        assertEquals(2, fmt.exit());
        assertTrue(fmt.err().contains("--format"), fmt.err());
    }
}
