package io.wirecost.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * --payload on rmi and ws-literal for real (server and client JVMs, tcpdump for the sizes): every call
 * returns the checked payload, sizes grow with it, the wire-traffic table sits beside seed 001's, and
 * bad payload input gets one line and exit 2.
 */
class PayloadIntegrationTest {

    @TempDir
    static Path tmp;
    static Path out;
    static int exit;
    static JsonNode results;

    static final int WARMUP = 300;

    @BeforeAll
    static void runOnce() throws Exception {
        out = tmp.resolve("run");
        exit = Main.execute("run", "--quick", "--scenarios", "rmi,ws-literal", "--payload", "string-512,data2-4",
                "--warmup", String.valueOf(WARMUP), "--profiler", "none", "--out", out.toString());
        results = new ObjectMapper().readTree(out.resolve("results.json").toFile());
    }

    @Test
    void everyCallSucceededAndOnlyThePayloadsWereMeasured() {
        assertEquals(0, exit, "exit status");
        // 2 payloads x (warm-up + 12 x 100 timed + 50 for sizes) + 12 instantiations, each answer checked
        long expected = 2L * (WARMUP + 12 * 100 + 50) + 12;
        for (JsonNode s : results.get("scenarios")) {
            assertEquals("ok", s.get("status").asText(), s.get("scenario") + ": " + s.get("error"));
            assertEquals(expected, s.get("calls_succeeded").asLong(), s.get("scenario").asText());
            List<String> ops = new java.util.ArrayList<>();
            s.get("rtt").forEach(r -> ops.add(r.get("operation").asText()));
            assertEquals(List.of("string-512", "data2-4", "instantiation"), ops, "no primitives-geomean without the eight types");
        }
    }

    @Test
    void sizesAreMeasuredAndGrowWithThePayload() throws Exception {
        Map<String, double[]> rows = new HashMap<>();
        for (String l : Files.readAllLines(out.resolve("sizes.csv")).subList(1, 5)) {
            String[] f = l.split(",");
            rows.put(f[0] + "," + f[1], new double[]{Double.parseDouble(f[2]), Double.parseDouble(f[3]), Double.parseDouble(f[6])});
        }
        assertEquals(4, rows.size(), rows.keySet().toString());
        for (String s : List.of("rmi", "ws-literal")) {
            double[] str = rows.get(s + ",string-512");
            double[] d2 = rows.get(s + ",data2-4");
            assertTrue(str[1] > 512, s + ": a 512-character string needs more than 512 response bytes, got " + str[1]);
            assertTrue(d2[1] > str[1], s + ": four Data2 records (" + d2[1] + " bytes) outweigh 512 characters (" + str[1] + ")");
            assertTrue(str[0] < 600, s + ": the request carries only the size, got " + str[0] + " bytes");
            assertTrue(str[2] >= 2, s + ": packets per call " + str[2]);
        }
        assertTrue(rows.get("ws-literal,data2-4")[1] > rows.get("rmi,data2-4")[1], "XML outweighs JRMP");
    }

    @Test
    void wireTrafficTableSitsBesideSeed001() throws Exception {
        String md = Files.readString(out.resolve("table.md"));
        assertTrue(md.contains("Wire traffic per 10,000 invocations"), "table.md has the wire-traffic table");
        assertTrue(md.contains("RMI-JRMP") && md.contains("8,404,000"), "seed 001's RMI-JRMP string-512 bytes beside rmi");
    }

    @Test
    void unknownPayloadAndNonCarrierAreOneLineErrors() throws Exception {
        CliProcess.Outcome o = CliProcess.run("run", "--quick", "--scenarios", "rmi", "--payload", "string-99", "--out", tmp.resolve("x").toString());
        assertEquals(2, o.exit(), o.err());
        assertEquals(1, o.stderr().size(), o.err());
        assertTrue(o.err().contains("unknown payload 'string-99'"), o.err());
        o = CliProcess.run("run", "--quick", "--scenarios", "ws-security", "--payload", "string-64", "--out", tmp.resolve("y").toString());
        assertEquals(2, o.exit(), o.err());
        assertEquals(1, o.stderr().size(), o.err());
        assertTrue(o.err().contains("'ws-security' cannot carry a payload"), o.err());
        assertFalse(Files.exists(tmp.resolve("y").resolve("results.json")));
    }
}
