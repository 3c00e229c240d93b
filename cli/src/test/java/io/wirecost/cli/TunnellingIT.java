package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tunnelled scenarios run for real, next to plain rmi, under async-profiler: forced mode through
 * Privoxy on JDK 17, automatic mode through the embedded LittleProxy on JDK 17, and forced mode on
 * Temurin 25. Every count that says the traffic went through the proxy or the servlet is taken on
 * that side (the proxy's log, the servlet's counter) and read from results.json.
 *
 * <p>Counts are fixed and small (300 warm-up calls and 12 x 50 per type, where the papers' are 5,000 and
 * 12 x 1,000): a tunnelled call costs ~0.3-0.5 ms, and these runs check behaviour and accounting, not the
 * figures; every call is counted exactly. At 1,000 and 12 x 100 the three runs took 115 s of CI.
 */
class TunnellingIT {

    private static final Path TEMURIN_25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");
    private static final int WARMUP = 300;
    private static final int INVOCATIONS = 50;

    // warm-up, the timed pass and the profiled pass of 12 x INVOCATIONS per type, 12 instantiations (no size pass)
    private static final long CALLS = 8L * (WARMUP + 2 * 12 * INVOCATIONS) + 12;
    private static final List<String> SCENARIOS = List.of("rmi", "http-to-port", "http-to-servlet");

    @TempDir
    static Path tmp;

    private static RunOutput run(String name, String... extra) throws Exception {
        Path out = tmp.resolve(name);
        // --size-calls 0: message sizes are RunIT's subject; here every call is counted exactly
        List<String> args = new ArrayList<>(List.of(
                "run",
                "--quick",
                "--warmup",
                String.valueOf(WARMUP),
                "--invocations",
                String.valueOf(INVOCATIONS),
                "--size-calls",
                "0",
                "--scenarios",
                String.join(",", SCENARIOS),
                "--profiler",
                "async"));
        args.addAll(List.of(extra));
        return RunOutput.of(out, args.toArray(new String[0]));
    }

    /** What every run must show, whatever the JDK, mode and proxy. */
    private static void assertSound(RunOutput r) throws Exception {
        assertEquals(0, r.exit(), "exit status");
        for (String s : SCENARIOS) {
            JsonNode n = r.scenario(s);
            assertEquals("ok", n.get("status").asText(), s + ": " + n.get("error"));
            assertEquals(
                    CALLS + RunOutput.retimedCalls(n), n.get("calls_succeeded").asLong(), s);
        }
        // each measured call, lookup and DGC call is a request that the proxy forwarded and the RMI port unwrapped
        assertTrue(
                r.fact("http-to-port", "server", "proxy.forwarded") >= CALLS,
                r.facts("http-to-port", "server").toString());
        assertTrue(
                r.fact("http-to-port", "server", "rmi.httpRequests") >= CALLS,
                r.facts("http-to-port", "server").toString());
        assertEquals(0, r.fact("http-to-port", "server", "rmi.jrmpDirectConnections"), "a call bypassed the proxy");
        assertTrue(
                r.fact("http-to-servlet", "server", "servlet.forwarded") >= CALLS,
                r.facts("http-to-servlet", "server").toString());
        assertTrue(r.fact("http-to-port", "client", "tunnel.client.posts") >= CALLS);

        Map<String, Double> sums = new HashMap<>();
        r.shares().forEach((k, v) -> sums.merge(k.substring(0, k.lastIndexOf('/')), v, Double::sum));
        assertEquals(9, sums.size(), "3 scenarios x (client, server, all): " + sums.keySet());
        sums.forEach((k, sum) -> assertEquals(100.0, sum, 0.15, k)); // 22 categories each rounded to 0.01

        double rmi = r.geomean("rmi");
        for (String s : List.of("http-to-port", "http-to-servlet")) {
            assertTrue(r.geomean(s) > rmi, s + " " + r.geomean(s) + " µs vs rmi " + rmi + " µs");
        }
        // the paper's tunnelled rows are there: the JDK's HTTP client on the clients, Tomcat on the servlet side
        assertTrue(r.shares().get("http-to-port/client/http-client") > 0, "sun.net.www on the http-to-port client");
        assertTrue(
                r.shares().get("http-to-servlet/client/http-client") > 0, "sun.net.www on the http-to-servlet client");
        assertTrue(r.shares().get("http-to-servlet/server/http-server") > 0, "Tomcat on the servlet side");
        assertTrue(
                r.shares().get("http-to-servlet/server/socket-connect") > 0,
                "the servlet connects to the RMI port for every call");
        assertTrue(
                r.shares().get("http-to-port/all/rmi-http-tunnel") > 0, "wirecost's tunnel code is its own category");
        assertProxyCounted(r);
    }

