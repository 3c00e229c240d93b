package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wirecost.runner.LineFit;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wirecost batch --quick} for real: a server JVM with RMI, Metro on Tomcat and an echo service; a
 * client JVM per latency (direct, then through the delay proxy at 2 ms per direction). Timing bounds
 * are loose ratios: the machine may be busy with other builds.
 */
class BatchIT {

    @TempDir
    static Path tmp;

    static Path out;
    static int exit;
    static JsonNode json;
    /** delay ms -> latency node */
    static Map<Double, JsonNode> latency = new HashMap<>();

    @BeforeAll
    static void runOnce() throws Exception {
        out = tmp.resolve("batch");
        exit = Main.execute("batch", "--quick", "--out", out.toString());
        json = new ObjectMapper().readTree(out.resolve("batch.json").toFile());
        for (JsonNode l : json.get("latencies"))
            latency.put(l.get("delay_ms_per_direction").asDouble(), l);
    }

    @Test
    void everyTransactionOfEveryVariantSucceeded() {
        assertEquals(0, exit, "exit status");
        assertEquals(java.util.Set.of(0.0, 2.0), latency.keySet());
        for (JsonNode l : latency.values()) {
            assertEquals("ok", l.get("status").asText(), l.get("error").asText());
            // 3 variants x files 1, 2, 5, 10; the client checked every file's text of every transaction
            assertEquals(12, l.get("points").size());
            for (JsonNode p : l.get("points")) {
                assertEquals(5, p.get("transactions_ms").size(), p.toString());
                int n = p.get("files").asInt();
                double calls = p.get("calls_per_transaction").asDouble();
                assertEquals(
                        p.get("variant").asText().equals("rmi-objects") ? 5.0 * n : 1.0,
                        calls,
                        1e-9,
                        p.get("variant") + " at " + n);
            }
        }
        assertEquals(false, latency.get(0.0).get("proxied").asBoolean(), "no delay: direct connections");
        assertEquals(true, latency.get(2.0).get("proxied").asBoolean());
    }

    /** Measured with the echo service: through the proxy a round trip takes two delays (2 x 2 ms) longer. */
    @Test
    void theProxyAddsTheConfiguredLatency() {
        double added = latency.get(2.0).get("added_rtt_ms").asDouble();
        assertTrue(added >= 3.8 && added < 8, "added round trip " + added + " ms for 2 ms per direction");
        assertEquals(0.0, latency.get(0.0).get("added_rtt_ms").asDouble());
    }

    /**
     * The object interface pays a round trip per call, 5 calls per file, so its time grows linearly with
     * the files at about 5 round trips per file, RMI included: RMI really goes through the proxy, registry
     * and exported objects alike. Judged on each point's fastest transaction: a busy machine only ever
     * adds time, and RMI's own extra round trips (DGC acknowledgements, pings of pooled connections) come
     * irregularly.
     */
    @Test
    void chattyRmiGrowsLinearlyAtFiveRoundTripsPerFile() {
        JsonNode l = latency.get(2.0);
        List<double[]> fastest = new java.util.ArrayList<>();
        for (JsonNode p : l.get("points")) {
            if (!p.get("variant").asText().equals("rmi-objects")) continue;
            double min = Double.MAX_VALUE;
            for (JsonNode t : p.get("transactions_ms")) min = Math.min(min, t.asDouble());
            fastest.add(new double[] {p.get("files").asInt(), min});
        }
        LineFit fit = LineFit.throughOrigin(fastest);
        double rtt = l.get("path_rtt_ms").asDouble();
        String points =
                fastest.stream().map(java.util.Arrays::toString).toList().toString();
        assertTrue(fit.r2() > 0.85, "R² " + fit.r2() + " " + points);
        // each of the 5 calls per file is held 2 x 2 ms by the proxy; and no call takes three round trips
        assertTrue(
                fit.slope() >= 5 * 4 * 0.95 && fit.slope() < 5 * (3 * rtt + 2),
                "slope " + fit.slope() + " ms per file, round trip " + rtt + " ms " + points);
    }

