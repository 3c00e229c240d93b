package io.wirecost.cli.monitoring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.wirecost.cli.Main;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole path with real parts: Debian's Prometheus and Pushgateway on free ports with a
 * configuration made from prometheus/prometheus.yml and its rule files, scraping a real quick run
 * ({@code --metrics-port}, {@code --push}) and the real agent attached to a small busy program; then
 * every query of every Grafana panel, every variable and every recording rule must return data, and
 * the run's report.html is opened in headless Chromium.
 */
class MonitoringStackIT {

    /** What $__rate_interval becomes: Grafana's max(4 x scrape interval, step + scrape), here with 1 s scrapes. */
    private static final String RATE_INTERVAL = "15s";

    @TempDir
    static Path tmp;

    static final List<Process> started = new ArrayList<>();
    static PromApi prom;
    static Path out;
    static String runId;
    static int exit;
    static Process agentHost;

    @BeforeAll
    static void stack() throws Exception {
        Path prometheus = Tools.require("prometheus", "prometheus");
        Path pushgateway = Tools.require("prometheus-pushgateway", "prometheus-pushgateway");
        int promPort = Tools.freePort();
        int pushPort = Tools.freePort();
        int runnerPort = Tools.freePort();
        int agentPort = Tools.freePort();
        out = tmp.resolve("run-" + ProcessHandle.current().pid());
        runId = out.getFileName().toString();

        Path pushLog = tmp.resolve("logs/pushgateway.log");
        // Debian's build persists to /var/lib/prometheus/pushgateway.data by default: this one keeps nothing
        Process push = Tools.start(
                pushLog,
                List.of(pushgateway.toString(), "--web.listen-address=127.0.0.1:" + pushPort, "--persistence.file="));
        started.add(push);
        Path config = tmp.resolve("prometheus.yml");
        Files.writeString(
                config,
                MonitoringConfigIT.YAML.writeValueAsString(testConfig(Map.of(
                        "wirecost-agents", "127.0.0.1:" + agentPort,
                        "wirecost-runner", "127.0.0.1:" + runnerPort,
                        "pushgateway", "127.0.0.1:" + pushPort))));
        Path promLog = tmp.resolve("logs/prometheus.log");
        Process p = Tools.start(
                promLog,
                List.of(
                        prometheus.toString(),
                        "--config.file=" + config,
                        "--storage.tsdb.path=" + tmp.resolve("tsdb"),
                        "--web.listen-address=127.0.0.1:" + promPort));
        started.add(p);
        Tools.awaitHttp("http://127.0.0.1:" + pushPort + "/-/ready", push, pushLog);
        Tools.awaitHttp("http://127.0.0.1:" + promPort + "/-/ready", p, promLog);
        prom = new PromApi(promPort);

        // the agent on a host program, labelled like a scenario of this run, busy while everything else happens
        Path agentJar = Path.of(System.getProperty("wirecost.agent.jar"));
        agentHost = Tools.start(
                tmp.resolve("logs/agent-host.log"),
                Tools.javaCommand(
                        "-javaagent:" + agentJar + "=metrics.port=" + agentPort
                                + ",metrics.period=1s,metrics.window=10s,interval=5ms,endpoints=on,"
                                + "role=app,labels=scenario:sample;run:" + runId + ";service:busy",
                        "-cp",
                        // the JAX-RS annotations, so that the agent finds the host's resource (BusyService.Orders)
                        testClasses() + java.io.File.pathSeparator + jarOf(jakarta.ws.rs.GET.class),
                        "io.wirecost.cli.sample.BusyService",
                        "240"));
        started.add(agentHost);

        exit = Main.execute(
                "run",
                "--quick",
                "--scenarios",
                "tcp,rmi",
                "--warmup",
                "1000",
                "--out",
                out.toString(),
                "--metrics-port",
                String.valueOf(runnerPort),
                "--metrics-linger",
                "3s",
                "--push",
                "http://127.0.0.1:" + pushPort);

        // the Pushgateway holds the final figures; the agent must have been scraped a few periods
        awaitData("wirecost_run_info{run=\"" + runId + "\",job=\"wirecost\"}");
        awaitData("wirecost_agent_segments_total{job=\"wirecost-agents\"} >= 5");
        for (String record : recordingRules()) awaitData(record);
    }

