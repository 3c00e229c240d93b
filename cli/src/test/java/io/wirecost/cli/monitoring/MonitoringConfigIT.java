package io.wirecost.cli.monitoring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The shipped monitoring configuration, checked by the real tools where there are some (promtool,
 * docker compose) and structurally where there are none (Grafana): prometheus/, grafana/,
 * docker-compose.yml. MonitoringStackIT then runs every query against a live Prometheus.
 */
class MonitoringConfigIT {

    static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final Path HOME = Tools.HOME;

    @Test
    void promtoolAcceptsTheConfigAndTheRulesAndTheRuleTestsPass() throws Exception {
        Path promtool = Tools.require("promtool", "prometheus");
        Tools.Result config =
                Tools.run(HOME.resolve("prometheus"), promtool.toString(), "check", "config", "prometheus.yml");
        assertEquals(0, config.exit(), config.output());
        assertTrue(config.output().contains("2 rule files found"), config.output());
        Tools.Result rules = Tools.run(
                HOME.resolve("prometheus"),
                promtool.toString(),
                "check",
                "rules",
                "rules/wirecost.yml",
                "rules/fleet.yml");
        assertEquals(0, rules.exit(), rules.output());
        // the alerts fire on a share above the threshold or rising against last week, the factors and the
        // fleet's shares and movers come out right, on synthetic series
        for (String test : List.of("wirecost-rules.test.yml", "fleet-rules.test.yml")) {
            Tools.Result tests =
                    Tools.run(HOME.resolve("prometheus/tests"), promtool.toString(), "test", "rules", test);
            assertEquals(0, tests.exit(), test + ": " + tests.output());
            assertTrue(tests.output().contains("SUCCESS"), test + ": " + tests.output());
        }
    }

    @Test
    void dashboardsAreWellFormed() throws Exception {
        String uid = YAML.readTree(HOME.resolve("grafana/provisioning/datasources/prometheus.yml")
                        .toFile())
                .get("datasources")
                .get(0)
                .get("uid")
                .asText();
        assertEquals("wirecost-prometheus", uid);
        List<Dashboards.Dashboard> all = Dashboards.all();
        assertEquals(
                Set.of(
                        "relative-time.json",
                        "category-shares.json",
                        "round-trips.json",
                        "message-sizes.json",
                        "agent-health.json",
                        "fleet.json",
                        "endpoints.json"),
                Set.copyOf(all.stream().map(Dashboards.Dashboard::name).toList()));
        Set<String> uids = new HashSet<>();
        for (Dashboards.Dashboard d : all) {
            JsonNode j = d.json();
            assertTrue(uids.add(j.get("uid").asText()), d.name() + ": dashboard uid used twice");
            assertTrue(j.get("id").isNull(), d.name() + ": a committed dashboard id would clash on import");
            Set<Integer> ids = new HashSet<>();
            for (JsonNode p : j.get("panels")) {
                assertTrue(ids.add(p.get("id").asInt()), d.name() + ": panel id " + p.get("id") + " twice");
                if (p.path("type").asText().equals("text")) continue;
                assertEquals(
                        uid,
                        p.path("datasource").path("uid").asText(),
                        d.name() + " panel " + p.get("id") + ": datasource");
                assertFalse(p.path("targets").isEmpty(), d.name() + " panel " + p.get("id") + " has no query");
                for (JsonNode t : p.get("targets")) {
                    assertEquals(
                            uid,
                            t.path("datasource").path("uid").asText(),
                            d.name() + " panel " + p.get("id") + ": target datasource");
                }
            }
            Set<String> defined = new HashSet<>();
            for (Dashboards.Variable v : Dashboards.variables(d)) {
                assertTrue(defined.add(v.name()), d.name() + ": variable " + v.name() + " twice");
            }
            for (JsonNode v : j.path("templating").path("list")) {
                if (v.path("type").asText().equals("query"))
                    assertEquals(
                            uid, v.path("datasource").path("uid").asText(), d.name() + " variable " + v.get("name"));
            }
            Set<String> used = Dashboards.usedVariables(j);
            used.removeAll(defined);
            assertEquals(Set.of(), used, d.name() + ": variables used but not defined");
            // the fleet is made of services, not of runs: it is filtered by service alone
            if (d.name().equals("fleet.json")) {
                assertEquals(Set.of("service"), defined, d.name());
                continue;
            }
            for (String need : List.of("run", "scenario", "role")) {
                if (!d.name().equals("message-sizes.json") || !need.equals("role")) {
                    assertTrue(
                            defined.contains(need) || d.name().equals("agent-health.json") && need.equals("scenario"),
                            d.name() + " lacks $" + need);
                }
            }
        }
    }

    private static final Pattern RANGE_FUNCTION =
            Pattern.compile("\\b(rate|irate|increase)\\(([^\\[]*)\\[([^\\]]*)\\]");
    private static final Pattern MATCHER = Pattern.compile("([a-z_]+)\\s*(=~|!~|!=|=)\\s*\"([^\"]*)\"");

    @Test
    void panelQueriesUseRateIntervalAndRegexMatchersForVariables() throws Exception {
        int rates = 0;
        for (Dashboards.Dashboard d : Dashboards.all()) {
            for (Dashboards.Query q : Dashboards.queries(d)) {
                Matcher m = RANGE_FUNCTION.matcher(q.expr());
                while (m.find()) {
                    rates++;
                    assertEquals("$__rate_interval", m.group(3), q + ": " + q.expr());
                }
                Matcher mm = MATCHER.matcher(q.expr());
                while (mm.find()) {
                    // a multi-value or "All" variable expands to a regex: only =~ matches it
                    if (mm.group(3).contains("$")) assertEquals("=~", mm.group(2), q + ": " + mm.group());
                }
            }
        }
        assertTrue(rates >= 8, "rate queries: " + rates);
    }

