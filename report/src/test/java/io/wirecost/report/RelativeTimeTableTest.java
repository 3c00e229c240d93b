package io.wirecost.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wirecost.attribution.CategoryCounts;
import io.wirecost.attribution.CpuContention;
import io.wirecost.attribution.RecordingSummary;
import io.wirecost.attribution.RuleParser;
import io.wirecost.attribution.RuleSet;
import io.wirecost.attribution.SampleMode;
import io.wirecost.runner.ProfilerSettings;
import io.wirecost.runner.RoleAttribution;
import io.wirecost.runner.RttStatistics;
import io.wirecost.runner.RunMetadata;
import io.wirecost.runner.ScenarioFacts;
import io.wirecost.runner.ScenarioResult;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The relative-time table says how well its shares are known: the widest 95 % interval of each column. */
class RelativeTimeTableTest {

    private static final RuleSet RULES = RuleParser.parse("""
            category rmi-transport group=middleware paper="sun.rmi.transport"
            category socket-write group=middleware paper="java.net.SocketOutputStream.socketWrite"
            category gc group=jvm
            fallback rmi-transport
            """, "test.rules");

    private static ScenarioResult scenario(String name, long transport, long write) {
        return scenario(name, transport, write, List.of());
    }

    private static ScenarioResult scenario(String name, long transport, long write, List<RecordingSummary> recordings) {
        return scenario(name, "", transport, write, recordings);
    }

    private static ScenarioResult scenario(
            String name, String paperColumn, long transport, long write, List<RecordingSummary> recordings) {
        CategoryCounts counts = new CategoryCounts(RULES.categories());
        counts.add(0, transport);
        counts.add(1, write);
        counts.add(2, 25);
        RoleAttribution all = new RoleAttribution("all", counts.toAttribution("test"), recordings);
        return new ScenarioResult(
                name,
                1,
                paperColumn,
                "ok",
                "",
                1.0,
                100,
                List.of(new RttStatistics("int", 50.0, 5.0, 10.0, 1200, List.of(45.0, 50.0, 55.0))),
                List.of(),
                Map.of("all", all),
                ScenarioFacts.NONE,
                Map.of(),
                Map.of(),
                List.of(),
                "",
                List.of(),
                Map.of());
    }

    @Test
    void eachColumnSaysItsWidestInterval() {
        // 30 and 70 of 100 samples, then 300 and 700 of 1,000: Wilson's 95 % interval for 30 of 100 is
        // [21.89, 39.58] %, 9.58 points above the share at its wider side (70 of 100 mirrors it); for 300 of
        // 1,000 [27.24, 32.91] %, 2.91 points
        Table t = RelativeTimeTable.relativeTime(
                List.of(scenario("a", 30, 70), scenario("b", 300, 700)), RULES, "all", SampleMode.CPU);
        List<String> widest = t.rows().stream()
                .filter(r -> r.get(0).startsWith("95 % interval of a share"))
                .findFirst()
                .orElseThrow();
        assertEquals(List.of("95 % interval of a share, widest (± points)", "9.58", "2.91"), widest);
        assertTrue(
                t.notes().get(0).contains("shares.csv (ci_low, ci_high)"),
                t.notes().toString());
    }

    /**
     * The paper is named only beside a scenario that has a column in it: a run of today's transports, or a program of
     * one's own under {@code profile}, gets no paper rows, title or note, and no 2005 package beside its categories.
     */
    @Test
    void thePaperIsNamedOnlyBesideAScenarioThatHasAColumnInIt(@TempDir Path dir) {
        Table papers = RelativeTimeTable.relativeTime(
                List.of(scenario("rmi", "RMI", 30, 70, List.of()), scenario("a", 30, 70)),
                RULES,
                "all",
                SampleMode.CPU);
        assertTrue(papers.title().endsWith(", today vs seed 000 Table 3"), papers.title());
        assertEquals(List.of("category (paper row)", "rmi", "paper RMI", "a"), papers.header());
        assertEquals("rmi-transport (sun.rmi.transport)", papers.rows().get(0).get(0));
        assertTrue(
                papers.notes().get(0).contains("Paper: JDK 1.4.2"),
                papers.notes().toString());

        List<ScenarioResult> own = List.of(scenario("a", 30, 70));
        Table t = RelativeTimeTable.relativeTime(own, RULES, "all", SampleMode.CPU);
        assertEquals("Relative time by category, % of middleware CPU samples (role: all)", t.title());
        assertEquals(List.of("category", "a"), t.header());
        assertEquals("rmi-transport", t.rows().get(0).get(0));
        assertTrue(
                t.notes().get(0).startsWith("Categories with no samples are omitted. Shares' 95 % intervals"),
                t.notes().toString());
        RunMetadata meta = TestRuns.meta(new ProfilerSettings("async", "cpu", 1_000_000), List.of("a"));
        for (String out :
                List.of(ConsoleTables.text(meta, own, RULES, false, false), HtmlReport.render(meta, own, RULES, dir))) {
            for (String paperWords : List.of("Table 3", "(paper row)", "OptimizeIt", "the paper's bars"))
                assertFalse(out.contains(paperWords), paperWords + " in " + out);
        }
    }

