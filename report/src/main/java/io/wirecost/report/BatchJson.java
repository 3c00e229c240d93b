package io.wirecost.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.wirecost.runner.batch.BatchPoint;
import io.wirecost.runner.batch.BatchRun;
import io.wirecost.runner.batch.LatencyFits;
import io.wirecost.runner.batch.LatencyResult;
import io.wirecost.runner.batch.ModelFit;
import io.wirecost.runner.batch.PaperBatch;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * {@code batch.json}: every measured transaction, the fits and the paper's figures; units in the names. Each point's
 * median has its 95 % interval ({@code median_ci_low_ms}, {@code median_ci_high_ms}; null under 6 transactions), each
 * fit its crossover's and ratio's ({@code crossover_ci_low}, ...); a crossover, or an end of its interval, is null
 * where the lines do not cross, as {@code crossover_model} already was.
 */
public final class BatchJson {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private BatchJson() {}

    public static String render(BatchRun run, List<LatencyFits> fitted) throws Exception {
        Map<String, Object> root = new LinkedHashMap<>();
        Map<String, Object> meta = new LinkedHashMap<>();
        meta.put("id", run.id());
        meta.put("started", run.started());
        meta.put("host", run.host());
        meta.put("wirecost", run.version());
        meta.put("javaHome", run.javaHome());
        meta.put("javaFeatureVersion", run.javaFeatureVersion());
        meta.put(
                "delays_ms_per_direction",
                run.settings().delaysNanos().stream().map(n -> n / 1e6).toList());
        meta.put("files", run.settings().files());
        meta.put("warmup_transactions_per_variant", run.settings().warmup());
        meta.put("quick", run.settings().quick());
        meta.put("commandLine", run.commandLine());
        root.put("run", meta);
        List<Object> latencies = new ArrayList<>();
        for (LatencyFits lf : fitted) latencies.add(latency(lf));
        root.put("latencies", latencies);
        return JSON.writeValueAsString(root) + "\n";
    }

    private static Map<String, Object> latency(LatencyFits lf) {
        LatencyResult r = lf.result();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("delay_ms_per_direction", r.delayMillis());
        m.put("status", r.ok() ? "ok" : "failed");
        m.put("error", r.error());
        m.put("proxied", r.proxied());
        m.put("direct_rtt_ms", r.directRttNanos() / 1e6);
        m.put("path_rtt_ms", r.pathRttNanos() / 1e6);
        m.put("added_rtt_ms", r.addedRttMillis());
        m.put("pings", r.pathPingsNanos().size());
        m.put("transactions_per_point", r.reps());
        List<Object> points = new ArrayList<>();
        for (BatchPoint p : r.points()) {
            Map<String, Object> pm = new LinkedHashMap<>();
            pm.put("variant", p.variant());
            pm.put("files", p.files());
            pm.put("median_ms", p.medianMillis());
            double[] ci = p.medianCiMillis();
            pm.put("median_ci_low_ms", finite(ci[0]));
            pm.put("median_ci_high_ms", finite(ci[1]));
            pm.put("mean_ms", p.meanMillis());
            pm.put("stddev_ms", p.stddevMillis());
            pm.put("calls_per_transaction", p.callsPerTransaction());
            pm.put(
                    "transactions_ms",
                    Arrays.stream(p.nanos()).mapToDouble(n -> n / 1e6).toArray());
            points.add(pm);
        }
        m.put("points", points);
        List<Object> fits = new ArrayList<>();
        for (ModelFit f : lf.fits()) fits.add(fit(r, f));
        m.put("fits", fits);
        return m;
    }

    private static Map<String, Object> fit(LatencyResult r, ModelFit f) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("document_variant", f.documentVariant());
        m.put("L_ms", f.latencyMillis());
        m.put("T_ms", f.transmitMillis());
        m.put("D_ms", f.objectOverheadMillis());
        m.put("W_ms", f.documentOverheadMillis());
        m.put("round_trips_per_file", f.roundTripsPerFile());
        m.put("D_net_ms", f.objectOverheadNetMillis());
        m.put("objects_slope_ms_per_file", f.objects().slope());
        m.put("objects_r2", f.objects().r2());
        m.put("document_intercept_ms", f.document().intercept());
        m.put("document_slope_ms_per_file", f.document().slope());
        m.put("document_r2", f.document().r2());
        m.put("crossover_model", Double.isInfinite(f.crossover()) ? null : f.crossover());
        m.put(
                "crossover_observed",
                f.observedCrossover().isPresent() ? f.observedCrossover().getAsInt() : null);
        m.put("crossover_ci_low", finite(f.crossoverCiLow()));
        m.put("crossover_ci_high", finite(f.crossoverCiHigh()));
        m.put("ratio_at_5_files", f.ratioAt5().isPresent() ? f.ratioAt5().getAsDouble() : null);
        m.put("ratio_at_5_files_ci_low", finite(f.ratioAt5CiLow()));
        m.put("ratio_at_5_files_ci_high", finite(f.ratioAt5CiHigh()));
        Optional<PaperBatch> paper = PaperBatch.beside(f.documentVariant(), r.delayNanos());
        paper.ifPresent(p -> m.put(
                "paper",
                new TreeMap<>(Map.of(
                        "configuration",
                        p.configuration(),
                        "crossover",
                        p.crossover(),
                        "ratio_at_5_files",
                        p.ratioAt5(),
                        "quote",
                        p.quote()))));
        return m;
    }

    /** JSON has no infinity or NaN: null for both (an end where lines never cross, or an unknown one). */
    private static Double finite(double v) {
        return Double.isFinite(v) ? v : null;
    }
}
