package io.wirecost.cli.monitoring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.wirecost.cli.InProcess;
import io.wirecost.cli.history.HistoryCommandTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * history report's page in headless Chromium, as report.html is checked (MonitoringStackIT): a history of copies of
 * a real run whose CPU per call steps up 15 % at its seventh run, each with a real recording; every chart drawn, the
 * change point marked where it happened, its differential flame graph written and linked, nothing loaded from
 * anywhere, no console error.
 */
class HistoryReportIT {

    @TempDir
    Path tmp;

    @Test
    void theHistoryPageOpensWithItsChangePointsMarked() throws Exception {
        Path runs = tmp.resolve("runs");
        Path recording = Path.of("src/test/resources/recordings/workload-jdk.jfr");
        for (int i = 0; i < 12; i++) {
            Path run = HistoryCommandTest.run(runs, i, i < 6 ? 1 : 1.15);
            Files.copy(
                    recording,
                    Files.createDirectories(run.resolve("recordings")).resolve("rmi-server.jfr"));
        }
        String db = tmp.resolve("h.sqlite").toString();
        assertEquals(
                0,
                InProcess.run("history", "import", runs.toString(), "--db", db).exit());
        InProcess.Outcome report =
                InProcess.run("history", "report", "-o", tmp.resolve("out").toString(), "--db", db);
        assertEquals(0, report.exit(), report.stderr().toString());
        Path page = tmp.resolve("out/history.html");
        assertTrue(Files.isRegularFile(page));
        assertTrue(
                report.stdout().toString().contains("differential flame graphs"),
                report.stdout().toString());

        Path chromium = Tools.require("chromium", "chromium");
        try (Cdp browser = Cdp.launch(chromium, tmp.resolve("chromium-profile"), tmp.resolve("chromium.log"))) {
            browser.open(page.toUri(), 1280, 900);
            JsonNode charts = browser.eval("""
                    Array.from(document.querySelectorAll('svg.history')).map(function (svg) {
                      return { label: svg.getAttribute('aria-label'), runs: svg.querySelectorAll('circle.pt').length,
                               cps: svg.querySelectorAll('line.cp').length,
                               links: svg.querySelectorAll('a[href$="report.html"]').length };
                    })""");
            assertTrue(charts.size() >= 10, "a chart per gating metric: " + charts);
            for (JsonNode c : charts) {
                assertEquals(12, c.get("runs").asInt(), "a dot per run: " + c);
                assertEquals(12, c.get("links").asInt(), "each run links its report: " + c);
            }
            for (JsonNode c : charts) {
                if (c.get("label").asText().equals("cpu/rmi/all/int"))
                    assertEquals(1, c.get("cps").asInt(), "the step marked: " + c);
            }
            assertTrue(
                    browser.eval("document.querySelectorAll('#changes tr').length")
                                    .asInt()
                            >= 2,
                    "the change points' table");
            assertEquals(
                    0,
                    browser.eval("document.querySelectorAll('script[src], link[href], img[src], iframe').length")
                            .asInt(),
                    "the page loads nothing from anywhere");
            JsonNode flames = browser.eval(
                    "Array.from(document.querySelectorAll('#changes a.flame')).map(function (a) { return a.href; })");
            assertTrue(flames.size() >= 1, "each change point links its differential flame graph: " + flames);
            for (JsonNode href : flames)
                assertTrue(Files.isRegularFile(Path.of(java.net.URI.create(href.asText()))), "written: " + href);
            Path shot = Path.of("target", "history-report-screenshot.png").toAbsolutePath();
            Files.write(shot, browser.screenshot(1280));
            assertTrue(Files.size(shot) > 20_000, "screenshot " + shot);
            assertEquals(List.of(), browser.errors(), "console errors");
            browser.open(java.net.URI.create(flames.get(0).asText()), 1280, 900);
            assertTrue(
                    browser.eval("document.querySelectorAll('svg rect').length").asInt() > 10,
                    "the linked flame graph draws its frames");
            assertEquals(List.of(), browser.errors(), "console errors on the flame graph");
        }
    }
}