    /** {@code run --event wall}: table.md, the printed tables and report.html name the samples it took. */
    @Test
    void aWallClockRunsHeadingsSayWallSamples(@TempDir Path dir) {
        List<ScenarioResult> run = List.of(scenario("a", 30, 70));
        for (String event : List.of("wall", "cpu")) {
            RunMetadata meta = TestRuns.meta(new ProfilerSettings("async", event, 1_000_000), List.of("a"));
            String word = event.equals("wall") ? "wall" : "CPU";
            String other = event.equals("wall") ? "CPU" : "wall";
            String title = RelativeTimeTable.relativeTime(run, RULES, "all", meta.sampleMode())
                    .title();
            assertTrue(title.contains("% of middleware " + word + " samples"), title);
            String printed = ConsoleTables.text(meta, run, RULES, false, false);
            String html = HtmlReport.render(meta, run, RULES, dir);
            for (String out : List.of(printed, html)) {
                assertTrue(out.contains("middleware " + word + " samples"), out);
                assertFalse(out.contains("middleware " + other + " samples"), out);
            }
        }
    }

    /** A JFR engine run under CPU contention: table.md's table, report.html and results.json say the shares are biased. */
    @Test
    void contendedJfrSamplesAreSaidBiasedInEveryOutput(@TempDir Path dir) throws Exception {
        CpuContention contended = CpuContention.of(
                new double[] {1.0, 0.99, 1.0},
                new double[] {0.5, 0.5, 0.5},
                Map.of("busy-a", 810L, "busy-b", 190L),
                Map.of("busy-a", 6.9, "busy-b", 3.1));
        RecordingSummary server = new RecordingSummary(
                "runs/x/recordings/a-server.jfr",
                "jdk",
                Map.of("jdk.ExecutionSample", 1000L),
                1,
                0,
                List.of(),
                Map.of(),
                Map.of(),
                contended);
        List<ScenarioResult> run = List.of(scenario("a", 30, 70, List.of(server)));
        Table t = RelativeTimeTable.relativeTime(run, RULES, "all", SampleMode.CPU);
        String note = "a: " + contended.note();
        assertTrue(t.notes().contains(note), t.notes().toString());
        assertTrue(note.contains("busy-a 81 % of samples, 69 % of CPU time"), note);
        RunMetadata meta = TestRuns.meta(new ProfilerSettings("jfr", "cpu", 10_000_000), List.of("a"));
        assertTrue(HtmlReport.render(meta, run, RULES, dir).contains("busy-a 81 % of samples"));
        JsonNode rec = new ObjectMapper()
                .readTree(ResultsJson.render(meta, run))
                .path("scenarios")
                .path(0)
                .path("shares")
                .path("all")
                .path("recordings")
                .path(0)
                .get("cpu_contention");
        assertEquals("contended", rec.get("verdict").asText(), rec.toString());
        assertEquals(100, rec.get("machine_cpu_median_percent").asDouble(), 1e-9);
        assertEquals(50, rec.get("other_processes_median_percent").asDouble(), 1e-9);
        assertEquals("busy-a", rec.get("threads").get(0).get("thread").asText());
        assertEquals(69, rec.get("threads").get(0).get("cpu_time_percent").asDouble(), 1e-9);
        assertEquals(contended.note(), rec.get("note").asText());
    }
}