    /** The document variants make one round trip whatever n, so at 2 ms they beat the objects from the first files on. */
    @Test
    void theCrossoverIsComputedAndDocumentStyleWinsEarlyUnderLatency() {
        for (JsonNode l : latency.values()) {
            for (String v : List.of("ws-document", "rmi-document")) {
                JsonNode f = fit(l, v);
                assertTrue(f.has("crossover_model") && f.has("W_ms") && f.has("T_ms") && f.has("D_ms"), f.toString());
            }
        }
        JsonNode ws = fit(latency.get(2.0), "ws-document");
        assertTrue(
                ws.get("crossover_model").isNumber()
                        && ws.get("crossover_model").asDouble() < 2,
                ws.toString());
        assertEquals("about 1", ws.get("paper").get("crossover").asText());
        double docAt10 = point(latency.get(2.0), "ws-document", 10);
        double objAt10 = point(latency.get(2.0), "rmi-objects", 10);
        assertTrue(docAt10 * 3 < objAt10, "10 files at 2 ms: ws " + docAt10 + " ms, rmi objects " + objAt10 + " ms");
    }

    @Test
    void writesCsvJsonAndTables() throws Exception {
        List<String> csv = Files.readAllLines(out.resolve("batch.csv"));
        assertEquals(
                "delay_ms,added_rtt_ms,variant,files,median_ms,mean_ms,stddev_ms,min_ms,max_ms,transactions,calls_per_transaction,"
                        + "median_ci_low_ms,median_ci_high_ms",
                csv.get(0));
        assertEquals(1 + 24, csv.size());
        // quick's 5 transactions a point cannot give a median a 95 % interval: both ends empty, not made up
        assertTrue(csv.get(1).endsWith(",,"), csv.get(1));
        List<String> fits = Files.readAllLines(out.resolve("fits.csv"));
        assertEquals(1 + 4, fits.size(), String.join("\n", fits));
        assertTrue(fits.get(0).endsWith(",crossover_ci_low,crossover_ci_high,ratio_at_5_ci_low,ratio_at_5_ci_high"));
        String md = Files.readString(out.resolve("table.md"));
        assertTrue(md.contains("Time per transaction") && md.contains("paper n̂") && md.contains("2-3"), md);
        // the crossover with its bootstrap interval, and the words that say 5 transactions are too few to trust it
        assertTrue(md.contains("percentile bootstrap") && md.contains("Too few transactions per point"), md);
    }

    /** The crossover at 2 ms and the ratio at 5 files come with intervals that hold them. */
    @Test
    void theCrossoverAndTheRatioCarryTheirIntervals() {
        JsonNode ws = fit(latency.get(2.0), "ws-document");
        double n = ws.get("crossover_model").asDouble();
        assertTrue(ws.get("crossover_ci_low").isNumber(), ws.toString());
        assertTrue(ws.get("crossover_ci_low").asDouble() <= n, ws.toString());
        assertTrue(
                ws.get("crossover_ci_high").isNull()
                        || n <= ws.get("crossover_ci_high").asDouble(),
                ws.toString());
        double r = ws.get("ratio_at_5_files").asDouble();
        assertTrue(ws.get("ratio_at_5_files_ci_low").asDouble() <= r, ws.toString());
        assertTrue(r <= ws.get("ratio_at_5_files_ci_high").asDouble(), ws.toString());
    }

    private static JsonNode fit(JsonNode l, String variant) {
        for (JsonNode f : l.get("fits")) if (f.get("document_variant").asText().equals(variant)) return f;
        throw new AssertionError("no fit for " + variant + " at " + l.get("delay_ms_per_direction"));
    }

    private static double point(JsonNode l, String variant, int files) {
        for (JsonNode p : l.get("points")) {
            if (p.get("variant").asText().equals(variant) && p.get("files").asInt() == files)
                return p.get("median_ms").asDouble();
        }
        throw new AssertionError("no point " + variant + " " + files);
    }
}