    @AfterAll
    static void stop() throws Exception {
        for (Process p : started) p.destroy();
        for (Process p : started) {
            if (!p.waitFor(10, TimeUnit.SECONDS)) p.destroyForcibly();
        }
    }

    @Test
    void theRunSucceededAndItsEndpointWasScrapedWhileItRan() throws Exception {
        assertEquals(0, exit, "exit status of the run (push included)");
        List<Double> completed = prom.values(
                "max_over_time(wirecost_run_scenarios_completed{job=\"wirecost-runner\",run=\"" + runId + "\"}[10m])");
        assertEquals(List.of(2.0), completed, "the runner's own endpoint, scraped up to the end");
    }

    /**
     * Every panel query returns data, except the fleet's movers against a day or a week before: this Prometheus is
     * minutes old. Those run (Prometheus accepts them) and the rule they compare, {@code share1h}, must have data;
     * promtool's tests (prometheus/tests/fleet-rules.test.yml) check the comparisons over eight days of series.
     */
    @Test
    void everyPanelQueryReturnsData() throws Exception {
        List<String> empty = new ArrayList<>();
        int queries = 0;
        int needHistory = 0;
        for (Dashboards.Dashboard d : Dashboards.all()) {
            for (Dashboards.Query q : Dashboards.queries(d)) {
                queries++;
                boolean history = q.expr().matches("(?s).*_(change|offset)1[dw]\\b.*");
                JsonNode data = prom.query(Dashboards.expand(q.expr(), RATE_INTERVAL));
                if (history) needHistory++;
                else if (data.isEmpty()) empty.add(q + ": " + q.expr());
            }
        }
        assertEquals(List.of(), empty, "panel queries without data");
        assertTrue(queries >= 52, "queries: " + queries);
        assertEquals(2, needHistory, "panels that compare with a day or a week before");
        assertTrue(prom.query("service_category:wirecost_cpu_samples:share1h{service=\"busy\"}")
                        .size()
                > 0);
    }

    /** The fleet rules on a real agent: its service's shares across instances sum to 1, as one instance's do. */
    @Test
    void theFleetSharesOfTheAgentsServiceAddUp() throws Exception {
        List<Double> sum =
                prom.values("sum by (service) (service_category:wirecost_cpu_samples:share5m{service=\"busy\"})");
        assertEquals(1, sum.size(), "one service");
        assertEquals(1.0, sum.get(0), 1e-9);
        List<Double> ser = prom.values(
                "service_category:wirecost_cpu_samples:share5m{service=\"busy\",category=\"serialization-out\"}");
        assertEquals(1, ser.size());
        assertTrue(ser.get(0) > 0, "serialization-out share of the busy program's CPU: " + ser);
    }

    /**
     * The endpoints dashboard's sampler panel counts the agents behind the endpoint figures that sample with itimer or
     * ctimer: the busy program's agent samples with the default itimer, so the panel must name it, once.
     */
    @Test
    void theEndpointsDashboardNotesTheAgentsTimerSampler() throws Exception {
        Dashboards.Query sampler = Dashboards.all().stream()
                .filter(d -> d.name().equals("endpoints.json"))
                .flatMap(d -> Dashboards.queries(d).stream())
                .filter(q -> q.expr().contains("wirecost_agent_info{event=~\"itimer|ctimer\""))
                .findFirst()
                .orElseThrow(() -> new AssertionError("endpoints.json has no panel on the agents' sampler"));
        JsonNode data = prom.query(Dashboards.expand(sampler.expr(), RATE_INTERVAL));
        assertEquals(1, data.size(), sampler + ": " + data);
        assertEquals("itimer", data.get(0).path("metric").path("event").asText(), data.toString());
        assertEquals(1.0, data.get(0).path("value").get(1).asDouble(), data.toString());
    }

