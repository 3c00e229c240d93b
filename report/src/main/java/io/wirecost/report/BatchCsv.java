package io.wirecost.report;

import io.wirecost.runner.batch.BatchPoint;
import io.wirecost.runner.batch.LatencyFits;
import io.wirecost.runner.batch.LatencyResult;
import io.wirecost.runner.batch.ModelFit;
import io.wirecost.runner.batch.PaperBatch;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** {@code batch.csv}, one row per latency, variant and batch size; {@code fits.csv}, one per latency and document variant. */
public final class BatchCsv {

    public static final List<String> DOCUMENT_VARIANTS = LatencyFits.DOCUMENT_VARIANTS;

    private BatchCsv() {}

    public static String points(List<LatencyResult> results) {
        StringBuilder sb = new StringBuilder(
                "delay_ms,added_rtt_ms,variant,files,median_ms,mean_ms,stddev_ms,min_ms,max_ms,transactions,calls_per_transaction,"
                        + "median_ci_low_ms,median_ci_high_ms\n");
        for (LatencyResult r : results) {
            for (BatchPoint p : r.points()) {
                double[] ci = p.medianCiMillis();
                sb.append(String.format(
                        Locale.ROOT,
                        "%s,%.3f,%s,%d,%.3f,%.3f,%.3f,%.3f,%.3f,%d,%s,%s,%s%n",
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
                        num(p.callsPerTransaction()),
                        bound(ci[0], "%.3f"),
                        bound(ci[1], "%.3f")));
            }
        }
        return sb.toString();
    }

    /**
     * One row per latency and document variant. The intervals' columns come last, so readers of the earlier columns
     * keep working: n̂'s ends are "inf" where resampled lines never cross, a ratio's are empty where 5 files were not
     * measured.
     */
    public static String fits(List<LatencyFits> fitted) {
        StringBuilder sb =
                new StringBuilder("delay_ms,added_rtt_ms,document_variant,T_ms,D_ms,W_ms,round_trips_per_file,D_net_ms,"
                        + "r2_objects,r2_document,crossover_model,crossover_observed,ratio_at_5,paper_crossover,paper_ratio_at_5,"
                        + "crossover_ci_low,crossover_ci_high,ratio_at_5_ci_low,ratio_at_5_ci_high\n");
        for (LatencyFits lf : fitted) {
            LatencyResult r = lf.result();
            for (ModelFit m : lf.fits()) {
                String v = m.documentVariant();
                Optional<PaperBatch> paper = PaperBatch.beside(v, r.delayNanos());
                sb.append(String.format(
                        Locale.ROOT,
                        "%s,%.3f,%s,%.4f,%.4f,%.4f,%s,%.4f,%.4f,%.4f,%s,%s,%s,%s,%s,%s,%s,%s,%s%n",
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
                        paper.map(p -> num(p.ratioAt5())).orElse(""),
                        bound(m.crossoverCiLow(), "%.3f"),
                        bound(m.crossoverCiHigh(), "%.3f"),
                        bound(m.ratioAt5CiLow(), "%.4f"),
                        bound(m.ratioAt5CiHigh(), "%.4f")));
            }
        }
        return sb.toString();
    }

    /** An interval's end: "inf" for lines that never cross, empty where unknown. */
    static String bound(double v, String format) {
        if (Double.isNaN(v)) return "";
        if (Double.isInfinite(v)) return "inf";
        return String.format(Locale.ROOT, format, v);
    }

    static String num(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%s", v);
    }
}
