package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
 * Runs tcp, rmi and rmi-ssl for real (server and client JVMs, async-profiler through the agent jar
 * built by the profiler-agent module) with --quick, once, and checks what the run wrote.
 */
class RunIT {

    @TempDir
    static Path tmp;

    static Path out;
    static int exit;
    static JsonNode results;
    /** scenario/role/category -> percent, from shares.csv */
    static Map<String, Double> shares = new HashMap<>();

    @BeforeAll
    static void runOnce() throws Exception {
        // 1 ms sampling: --quick's time-budgeted profiled pass gave RMI's own transport (about 1 % of today's
        // samples) none of a few hundred samples at 10 ms on a loaded CI machine; ten times the samples make
        // "rmi-transport > 0" a property of RMI, not of the draw
        RunOutput run = RunOutput.of(
                tmp.resolve("run"),
                "run",
                "--quick",
                "--scenarios",
                "tcp,rmi,rmi-ssl",
                "--profiler",
                "async",
                "--interval",
                "1ms");
        out = run.dir();
        exit = run.exit();
        results = run.results();
        shares.putAll(run.shares());
    }

    @Test
    void everyShareSitsInsideItsInterval() throws Exception {
        List<String> lines = Files.readAllLines(out.resolve("shares.csv"));
        assertEquals("scenario,role,category,percent,samples,paper_percent,ci_low,ci_high", lines.get(0));
        for (String line : lines.subList(1, lines.size())) {
            // the share's 95 % interval, appended last, brackets it
            String[] f = line.split(",", -1);
            double share = Double.parseDouble(f[3]), low = Double.parseDouble(f[6]), high = Double.parseDouble(f[7]);
            assertTrue(low <= share && share <= high, line);
        }
    }

    @Test
    void theHarnessIsNoMiddlewareCategoryInTheProfiledPass() throws Exception {
        long harness = 0;
        for (String s : List.of("tcp", "rmi"))
            for (String role : List.of("client", "server"))
                harness += HarnessSamples.assertNoHarnessInMiddleware(
                        out.resolve("recordings").resolve(s + "-" + role + ".jfr"));
        // the JSON only the harness sends: none on a whole stack in tcp's and rmi's profiles; a stack cut short
        // that ends in Jackson's frames can still be json, one sample in thousands, which the table's share shows
        for (String s : List.of("tcp", "rmi")) {
            for (String role : List.of("client", "server"))
                assertEquals(
                        List.of(),
                        HarnessSamples.jsonOnWholeStacks(
                                out.resolve("recordings").resolve(s + "-" + role + ".jfr")),
                        s + "-" + role + ": json samples on whole stacks");
            assertTrue(shares.getOrDefault(s + "/all/json", 0.0) < 0.1, s + "'s json share");
        }
        // the CPU readings between batches and the replies' JSON are sampled: the rules see them, as the harness's
        assertTrue(harness > 0, "no sample of the harness's own work in tcp's and rmi's profiles");
    }

    @Test
    void everyScenarioSucceededWithEveryCall() {
        assertEquals(0, exit, "exit status");
        for (JsonNode s : results.get("scenarios")) {
            assertEquals("ok", s.get("status").asText(), s.get("scenario") + ": " + s.get("error"));
            // 8 types x (warm-up + 12 x N timed + the profiled pass + message sizes) + 12 instantiations, each
            // answer checked; --quick sizes the counts by the scenario's pace (at most 5000, 1000 and 50) and the
            // profiled pass by samples: as many batches as reach its budget, at most the timed pass's 12 (10 of
            // 1,000 once at 1 ms on a CI machine, where 12 x N failed this test)
            JsonNode facts = s.get("facts");
            JsonNode counts = facts.get("counts");
            assertTrue(
                    counts.get("warmupCalls").asInt() <= 5_000
                            && counts.get("invocations").asInt() <= 1_000,
                    counts.toString());
            long profiledBatches = facts.get("profiled_batches").asLong();
            assertTrue(profiledBatches >= 3 && profiledBatches <= 12, "profiled batches " + profiledBatches);
            long expectedCalls = 8L
                            * (counts.get("warmupCalls").asLong()
                                    + counts.get("reps").asLong()
                                            * counts.get("invocations").asLong()
                                    + profiledBatches
                                            * facts.get("profiled_invocations").asLong()
                                    + counts.get("sizeCalls").asLong())
                    + 12
                    + RunOutput.retimedCalls(s);
            assertEquals(
                    expectedCalls,
                    s.get("calls_succeeded").asLong(),
                    s.get("scenario").asText());
        }
    }

    /**
     * Each scenario times all 8 types with the papers' method: 12 measurements, the fastest and slowest
     * dropped, the mean taken over the 10 kept. Which scenario is faster is a benchmark's question (a
     * ratio measured interleaved, in RESULTS.md), not a unit test's: on a shared 2-core CI machine even
     * the best batch of the socket floor was once slower than RMI's, so no ordering is asserted here.
     */
    @Test
    void roundTripsFollowThePapersMethodForEveryType() {
        for (JsonNode s : results.get("scenarios")) {
            String name = s.get("scenario").asText();
            List<String> ops = new java.util.ArrayList<>();
            for (JsonNode r : s.get("rtt")) ops.add(r.get("operation").asText());
            assertEquals(
                    List.of(
                            "int",
                            "short",
                            "long",
                            "float",
                            "double",
                            "boolean",
                            "byte",
                            "string",
                            "primitives-geomean",
                            "instantiation"),
                    ops,
                    name);
            for (JsonNode r : s.get("rtt")) {
                String what = name + " " + r.get("operation").asText();
                if (what.endsWith("primitives-geomean")) continue;
                JsonNode kept = r.get("kept_measurements_micros");
                assertEquals(10, kept.size(), what + ": 12 measurements less the fastest and the slowest");
                double min = Double.MAX_VALUE, max = 0, sum = 0;
                for (JsonNode m : kept) {
                    min = Math.min(min, m.asDouble());
                    max = Math.max(max, m.asDouble());
                    sum += m.asDouble();
                }
                assertTrue(min > 0, what + " fastest batch " + min);
                assertEquals(
                        sum / 10,
                        r.get("mean_micros").asDouble(),
                        1e-6 * max,
                        what + ": the mean is the kept batches' mean");
            }
        }
    }

