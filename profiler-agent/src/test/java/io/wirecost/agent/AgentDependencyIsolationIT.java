package io.wirecost.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent attached to an application that brings its own, different client_java (1.0.0, the
 * agent bundles a later 1.x relocated under io.wirecost.agent.shaded): both serve their metrics from
 * the same JVM, each from its own registry, and neither breaks the other. Without the relocation the
 * host's older classes would shadow the agent's (or the reverse) and one side would fail to link.
 */
class AgentDependencyIsolationIT {

    @TempDir
    Path tmp;

    @Test
    void aHostWithItsOwnClientJavaAndTheAgentBothWork() throws Exception {
        Path deps = Path.of(System.getProperty("host.app.deps", "target/host-app-deps"));
        String version = System.getProperty("host.prometheus.version", "1.0.0");
        List<String> jars = new ArrayList<>();
        try (Stream<Path> s = Files.list(deps)) {
            s.filter(p -> p.toString().endsWith(".jar"))
                    .forEach(p -> jars.add(p.toAbsolutePath().toString()));
        }
        assertTrue(
                jars.stream().allMatch(j -> j.endsWith("-" + version + ".jar")) && jars.size() >= 6,
                "the host's own client_java: " + jars);
        int hostPort = HostJvm.freePort();
        int agentPort = HostJvm.freePort();
        try (HostJvm host = HostJvm.start(
                Path.of(System.getProperty("java.home")),
                tmp,
                "metrics.port=" + agentPort + ",metrics.period=1s",
                List.of(),
                jars,
                "io.wirecost.agent.sample.PrometheusHost",
                String.valueOf(hostPort),
                "8")) {
            Map<String, Double> hostSeries = null;
            Map<String, Double> agentSeries = null;
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (System.nanoTime() < deadline) {
                Thread.sleep(500);
                hostSeries = HostJvm.scrape(hostPort);
                agentSeries = HostJvm.scrape(agentPort);
                if (hostSeries != null
                        && agentSeries != null
                        && hostSeries.getOrDefault("host_work_total", 0.0) > 5
                        && agentSeries.entrySet().stream()
                                .anyMatch(e ->
                                        e.getKey().startsWith("wirecost_agent_samples_total") && e.getValue() > 0)) {
                    break;
                }
            }
            assertNotNull(hostSeries, "the host's own endpoint answers: " + host.err());
            assertNotNull(agentSeries, "the agent's endpoint answers: " + host.err());
            assertTrue(hostSeries.get("host_work_total") > 5, "the host's counter counts: " + hostSeries.keySet());
            assertTrue(
                    hostSeries.keySet().stream().noneMatch(k -> k.startsWith("wirecost_")),
                    "the agent's metrics stay out of the host's registry");
            assertTrue(
                    agentSeries.keySet().stream().noneMatch(k -> k.startsWith("host_")),
                    "the host's metrics stay out of the agent's registry");
            assertTrue(
                    HostJvm.value(agentSeries, "wirecost_agent_samples_total", "") > 0,
                    "the agent profiles the host: " + agentSeries.keySet());
            assertEquals(0, host.waitFor(60), host.err());
            String out = host.out();
            assertTrue(
                    out.contains("prometheus-metrics-core-" + version + ".jar"),
                    "the host ran its own client_java: " + out);
            assertTrue(out.lines().anyMatch(l -> l.startsWith("done ")), out);
            List<String> noise = host.err()
                    .lines()
                    .filter(l -> !l.startsWith("wirecost agent: metrics on "))
                    .toList();
            assertEquals(List.of(), noise, "nothing but the agent's start line on stderr");
        }
    }
}
