package io.wirecost.report;

import io.wirecost.runner.ScenarioResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** {@code --clients N}: throughput and latency percentiles per scenario and operation (facts.concurrency). */
public final class ConcurrencyTable {

    private ConcurrencyTable() {}

    @SuppressWarnings("unchecked")
    public static Table table(List<ScenarioResult> results) {
        List<List<String>> rows = new ArrayList<>();
        for (ScenarioResult r : results) {
            List<Map<String, Object>> c = r.facts().concurrency();
            if (c == null) continue;
            for (Map<String, Object> m : c) {
                rows.add(List.of(
                        r.scenario(),
                        String.valueOf(m.get("operation")),
                        String.valueOf(m.get("clients")),
                        String.format(Locale.ROOT, "%.0f", num(m, "throughput_per_second")),
                        Cells.fmt(num(m, "p50_micros")),
                        Cells.fmt(num(m, "p90_micros")),
                        Cells.fmt(num(m, "p99_micros")),
                        Cells.fmt(num(m, "max_micros"))));
            }
        }
        return new Table(
                "Concurrent clients (seed 003: own connection each, no think time), latency in microseconds",
                List.of("scenario", "operation", "clients", "calls/s", "p50", "p90", "p99", "max"),
                rows,
                List.of("HdrHistogram of every timed call (3 significant digits); results.json: facts.concurrency."));
    }

    private static double num(Map<String, Object> m, String key) {
        return ((Number) m.get(key)).doubleValue();
    }
}
