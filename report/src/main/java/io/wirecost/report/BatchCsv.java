package io.wirecost.report;

import io.wirecost.runner.batch.BatchPoint;
import io.wirecost.runner.batch.LatencyResult;
import io.wirecost.runner.batch.ModelFit;
import io.wirecost.runner.batch.PaperBatch;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** {@code batch.csv}, one row per latency, variant and batch size; {@code fits.csv}, one per latency and document variant. */
public final class BatchCsv {

    public static final List<String> DOCUMENT_VARIANTS = List.of("ws-document", "rmi-document");

    private BatchCsv() {}

    public static String points(List<LatencyResult> results) {
        StringBuilder sb = new StringBuilder(
                "delay_ms,added_rtt_ms,variant,files,median_ms,mean_ms,stddev_ms,min_ms,max_ms,transactions,calls_per_transaction\n");
        for (LatencyResult r : results) {
            for (BatchPoint p : r.points()) {
                sb.append(String.format(
                        Locale.ROOT,
                        "%s,%.3f,%s,%d,%.3f,%.3f,%.3f,%.3f,%.3f,%d,%s%n",
                        num(r.delayMillis()),
                        r.addedRttMillis(),
                        p.variant(),
                        p.files(),
                        p.medianMillis(),
                        p.meanMillis(),
                        p.stddevMillis(),
                        p.minMillis(),
                        p.maxMillis(),
                        p.nanos().length,
                        num(p.callsPerTransaction())));
            }
        }
        return sb.toString();
    }

    public static String fits(List<LatencyResult> results) {
        StringBuilder sb = new StringBuilder(
                "delay_ms,added_rtt_ms,document_variant,T_ms,D_ms,W_ms,round_trips_per_file,D_net_ms,"
                        + "r2_objects,r2_document,crossover_model,crossover_observed,ratio_at_5,paper_crossover,paper_ratio_at_5\n");
        for (LatencyResult r : results) {
            for (String v : DOCUMENT_VARIANTS) {
                Optional<ModelFit> f = ModelFit.of(r, v);
                if (f.isEmpty()) continue;
                ModelFit m = f.get();
                Optional<PaperBatch> paper = v.equals("ws-document") ? PaperBatch.at(r.delayNanos()) : Optional.empty();
                sb.append(String.format(
                        Locale.ROOT,
                        "%s,%.3f,%s,%.4f,%.4f,%.4f,%s,%.4f,%.4f,%.4f,%s,%s,%s,%s,%s%n",
                        num(r.delayMillis()),
                        m.latencyMillis(),
                        v,
                        m.transmitMillis(),
                        m.objectOverheadMillis(),
                        m.documentOverheadMillis(),
                        num(m.roundTripsPerFile()),
                        m.objectOverheadNetMillis(),
                        m.objects().r2(),
                        m.document().r2(),
                        Double.isInfinite(m.crossover()) ? "inf" : String.format(Locale.ROOT, "%.3f", m.crossover()),
                        m.observedCrossover().isPresent()
                                ? String.valueOf(m.observedCrossover().getAsInt())
                                : "",
                        m.ratioAt5().isPresent()
                                ? String.format(
                                        Locale.ROOT, "%.4f", m.ratioAt5().getAsDouble())
                                : "",
                        paper.map(PaperBatch::crossover).orElse(""),
                        paper.map(p -> num(p.ratioAt5())).orElse("")));
            }
        }
        return sb.toString();
    }

    static String num(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%s", v);
    }
}