    /**
     * Every figure wirecost exports with an interval is drawn with it somewhere: the figure and both ends in one
     * panel, and no panel shows one end without the other. (MonitoringStackIT runs these queries against a real
     * Prometheus; no Grafana here to look at the rendering.)
     */
    @Test
    void everyFigureWithAnIntervalIsDrawnWithBothEnds() throws Exception {
        Map<String, List<String>> panels = new java.util.LinkedHashMap<>();
        for (Dashboards.Dashboard d : Dashboards.all())
            for (Dashboards.Query q : Dashboards.queries(d))
                panels.computeIfAbsent(d.name() + " panel " + q.panelId(), k -> new ArrayList<>())
                        .add(q.expr());
        for (var e : panels.entrySet()) {
            String all = String.join("\n", e.getValue());
            assertEquals(
                    count(all, "_ci_low{"), count(all, "_ci_high{"), e.getKey() + ": one end of an interval alone");
        }
        for (String figure : List.of(
                "wirecost_rtt_seconds",
                "wirecost_rtt_primitives_geomean_seconds",
                "wirecost_cpu_seconds_per_call",
                "wirecost_scenario_share_ratio",
                "wirecost_category_share_ratio")) {
            boolean drawn = panels.values().stream().anyMatch(exprs -> {
                String all = String.join("\n", exprs);
                return all.contains(figure + "_ci_low{")
                        && all.contains(figure + "_ci_high{")
                        && (all.contains(figure + "{") || all.contains(":" + figure + ":"));
            });
            assertTrue(drawn, figure + " is not drawn with its interval on any dashboard");
        }
    }

    private static int count(String text, String part) {
        return text.split(Pattern.quote(part), -1).length - 1;
    }

    @Test
    void dashboardsLinkTheFlameGraphsAndReportOfARun() throws Exception {
        JsonNode table3 = Dashboards.all().stream()
                .filter(d -> d.name().equals("relative-time.json"))
                .findFirst()
                .orElseThrow()
                .json();
        String text = table3.toString();
        assertTrue(
                text.contains("${runs_url}/${run}/flames/${__data.fields.scenario}-${__data.fields.role}.html"),
                "flame graph link");
        assertTrue(text.contains("${runs_url}/${run}/report.html"), "report link");
    }

    /**
     * {@code docker compose config} (or Debian's docker-compose) must accept the file. No Docker engine is
     * needed for that; a machine without either client fails here, loudly, instead of skipping.
     */
    @Test
    void composeFileIsValidAndEveryImageIsPinned() throws Exception {
        Tools.Result r = composeConfig();
        assertEquals(0, r.exit(), r.output());
        JsonNode compose = YAML.readTree(r.output().substring(r.output().indexOf("services:")));
        Set<String> services = new HashSet<>();
        compose.get("services").fieldNames().forEachRemaining(services::add);
        assertEquals(
                Set.of("prometheus", "grafana", "pushgateway", "privoxy", "runner", "runs", "collector"), services);
        compose.get("services").fields().forEachRemaining(e -> {
            String image = e.getValue().path("image").asText();
            assertPinned(e.getKey(), image);
            for (JsonNode port : e.getValue().path("ports")) {
                String hostIp =
                        port.isTextual() ? port.asText() : port.path("host_ip").asText("");
                assertTrue(hostIp.startsWith("127.0.0.1"), e.getKey() + " publishes a port beyond loopback: " + port);
            }
        });
        for (String dockerfile : List.of("docker/runner/Dockerfile", "docker/privoxy/Dockerfile")) {
            for (String line : Files.readAllLines(HOME.resolve(dockerfile))) {
                if (line.startsWith("FROM "))
                    assertPinned(dockerfile, line.substring(5).split("\\s+")[0]);
            }
        }
    }

    @Test
    void readmeListsEveryPort() throws Exception {
        String readme = Files.readString(HOME.resolve("README.md"));
        for (String port : List.of("3000", "9090", "9091", "8118", "8088", "9400", "9464", "4317", "4318")) {
            assertTrue(
                    readme.contains("| " + port + " |") || readme.contains("`" + port + "`"),
                    "README does not list port " + port);
        }
    }

    private static void assertPinned(String where, String image) {
        assertNotNull(image);
        int colon = image.lastIndexOf(':');
        assertTrue(colon > 0 && colon > image.lastIndexOf('/'), where + ": image without a tag: " + image);
        String tag = image.substring(colon + 1);
        assertFalse(
                tag.equals("latest") || !tag.matches(".*\\d+\\.\\d+.*"),
                where + ": image not pinned to a version: " + image);
    }

    private static Tools.Result composeConfig() throws Exception {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            Path docker = Path.of(dir, "docker");
            if (Files.isExecutable(docker)) {
                Tools.Result v = Tools.run(HOME, docker.toString(), "compose", "version");
                if (v.exit() == 0) return Tools.run(HOME, docker.toString(), "compose", "config");
            }
        }
        Path legacy;
        try {
            legacy = Tools.require("docker-compose", "docker-compose");
        } catch (AssertionError e) {
            fail("neither 'docker compose' (the Docker CLI plugin) nor Debian's docker-compose is installed: "
                    + e.getMessage());
            return null;
        }
        return Tools.run(HOME, legacy.toString(), "config");
    }
}
