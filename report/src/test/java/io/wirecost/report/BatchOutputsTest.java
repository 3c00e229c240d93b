package io.wirecost.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wirecost.runner.batch.BatchPoint;
import io.wirecost.runner.batch.BatchRun;
import io.wirecost.runner.batch.BatchSettings;
import io.wirecost.runner.batch.LatencyFits;
import io.wirecost.runner.batch.LatencyResult;
import io.wirecost.runner.batch.ModelFit;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@code wirecost batch}'s table, CSV and JSON print the crossover, the ratio and each median with its interval. */
class BatchOutputsTest {

    /** Objects 5n ms, the document 3 + 0.5n ms, noise of 0.3 ms, {@code reps} transactions a point. */
    private static LatencyResult sweep(int reps, double documentSlope) {
        Random random = new Random(11);
        List<BatchPoint> points = new ArrayList<>();
        for (int n : List.of(1, 2, 5, 10)) {
            points.add(point(random, "rmi-objects", n, 5.0 * n, reps, 5.0 * n));
            points.add(point(random, "ws-document", n, 3 + documentSlope * n, reps, 1));
        }
        return new LatencyResult(0, false, List.of(), List.of(), reps, points, "");
    }

    private static BatchPoint point(Random random, String variant, int n, double millis, int reps, double calls) {
        long[] nanos = new long[reps];
        for (int i = 0; i < reps; i++) nanos[i] = Math.round((millis + 0.3 * random.nextGaussian()) * 1e6);
        return new BatchPoint(0, variant, n, nanos, calls);
    }

    @Test
    void theModelTablePrintsIntervalsAndFlagsTooFewTransactions() {
        List<LatencyFits> twenty = LatencyFits.of(List.of(sweep(20, 0.5)));
        ModelFit m = twenty.get(0).fits().get(0);
        String text = BatchTables.model(twenty).text();
        assertTrue(
                text.contains(String.format(
                        java.util.Locale.ROOT,
                        "%.2f [%.2f, %.2f]",
                        m.crossover(),
                        m.crossoverCiLow(),
                        m.crossoverCiHigh())),
                text);
        assertTrue(text.contains("percentile bootstrap"), text);
        assertTrue(!text.contains("Too few transactions"), text);
        String five = BatchTables.model(LatencyFits.of(List.of(sweep(5, 0.5)))).text();
        assertTrue(five.contains("Too few transactions per point for these intervals to be trusted at 0ms (5)"), five);
    }

    @Test
    void linesThatNeverCrossPrintNeverInTheTableInfInTheCsvAndNullInTheJson() throws Exception {
        // the document's slope above the objects': no crossover, and no resample crosses either
        List<LatencyFits> never = LatencyFits.of(List.of(sweep(20, 6)));
        ModelFit m = never.get(0).fits().get(0);
        assertTrue(Double.isInfinite(m.crossover()) && Double.isInfinite(m.crossoverCiLow()), m.toString());
        assertTrue(BatchTables.model(never).text().contains("never [never, never]"));
        String row = BatchCsv.fits(never).lines().skip(1).findFirst().orElseThrow();
        assertTrue(row.contains(",inf,") && !row.contains("Infinity") && !row.contains("NaN"), row);
        BatchRun run = new BatchRun(
                "id",
                "2026-11-29T00:00Z",
                "host",
                "0.1.0",
                "/jdk",
                17,
                new BatchSettings(List.of(0L), List.of(1, 2, 5, 10), 20, 0, 30, false),
                List.of());
        JsonNode fit = new ObjectMapper()
                .readTree(BatchJson.render(run, never))
                .get("latencies")
                .get(0)
                .get("fits")
                .get(0);
        assertTrue(
                fit.get("crossover_model").isNull()
                        && fit.get("crossover_ci_low").isNull(),
                fit.toString());
        assertTrue(fit.get("ratio_at_5_files_ci_low").isNumber(), fit.toString());
    }

    @Test
    void batchCsvGivesEachMedianItsOrderStatisticsInterval() {
        List<String> lines = BatchCsv.points(List.of(sweep(20, 0.5))).lines().toList();
        assertTrue(lines.get(0).endsWith(",median_ci_low_ms,median_ci_high_ms"), lines.get(0));
        String[] f = lines.get(1).split(",");
        double median = Double.parseDouble(f[4]);
        double low = Double.parseDouble(f[11]);
        double high = Double.parseDouble(f[12]);
        assertTrue(low <= median && median <= high && low < high, lines.get(1));
        assertEquals(
                ",,",
                BatchCsv.points(List.of(sweep(5, 0.5)))
                        .lines()
                        .skip(1)
                        .findFirst()
                        .orElseThrow()
                        .replaceAll(".*(,,)$", "$1"));
    }
}