    @Test
    void sharesSumToHundredPerScenarioAndRole() {
        Map<String, Double> sums = new HashMap<>();
        shares.forEach((k, v) -> sums.merge(k.substring(0, k.lastIndexOf('/')), v, Double::sum));
        assertEquals(9, sums.size(), "3 scenarios x (client, server, all): " + sums.keySet());
        // 21 categories each rounded to 0.01
        sums.forEach((k, sum) -> assertEquals(100.0, sum, 0.15, k));
    }

    @Test
    void rmiShowsTransportAndSerializationButNoTls() {
        assertTrue(shares.get("rmi/all/rmi-transport") > 0, "rmi-transport");
        assertTrue(
                shares.get("rmi/all/serialization-in") + shares.get("rmi/all/serialization-out") > 0, "serialization");
        assertEquals(0.0, shares.get("rmi/all/tls"), "tls in plain rmi");
        assertEquals(0.0, shares.get("tcp/all/rmi-transport"), "rmi-transport in tcp");
    }

    @Test
    void rmiSslShowsTlsOrCryptoAndRecordsTheNegotiatedSuite() {
        assertTrue(shares.get("rmi-ssl/all/tls") + shares.get("rmi-ssl/all/crypto") > 0, "tls + crypto");
        JsonNode ssl = null;
        for (JsonNode s : results.get("scenarios"))
            if (s.get("scenario").asText().equals("rmi-ssl")) ssl = s;
        JsonNode tls = ssl.get("facts").get("client").get("scenario");
        assertTrue(tls.get("tls.protocol").asText().matches("TLSv1\\.[23]"), tls.toString());
        assertTrue(tls.get("tls.cipherSuite").asText().startsWith("TLS_"), tls.toString());
        // the run's private keys are gone once it is over (no --keep-keys)
        Path keys = Path.of(ssl.get("facts").get("keys").get("dir").asText());
        assertTrue(!Files.exists(keys), "generated keys deleted: " + keys);
    }

    /** Sizes come from a real capture: the tcp floor's bytes are known exactly (one request byte, DataOutput answers). */
    @Test
    void messageSizesAreMeasuredOnTheWire() throws Exception {
        List<String> lines = Files.readAllLines(out.resolve("sizes.csv"));
        assertEquals(
                "scenario,operation,request_bytes,response_bytes,request_wire_bytes,response_wire_bytes,packets_per_call,calls",
                lines.get(0));
        Map<String, String[]> rows = new HashMap<>();
        for (String l : lines.subList(1, lines.size()))
            rows.put(l.substring(0, l.indexOf(',', l.indexOf(',') + 1)), l.split(","));
        assertEquals(24, rows.size(), "3 scenarios x 8 types: " + rows.keySet());
        assertEquals(1.0, Double.parseDouble(rows.get("tcp,int")[2]), 1e-9);
        assertEquals(4.0, Double.parseDouble(rows.get("tcp,int")[3]), 1e-9);
        assertEquals(
                66.0, Double.parseDouble(rows.get("tcp,string")[3]), 1e-9, "writeUTF: 2-byte length + 64 characters");
        for (String op : List.of("int", "string")) {
            double rmi = Double.parseDouble(rows.get("rmi," + op)[2]) + Double.parseDouble(rows.get("rmi," + op)[3]);
            double ssl =
                    Double.parseDouble(rows.get("rmi-ssl," + op)[2]) + Double.parseDouble(rows.get("rmi-ssl," + op)[3]);
            assertTrue(
                    rmi > 20 && ssl > rmi,
                    op + ": rmi " + rmi + " bytes, rmi-ssl " + ssl + " (TLS records add a header and a tag)");
        }
    }

    @Test
    void writesEveryOutput() throws Exception {
        for (String f : List.of("results.json", "shares.csv", "rtt.csv", "sizes.csv", "table.md"))
            assertTrue(Files.size(out.resolve(f)) > 0, f);
        assertEquals(
                "scenario,operation,mean_micros,stddev_micros,cv_percent,invocations,ci_low,ci_high",
                Files.readAllLines(out.resolve("rtt.csv")).get(0));
        assertEquals(
                "scenario,operation,role,cpu_micros_per_call,ci_low,ci_high,invocations",
                Files.readAllLines(out.resolve("cpu.csv")).get(0));
        for (String s : List.of("tcp", "rmi", "rmi-ssl")) {
            for (String role : List.of("client", "server")) {
                Path rec = out.resolve("recordings").resolve(s + "-" + role + ".jfr");
                assertTrue(Files.size(rec) > 1000, rec.toString());
                Path flame = out.resolve("flames").resolve(s + "-" + role + ".html");
                assertTrue(Files.readString(flame).startsWith("<!DOCTYPE html>"), flame.toString());
            }
        }
        String md = Files.readString(out.resolve("table.md"));
        assertTrue(md.contains("paper RMI-SSL") && md.contains("23.41"), "paper columns beside today's");
        JsonNode meta = results.get("run");
        assertEquals("async", meta.get("profiler").get("engine").asText());
        assertTrue(meta.get("javaFeatureVersion").asInt() >= 17);
    }
}
