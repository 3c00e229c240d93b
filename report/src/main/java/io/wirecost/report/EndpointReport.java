package io.wirecost.report;

import io.wirecost.attribution.EndpointCost;
import io.wirecost.attribution.SampleMode;
import java.util.Locale;

/**
 * {@code wirecost attribute --by endpoint}: CPU (with {@code --mode alloc}, bytes allocated) per request by endpoint
 * and category, with 95 % intervals, and the share of samples not attributed to an endpoint (work on other threads,
 * background threads, the server between requests). The CSV's header is a contract with users' gates:
 * {@link #CSV_HEADER}, {@link #ALLOC_CSV_HEADER}.
 */
public final class EndpointReport {

    public static final String CSV_HEADER = "endpoint,category,cpu_micros_per_request,ci_low,ci_high,requests";
    public static final String ALLOC_CSV_HEADER = "endpoint,category,alloc_bytes_per_request,ci_low,ci_high,requests";
    /** Below this many samples an endpoint's figure is an anecdote: the table flags it. */
    static final long FEW_SAMPLES = 10;

    private final EndpointCost cost;

    public EndpointReport(EndpointCost cost) {
        this.cost = cost;
    }

    /**
     * One row per endpoint and category with samples, the endpoint's {@code all} last; then the samples not
     * attributed to an endpoint, per request of any endpoint, as endpoint {@code (not attributed)}.
     */
    public String csv() {
        Csv csv = new Csv(cost.mode() == SampleMode.ALLOC ? ALLOC_CSV_HEADER : CSV_HEADER);
        for (EndpointCost.Row r : cost.rows()) csvRow(csv, r);
        EndpointCost.Row n = cost.notAttributedRow();
        if (n != null) csvRow(csv, n);
        return csv.toString();
    }

    private static void csvRow(Csv csv, EndpointCost.Row r) {
        csv.row(
                Csv.field(r.endpoint()),
                Csv.field(r.category()),
                num(r.perRequest()),
                num(r.ciLow()),
                num(r.ciHigh()),
                r.requests());
    }

    public String text() {
        StringBuilder out = new StringBuilder();
        boolean alloc = cost.mode() == SampleMode.ALLOC;
        out.append(
                alloc
                        ? String.format(Locale.ROOT, "Bytes allocated per request by endpoint (95 %% interval)%n%n")
                        : String.format(
                                Locale.ROOT,
                                "CPU per request by endpoint (µs, 95 %% interval), sampled every %s of CPU%n%n",
                                Durations.of(cost.intervalNanos())));
        out.append(String.format(
                Locale.ROOT,
                "%-40s %-22s %12s %23s %10s%n",
                "endpoint",
                "category",
                alloc ? "bytes/request" : "µs/request",
                "95 % interval",
                "requests"));
        for (EndpointCost.Row r : cost.rows()) {
            boolean all = r.category().equals(EndpointCost.ALL);
            out.append(String.format(
                    Locale.ROOT,
                    "%-40s %-22s %12.1f %23s %10d%s%n",
                    all ? r.endpoint() : "",
                    all ? "all" : "  " + r.category(),
                    r.perRequest(),
                    String.format(Locale.ROOT, "[%.1f, %.1f]", r.ciLow(), r.ciHigh()),
                    r.requests(),
                    r.samples() < FEW_SAMPLES ? "  (few samples)" : ""));
        }
        double[] na = cost.notAttributedPercent();
        out.append(String.format(
                Locale.ROOT,
                "%nNot attributed to an endpoint: %.1f %% [%.1f, %.1f] of %s%d samples (other threads, work handed"
                        + " off, between requests)%n",
                na[0],
                na[1],
                na[2],
                alloc ? "the bytes of " : "",
                cost.samples()));
        return out.toString();
    }

    private static String num(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }

    /** Printable durations for the header line. */
    private static final class Durations {
        static String of(long nanos) {
            if (nanos % 1_000_000 == 0) return nanos / 1_000_000 + " ms";
            if (nanos % 1_000 == 0) return nanos / 1_000 + " µs";
            return nanos + " ns";
        }
    }
}
