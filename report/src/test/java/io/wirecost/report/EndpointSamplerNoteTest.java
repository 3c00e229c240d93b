package io.wirecost.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wirecost.attribution.RuleSet;
import io.wirecost.diff.HtmlText;
import io.wirecost.diff.ResultsFile;
import io.wirecost.runner.ProfilerSettings;
import io.wirecost.runner.RunMetadata;
import io.wirecost.runner.ScenarioResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run's endpoint figures say when itimer or ctimer sampled them, in report.html, table.md and results.json, as
 * {@code attribute --by endpoint} does. The recordings under {@code src/test/resources/endpoints/} are async-profiler
 * 4.5's ({@code event=itimer} and {@code event=cpu}, {@code interval=1ms}, {@code clock=monotonic}) of a JVM whose main
 * thread served twenty times {@code GET /long} (an 8 ms spin) then {@code GET /short} (1 ms), with the request log
 * beside each as the agent writes it.
 */
class EndpointSamplerNoteTest {

    @TempDir
    Path dir;

    /** Writes a run of one scenario whose server was recorded with {@code event}, as {@code run} writes it. */
    private void run(String event) throws Exception {
        for (String ext : List.of(".jfr", ".requests"))
            Files.copy(Path.of("src/test/resources/endpoints", event + ext), dir.resolve("shop-server" + ext));
        RunMetadata meta = TestRuns.meta(
                new ProfilerSettings("async", event, 1_000_000, Set.of(ProfilerSettings.ENDPOINTS)), List.of("shop"));
        new RunWriter(dir, RuleSet.defaults()).write(meta, List.of(shopResult()));
    }

    private static ScenarioResult shopResult() {
        return new ScenarioResult(
                "shop",
                1,
                "",
                "ok",
                "",
                1,
                40,
                List.of(),
                List.of(),
                Map.of(),
                null,
                Map.of(),
                Map.of("server", "shop-server.jfr"),
                List.of(),
                "",
                List.of(),
                Map.of());
    }

    /** report.html's By endpoint section. */
    private String endpointSection() throws Exception {
        String html = Files.readString(dir.resolve("report.html"));
        int from = html.indexOf("<section id=\"endpoints\">");
        assertTrue(from >= 0, "a By endpoint section");
        String section = html.substring(from, html.indexOf("</section>", from));
        assertTrue(section.contains("GET /long") && section.contains("GET /short"), section);
        return section;
    }

    @Test
    void itimerIsNotedBesideTheEndpointTableAndInResultsJson() throws Exception {
        run("itimer");
        ResultsFile.EndpointSampler sampler =
                ResultsFile.read(dir.resolve("results.json")).endpointSampler();
        assertNotNull(sampler, "results.json says which sampler produced the endpoint figures");
        assertEquals("itimer", sampler.event());
        assertTrue(
                sampler.note() != null
                        && sampler.note().contains("sampled with itimer")
                        && sampler.note().contains("event=cpu"),
                sampler.note());
        // the same note, once, first under the table: in report.html and in table.md
        String section = endpointSection();
        assertTrue(section.contains("</table><p class=\"note\">" + HtmlText.escape(sampler.note()) + "</p>"), section);
        assertTrue(Files.readString(dir.resolve("table.md")).contains(sampler.note()));
    }

    @Test
    void cpuIsNamedWithoutANote() throws Exception {
        run("cpu");
        String json = Files.readString(dir.resolve("results.json"));
        ResultsFile read = ResultsFile.read(dir.resolve("results.json"));
        assertEquals(new ResultsFile.EndpointSampler("cpu", null), read.endpointSampler());
        // writer and reader share the record: what was read renders back to the file
        assertEquals(json, read.render());
        assertFalse(endpointSection().contains("sampled with"), "perf events fire on the thread that used the CPU");
    }

    /**
     * A run whose request logs hold no request (a command that started no server the boundaries know) says so where
     * the endpoint table would stand, not a header over no row.
     */
    @Test
    void noRequestIsSaidNotShownAsAnEmptyTable() throws Exception {
        Files.copy(Path.of("src/test/resources/endpoints/cpu.jfr"), dir.resolve("shop-server.jfr"));
        // the agent's log of a JVM that served nothing: its header alone
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (java.io.DataOutputStream out = new java.io.DataOutputStream(bytes)) {
            out.writeInt(io.wirecost.attribution.RequestLog.MAGIC);
            out.writeInt(io.wirecost.attribution.RequestLog.VERSION);
        }
        Files.write(dir.resolve("shop-server.requests"), bytes.toByteArray());
        RunMetadata meta = TestRuns.meta(
                new ProfilerSettings("async", "cpu", 1_000_000, Set.of(ProfilerSettings.ENDPOINTS)), List.of("shop"));
        new RunWriter(dir, RuleSet.defaults()).write(meta, List.of(shopResult()));
        String md = Files.readString(dir.resolve("table.md"));
        int from = md.indexOf("### " + EndpointTable.TITLE);
        assertTrue(from >= 0, md);
        String section = md.substring(from, md.indexOf("\n\n", md.indexOf("\n\n", from) + 2));
        assertTrue(section.contains("no request ended in any recording"), section);
        assertFalse(section.contains("| recording |"), "no header over no row: " + section);
        String html = Files.readString(dir.resolve("report.html"));
        int at = html.indexOf("<section id=\"endpoints\">");
        assertTrue(at >= 0, "a By endpoint section");
        String part = html.substring(at, html.indexOf("</section>", at));
        assertTrue(part.contains("no request ended in any recording"), part);
        assertFalse(part.contains("<table>"), "no frame around no cell: " + part);
    }

    @Test
    void aRunWithoutEndpointFiguresHasNoSamplerField() throws Exception {
        RunMetadata meta = TestRuns.meta(new ProfilerSettings("async", "itimer", 1_000_000), List.of());
        new RunWriter(dir, RuleSet.defaults()).write(meta, List.of());
        assertFalse(Files.readString(dir.resolve("results.json")).contains("endpoint_sampler"));
        assertNull(ResultsFile.read(dir.resolve("results.json")).endpointSampler());
    }
}