    @Test
    void everyDashboardVariableHasValues() throws Exception {
        List<String> empty = new ArrayList<>();
        for (Dashboards.Dashboard d : Dashboards.all()) {
            for (Dashboards.Variable v : Dashboards.variables(d)) {
                if (!v.type().equals("query")) continue;
                String[] lv = Dashboards.labelValues(v.query());
                assertTrue(lv != null, d.name() + " $" + v.name() + ": not label_values(...): " + v.query());
                List<String> values = prom.labelValues(lv[0], lv[1]);
                if (values.isEmpty()) empty.add(d.name() + " $" + v.name() + ": " + v.query());
            }
        }
        assertEquals(List.of(), empty);
    }

    @Test
    void everyRecordingRuleHasDataAndTheFiguresAddUp() throws Exception {
        for (String record : recordingRules()) assertTrue(prom.query(record).size() > 0, record);
        // the run's middleware shares sum to 1 per scenario and role, as in shares.csv
        for (double sum :
                prom.values("sum by (scenario, role) (run_scenario_role_category:wirecost_scenario_share:ratio{run=\""
                        + runId + "\"})")) {
            assertEquals(1.0, sum, 1e-6);
        }
        assertEquals(
                List.of(1.0),
                prom.values("run_scenario_operation:wirecost_rtt_factor_vs_rmi:ratio{run=\"" + runId
                        + "\",scenario=\"rmi\",operation=\"int\"}"));
        // the factor Prometheus computes is the ratio of the run's own figures (timings themselves are too noisy to
        // bound)
        List<Double> tcp = prom.values("run_scenario:wirecost_rtt_primitives_geomean_factor_vs_rmi:ratio{run=\"" + runId
                + "\",scenario=\"tcp\"}");
        Map<String, Double> geomean = new HashMap<>();
        for (String line : Files.readAllLines(out.resolve("metrics.prom"))) {
            if (line.startsWith("wirecost_rtt_primitives_geomean_seconds{")) {
                geomean.put(label(line, "scenario"), Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)));
            }
        }
        assertEquals(List.of(geomean.get("tcp") / geomean.get("rmi")), tcp);
        // the agent's host serializes: the live Table 3 of scenario "sample" says so
        List<Double> ser = prom.values(
                "scenario_role_category:wirecost_cpu_samples:share5m{scenario=\"sample\",category=\"serialization-out\"}");
        assertEquals(1, ser.size());
        assertTrue(ser.get(0) > 0.5, "serialization-out share of the busy program: " + ser);
    }

    @Test
    void metricsFileHoldsTheFiguresPrometheusGotFromThePushgateway() throws Exception {
        Map<String, Double> file = new HashMap<>();
        for (String line : Files.readAllLines(out.resolve("metrics.prom"))) {
            if (line.startsWith("wirecost_rtt_seconds_sum{")) {
                int sp = line.lastIndexOf(' ');
                file.put(
                        label(line, "scenario") + "/" + label(line, "operation"),
                        Double.parseDouble(line.substring(sp + 1)));
            }
        }
        assertEquals(16, file.size(), "2 scenarios x 8 types: " + file.keySet());
        for (JsonNode s : prom.query("wirecost_rtt_seconds_sum{job=\"wirecost\",run=\"" + runId + "\"}")) {
            String key = s.get("metric").get("scenario").asText() + "/"
                    + s.get("metric").get("operation").asText();
            assertEquals(file.get(key), s.get("value").get(1).asDouble(), Math.abs(file.get(key)) * 1e-12, key);
        }
        assertTrue(Files.readString(out.resolve("metrics.prom")).contains("# TYPE wirecost_rtt_seconds summary"));
    }

    @Test
    void reportOpensInHeadlessChromiumWithoutErrorsAndNoEmptyChart() throws Exception {
        Path chromium = Tools.require("chromium", "chromium");
        Path report = out.resolve("report.html");
        try (Cdp browser = Cdp.launch(chromium, tmp.resolve("chromium-profile"), tmp.resolve("logs/chromium.log"))) {
            browser.open(report.toUri(), 1280, 900);
            JsonNode charts = browser.eval("""
                    Array.from(document.querySelectorAll('svg.chart')).map(function (svg) {
                      var bars = Array.from(svg.querySelectorAll('rect.bar')).filter(function (r) {
                        return parseFloat(r.getAttribute('width')) > 0 && parseFloat(r.getAttribute('height')) > 0; });
                      return { label: svg.getAttribute('aria-label'), bars: bars.length };
                    })""");
            assertTrue(charts.size() >= 10, "charts: " + charts);
            for (JsonNode c : charts) assertTrue(c.get("bars").asInt() > 0, "empty chart: " + c);
            assertEquals(
                    0,
                    browser.eval("document.querySelectorAll('script[src], link[href], img[src], iframe').length")
                            .asInt(),
                    "the report loads nothing from anywhere");
            assertEquals(
                    4,
                    browser.eval("document.querySelectorAll('#flames a').length")
                            .asInt(),
                    "a flame graph link per process");
            // the role switch is the page's only script: it must work
            browser.eval("document.querySelector('.roles button[data-role=server]').click()");
            assertEquals(
                    "server",
                    browser.eval(
                                    "Array.from(document.querySelectorAll('div.role')).filter(function (d) { return !d.hidden; })"
                                            + ".map(function (d) { return d.getAttribute('data-role'); }).join()")
                            .asText());
            browser.eval("document.querySelector('.roles button[data-role=all]').click()");
            Path shot = Path.of("target", "report-screenshot.png").toAbsolutePath();
            Files.write(shot, browser.screenshot(1280));
            assertTrue(Files.size(shot) > 50_000, "screenshot " + shot);
            assertEquals(List.of(), browser.errors(), "console errors");
        }
    }

    // ---- helpers

    /** prometheus/prometheus.yml with this test's targets, 1 s intervals and the repository's rule files. */
    private static JsonNode testConfig(Map<String, String> targets) throws Exception {
        ObjectNode c = (ObjectNode) MonitoringConfigIT.YAML.readTree(
                Tools.HOME.resolve("prometheus/prometheus.yml").toFile());
        ((ObjectNode) c.get("global")).put("scrape_interval", "1s").put("evaluation_interval", "1s");
        ArrayNode rules = c.putArray("rule_files");
        rules.add(Tools.HOME.resolve("prometheus/rules").toString() + "/*.yml");
        Map<String, String> left = new LinkedHashMap<>(targets);
        for (JsonNode job : c.get("scrape_configs")) {
            String name = job.get("job_name").asText();
            String target = left.remove(name);
            if (target == null) throw new AssertionError("prometheus.yml has a job this test does not feed: " + name);
            ObjectNode j = (ObjectNode) job;
            j.remove("file_sd_configs");
            j.putArray("static_configs").addObject().putArray("targets").add(target);
        }
        assertEquals(Map.of(), left, "jobs missing from prometheus.yml");
        return c;
    }

    private static List<String> recordingRules() throws Exception {
        List<String> out = new ArrayList<>();
        JsonNode file = MonitoringConfigIT.YAML.readTree(
                Tools.HOME.resolve("prometheus/rules/wirecost.yml").toFile());
        for (JsonNode g : file.get("groups")) {
            for (JsonNode r : g.get("rules"))
                if (r.has("record")) out.add(r.get("record").asText());
        }
        assertTrue(out.size() >= 5, "recording rules: " + out);
        return out;
    }

    private static void awaitData(String promql) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < end) {
            if (prom.query(promql).size() > 0) return;
            if (!agentHost.isAlive())
                throw new AssertionError("the agent's host exited: " + Tools.tail(tmp.resolve("logs/agent-host.log")));
            Thread.sleep(500);
        }
        throw new AssertionError("no data for " + promql + " within 60 s");
    }

    private static String label(String line, String name) {
        int i = line.indexOf(name + "=\"") + name.length() + 2;
        return line.substring(i, line.indexOf('"', i));
    }

    private static String jarOf(Class<?> c) throws Exception {
        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI())
                .toString();
    }

    private static Path testClasses() throws Exception {
        return Path.of(io.wirecost.cli.sample.BusyService.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
    }
}