    /**
     * CPU per call counts the proxy of http-to-port as role proxy, read from /proc whichever proxy it is, and all sums
     * the three processes batch by batch; the other scenarios have no proxy, and the factors table says which
     * processes it counted.
     */
    private static void assertProxyCounted(RunOutput r) throws Exception {
        Map<String, double[]> cpu = new HashMap<>(); // scenario/role/operation -> mean, low, high
        List<String> lines = Files.readAllLines(r.dir().resolve("cpu.csv"));
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",", -1);
            cpu.put(
                    f[0] + "/" + f[2] + "/" + f[1],
                    new double[] {Double.parseDouble(f[3]), Double.parseDouble(f[4]), Double.parseDouble(f[5])});
        }
        for (String op : List.of("int", "string", "primitives-geomean")) {
            double[] proxy = cpu.get("http-to-port/proxy/" + op);
            assertTrue(proxy != null, "no proxy row for http-to-port " + op + " in cpu.csv: " + cpu.keySet());
            // a forwarded POST and its answer cost a proxy some microseconds at least, whichever proxy it is
            assertTrue(proxy[0] > 1, "http-to-port's proxy " + proxy[0] + " µs per call of " + op);
        }
        // all's mean drops its own extremes, so it is not the sum of the roles' means; its batches are their sums
        Map<String, List<Double>> batches = new HashMap<>(); // role/operation -> µs per call of each batch
        for (JsonNode c : r.scenario("http-to-port").get("cpu")) {
            if (!c.has("batch_micros")) continue; // the geomean, which has no batches
            List<Double> perBatch = new ArrayList<>();
            c.get("batch_micros").forEach(b -> perBatch.add(b.asDouble()));
            batches.put(c.get("role").asText() + "/" + c.get("operation").asText(), perBatch);
        }
        for (String op : List.of("int", "string")) {
            List<Double> all = batches.get("all/" + op);
            assertTrue(all != null, "no batch_micros for all/" + op + " in results.json: " + batches.keySet());
            assertEquals(12, all.size(), "12 batches of " + op + ": " + batches.keySet());
            for (int i = 0; i < all.size(); i++) {
                // the proxy's CPU is read in clock ticks of 10 ms, 200 µs per call of a batch of 50: a batch may read 0
                double proxy = batches.get("proxy/" + op).get(i);
                double parts = batches.get("client/" + op).get(i)
                        + batches.get("server/" + op).get(i)
                        + proxy;
                assertEquals(
                        parts, all.get(i), 1e-6 * parts, "all = client + server + proxy in batch " + i + " of " + op);
            }
        }
        assertTrue(cpu.keySet().stream().noneMatch(k -> k.contains("/proxy/") && !k.startsWith("http-to-port/")));
        assertTrue(
                Files.readString(r.dir().resolve("table.md")).contains("client+server+proxy / client+server"),
                "the factors table says HTTP-to-port/RMI's CPU counts the proxy");
    }

    @Test
    void forcedTunnellingThroughPrivoxyOnJdk17() throws Exception {
        RunOutput r = run("forced-17");
        assertSound(r);
        String proxy = r.facts("http-to-port", "server").get("proxy").asText();
        assertTrue(
                proxy.startsWith("privoxy 3."),
                "Privoxy carried the traffic (install the Debian package privoxy, as .ci/run does): " + proxy);
        assertEquals(
                "forced", r.facts("http-to-port", "client").get("tunnel.mode").asText());
        assertEquals(
                0,
                r.fact("http-to-port", "client", "tunnel.client.directProbes"),
                "forced mode never tries a direct connection");
        assertEquals(17, r.results().get("run").get("javaFeatureVersion").asInt());
        String md = Files.readString(tmp.resolve("forced-17").resolve("table.md"));
        assertTrue(
                md.contains("paper HTTP-to-port") && md.contains("paper HTTP-to-servlet") && md.contains("18.15"),
                "the paper's tunnelled columns beside today's");
    }

    @Test
    void automaticTunnellingFallsBackThroughTheEmbeddedProxyOnJdk17() throws Exception {
        RunOutput r = run(
                "automatic-17",
                "--scenario-option",
                "tunnel.mode=automatic",
                "--scenario-option",
                "tunnel.proxy=embedded");
        assertSound(r);
        String proxy = r.facts("http-to-port", "server").get("proxy").asText();
        assertTrue(proxy.startsWith("littleproxy 2."), proxy);
        for (String s : List.of("http-to-port", "http-to-servlet")) {
            // the measuring client and each of the 12 fresh clients tried the direct route once, were refused, fell
            // back
            long probes = r.fact(s, "client", "tunnel.client.directProbes");
            assertEquals(13, probes, s + ": " + r.facts(s, "client"));
            assertEquals(probes, r.fact(s, "client", "tunnel.client.directProbesFailed"), s);
            assertEquals(
                    "{127.0.0.1=HTTP}",
                    r.facts(s, "client").get("tunnel.client.routes").asText());
        }
        assertEquals(
                13,
                r.fact("http-to-port", "server", "rmi.jrmpRefused"),
                "the direct attempts reached the HTTP-only port and were reset");
    }

    @Test
    void forcedTunnellingOnTemurin25() throws Exception {
        assertTrue(
                Files.isExecutable(TEMURIN_25.resolve("bin").resolve("java")),
                "Temurin 25 is expected at " + TEMURIN_25
                        + " (it is on this project's CI machines); install it there to run this test");
        RunOutput r = run("forced-25", "--java-home", TEMURIN_25.toString());
        assertSound(r);
        assertEquals(25, r.results().get("run").get("javaFeatureVersion").asInt());
        for (String s : SCENARIOS) {
            for (String role : List.of("client", "server")) {
                String version =
                        r.scenario(s).get("facts").get(role).get("java.version").asText();
                assertTrue(version.startsWith("25"), s + " " + role + " ran on " + version);
            }
        }
    }
}
