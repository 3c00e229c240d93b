package io.wirecost.report;

import io.wirecost.runner.BatchRunner;
import io.wirecost.runner.batch.BatchPoint;
import io.wirecost.runner.batch.LatencyFits;
import io.wirecost.runner.batch.LatencyResult;
import io.wirecost.runner.batch.ModelFit;
import io.wirecost.runner.batch.PaperBatch;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeSet;

/** The human tables of {@code wirecost batch}: times by batch size, and the fitted model beside the paper. */
public final class BatchTables {

    private static final List<String> VARIANTS = List.of("rmi-objects", "ws-document", "rmi-document");

    private BatchTables() {}

    public static Table times(List<LatencyResult> results) {
        List<String> header = new ArrayList<>(List.of("files"));
        for (LatencyResult r : results)
            for (String v : VARIANTS) header.add(BatchRunner.millis(r.delayNanos()) + " " + v);
        TreeSet<Integer> sizes = new TreeSet<>();
        for (LatencyResult r : results) for (BatchPoint p : r.points()) sizes.add(p.files());
        List<List<String>> rows = new ArrayList<>();
        for (int n : sizes) {
            List<String> row = new ArrayList<>(List.of(String.valueOf(n)));
            for (LatencyResult r : results) {
                for (String v : VARIANTS)
                    row.add(r.point(v, n).map(p -> ms(p.medianMillis())).orElse("-"));
            }
            rows.add(row);
        }
        List<String> notes = new ArrayList<>();
        notes.add(
                "Median of each point's transactions (its 95 % interval: batch.csv's median_ci_low_ms, median_ci_high_ms);"
                        + " a transaction fetches files /base/section/test0.htm .. test(n-1).htm.");
        notes.add(
                "rmi-objects: 5 remote calls per file (paper: RMI); ws-document: one SOAP request (paper: Web Service); rmi-document: one RMI call (paper: RMI Optimized).");
        notes.add("Latency = the proxy's delay per direction (0: direct connections). Added round trip as measured:"
                + results.stream()
                        .map(r -> String.format(
                                Locale.ROOT, " %s -> %.2f ms", BatchRunner.millis(r.delayNanos()), r.addedRttMillis()))
                        .reduce("", String::concat)
                + ".");
        for (LatencyResult r : results)
            if (!r.ok()) notes.add(BatchRunner.millis(r.delayNanos()) + " FAILED: " + r.error());
        return new Table(
                "Time per transaction, ms, by files per transaction (seed 004, Figs. 7-9)", header, rows, notes);
    }

    /** Points of fewer transactions than this give no 95 % interval for their median, and coarse bootstraps. */
    static final int FEWEST_FOR_INTERVALS = BatchPoint.FEWEST_FOR_MEDIAN_INTERVAL;

    public static Table model(List<LatencyFits> fitted) {
        List<String> header = List.of(
                "latency",
                "document",
                "L ms",
                "T ms",
                "D ms",
                "W ms",
                "D net ms",
                "R² obj",
                "R² doc",
                "n̂ model",
                "n̂ measured",
                "doc/obj at 5",
                "paper n̂",
                "paper at 5");
        List<List<String>> rows = new ArrayList<>();
        List<String> coarse = new ArrayList<>();
        for (LatencyFits lf : fitted) {
            LatencyResult r = lf.result();
            int fewest =
                    r.points().stream().mapToInt(p -> p.nanos().length).min().orElse(0);
            if (!lf.fits().isEmpty() && fewest < FEWEST_FOR_INTERVALS)
                coarse.add(BatchRunner.millis(r.delayNanos()) + " (" + fewest + ")");
            for (ModelFit m : lf.fits()) {
                String v = m.documentVariant();
                Optional<PaperBatch> paper = PaperBatch.beside(v, r.delayNanos());
                rows.add(List.of(
                        BatchRunner.millis(r.delayNanos()),
                        v,
                        ms(m.latencyMillis()),
                        ms(m.transmitMillis()),
                        ms(m.objectOverheadMillis()),
                        ms(m.documentOverheadMillis()),
                        ms(m.objectOverheadNetMillis()),
                        String.format(Locale.ROOT, "%.3f", m.objects().r2()),
                        String.format(Locale.ROOT, "%.3f", m.document().r2()),
                        withInterval(m.crossover(), m.crossoverCiLow(), m.crossoverCiHigh(), "%.2f"),
                        m.observedCrossover().isPresent()
                                ? String.valueOf(m.observedCrossover().getAsInt())
                                : "none",
                        m.ratioAt5().isPresent()
                                ? withInterval(
                                        m.ratioAt5().getAsDouble(), m.ratioAt5CiLow(), m.ratioAt5CiHigh(), "%.3f")
                                : "-",
                        paper.map(PaperBatch::crossover).orElse("-"),
                        paper.map(p -> String.valueOf(p.ratioAt5())).orElse("-")));
            }
        }
        List<String> notes = new ArrayList<>(
                List.of(
                        "Model (seed 004, VI): objects n(L+T+D), document L+nT+W; least squares on the medians; crossover n̂ = (L+W)/(L+D).",
                        "[low, high]: 95 % percentile bootstrap, each point's transactions resampled and both lines refitted "
                                + "(2,000 times, seeded); 'never': at least 2.5 % of the refitted lines do not cross.",
                        "L: round-trip latency the path added (measured with an echo service); T: document slope; W: document intercept - L;",
                        "D: object slope - L - T; D net: object slope - 5L - T (the object interface pays 5 round trips per file, the model 1).",
                        "n̂ measured: smallest measured n from which the document variant was faster at every measured n.",
                        "R² doc is low when the document time hardly grows with n: T is then about 0 and what varies is noise.",
                        "Paper: localhost, LAN (ping 2 ms), wireless (ping 29 ms); its latencies are round trips, wirecost's are per direction."));
        if (!coarse.isEmpty())
            notes.add("Too few transactions per point for these intervals to be trusted at " + String.join(", ", coarse)
                    + ": a bootstrap of fewer than " + FEWEST_FOR_INTERVALS
                    + " only reshuffles the same values and is too narrow; measure with --reps " + FEWEST_FOR_INTERVALS
                    + " or more.");
        return new Table("Seed 004's model fitted per latency, beside the paper", header, rows, notes);
    }

    /** "2.41 [2.10, 2.80]"; infinite values are "never" (lines that do not cross). */
    static String withInterval(double value, double low, double high, String format) {
        String v = finiteOrNever(value, format);
        if (Double.isNaN(low) || Double.isNaN(high)) return v;
        return v + " [" + finiteOrNever(low, format) + ", " + finiteOrNever(high, format) + "]";
    }

    private static String finiteOrNever(double v, String format) {
        return Double.isInfinite(v) ? "never" : String.format(Locale.ROOT, format, v);
    }

    static String ms(double v) {
        double a = Math.abs(v);
        if (a >= 100) return String.format(Locale.ROOT, "%.0f", v);
        if (a >= 10) return String.format(Locale.ROOT, "%.1f", v);
        if (a >= 1) return String.format(Locale.ROOT, "%.2f", v);
        return String.format(Locale.ROOT, "%.3f", v);
    }
}
