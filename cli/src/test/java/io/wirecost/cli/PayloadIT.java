package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * --payload on every family for real (server and client JVMs, tcpdump for the sizes): RMI, RMI
 * tunnelled through Privoxy and through the servlet, Metro with and without WS-Security, and JacORB.
 * Every call returns the checked payload, sizes grow with it, the wire-traffic table sits beside seed
 * 001's, and bad payload input gets one line and exit 2.
 */
class PayloadIT {

    @TempDir
    static Path tmp;

    static Path out;
    static int exit;
    static JsonNode results;

    static final int WARMUP = 300;
    /** 12 x 30 per payload: ws-security's 12 ms calls made 12 x 100 about 30 s of the test's 99 s. */
    static final int INVOCATIONS = 30;

    static final List<String> SCENARIOS =
            List.of("rmi", "http-to-port", "http-to-servlet", "ws-literal", "ws-security", "corba");

    @BeforeAll
    static void runOnce() throws Exception {
        RunOutput run = RunOutput.of(
                tmp.resolve("run"),
                "run",
                "--quick",
                "--scenarios",
                String.join(",", SCENARIOS),
                "--payload",
                "string-512,data2-4",
                "--warmup",
                String.valueOf(WARMUP),
                "--invocations",
                String.valueOf(INVOCATIONS),
                "--profiler",
                "none");
        out = run.dir();
        exit = run.exit();
        results = run.results();
    }

    @Test
    void everyCallSucceededAndOnlyThePayloadsWereMeasured() {
        assertEquals(0, exit, "exit status");
        // 2 payloads x (warm-up + 12 x INVOCATIONS timed + 50 for sizes) + 12 instantiations, each answer checked
        long expected = 2L * (WARMUP + 12 * INVOCATIONS + 50) + 12;
        for (JsonNode s : results.get("scenarios")) {
            assertEquals("ok", s.get("status").asText(), s.get("scenario") + ": " + s.get("error"));
            assertEquals(
                    expected + RunOutput.retimedCalls(s),
                    s.get("calls_succeeded").asLong(),
                    s.get("scenario").asText());
            List<String> ops = new java.util.ArrayList<>();
            s.get("rtt").forEach(r -> ops.add(r.get("operation").asText()));
            assertEquals(
                    List.of("string-512", "data2-4", "instantiation"),
                    ops,
                    "no primitives-geomean without the eight types");
        }
    }

    @Test
    void sizesAreMeasuredAndGrowWithThePayload() throws Exception {
        Map<String, double[]> rows = new HashMap<>();
        List<String> lines = Files.readAllLines(out.resolve("sizes.csv"));
        for (String l : lines.subList(1, lines.size())) {
            String[] f = l.split(",");
            rows.put(
                    f[0] + "," + f[1],
                    new double[] {Double.parseDouble(f[2]), Double.parseDouble(f[3]), Double.parseDouble(f[6])});
        }
        assertEquals(2 * SCENARIOS.size(), rows.size(), rows.keySet().toString());
        for (String s : SCENARIOS) {
            double[] str = rows.get(s + ",string-512");
            double[] d2 = rows.get(s + ",data2-4");
            assertTrue(str[1] > 512, s + ": a 512-character string needs more than 512 response bytes, got " + str[1]);
            assertTrue(
                    d2[1] > str[1],
                    s + ": four Data2 records (" + d2[1] + " bytes) outweigh 512 characters (" + str[1] + ")");
            if (!s.equals("ws-security")) { // a signed and encrypted request is kilobytes whatever it carries
                assertTrue(str[0] < 600, s + ": the request carries only the size, got " + str[0] + " bytes");
            }
            assertTrue(str[2] >= 2, s + ": packets per call " + str[2]);
        }
        assertTrue(rows.get("ws-literal,data2-4")[1] > rows.get("rmi,data2-4")[1], "XML outweighs JRMP");
        assertTrue(
                rows.get("ws-security,data2-4")[1] > rows.get("ws-literal,data2-4")[1],
                "encrypted and signed XML outweighs XML");
        assertTrue(rows.get("corba,data2-4")[1] < rows.get("ws-literal,data2-4")[1], "CDR is lighter than XML");
    }

    @Test
    void wireTrafficTableSitsBesideSeed001() throws Exception {
        String md = Files.readString(out.resolve("table.md"));
        assertTrue(md.contains("Wire traffic per 10,000 invocations"), "table.md has the wire-traffic table");
        assertTrue(
                md.contains("RMI-JRMP") && md.contains("8,404,000"), "seed 001's RMI-JRMP string-512 bytes beside rmi");
    }

    /** Payloads reach the service through each scenario's own stack: the tunnels forwarded them, WS-Security checked them. */
    @Test
    void payloadsTravelThroughEachScenariosOwnStack() {
        for (JsonNode s : results.get("scenarios")) {
            JsonNode server = s.get("facts").get("server").get("scenario");
            switch (s.get("scenario").asText()) {
                case "http-to-port" ->
                    assertTrue(
                            server.get("proxy.forwarded").asLong() >= 2 * (WARMUP + 12 * INVOCATIONS),
                            server.toString());
                case "http-to-servlet" ->
                    assertTrue(
                            server.get("servlet.forwarded").asLong() >= 2 * (WARMUP + 12 * INVOCATIONS),
                            server.toString());
                case "ws-security" -> {
                    assertTrue(
                            server.get("wss.verified").asLong() >= 2 * (WARMUP + 12 * INVOCATIONS), server.toString());
                    assertEquals(0, server.get("wss.refused").asLong(), server.toString());
                }
                default -> {}
            }
        }
    }

    /** Every scenario the runner knows can carry every payload; a bad payload name is refused before any JVM starts. */
    @Test
    void everyScenarioCarriesPayloadsAndUnknownPayloadIsOneLine() throws Exception {
        assertEquals(
                new java.util.TreeSet<>(io.wirecost.scenarios.Scenarios.names()),
                new java.util.TreeSet<>(io.wirecost.scenarios.payload.Payload.CARRIERS));
        CliProcess.Outcome o = CliProcess.run(
                "run",
                "--quick",
                "--scenarios",
                "rmi",
                "--payload",
                "string-99",
                "--out",
                tmp.resolve("x").toString());
        assertEquals(2, o.exit(), o.err());
        assertEquals(1, o.stderr().size(), o.err());
        assertTrue(o.err().contains("unknown payload 'string-99'"), o.err());
        assertFalse(Files.exists(tmp.resolve("x").resolve("results.json")));
    }
}
