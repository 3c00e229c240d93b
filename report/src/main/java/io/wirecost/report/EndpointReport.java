package io.wirecost.report;

import io.wirecost.attribution.EndpointCost;
import java.util.Locale;

/**
 * {@code wirecost attribute --by endpoint}: CPU per request by endpoint and category, with 95 % intervals,
 * and the share of samples not attributed to an endpoint (work on other threads, background threads, the
 * server between requests). The CSV's header is a contract with users' gates: {@link #CSV_HEADER}.
 */
public final class EndpointReport {

    public static final String CSV_HEADER = "endpoint,category,cpu_micros_per_request,ci_low,ci_high,requests";
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
        StringBuilder out = new StringBuilder(CSV_HEADER).append('\n');
        for (EndpointCost.Row r : cost.rows()) {
            out.append(csvField(r.endpoint()))
                    .append(',')
                    .append(csvField(r.category()))
                    .append(',')
                    .append(num(r.cpuMicrosPerRequest()))
                    .append(',')
                    .append(num(r.ciLowMicros()))
                    .append(',')
                    .append(num(r.ciHighMicros()))
                    .append(',')
                    .append(r.requests())
                    .append('\n');
        }
        EndpointCost.Row n = notAttributedRow();
        if (n != null) {
            out.append(csvField(n.endpoint()))
                    .append(",all,")
                    .append(num(n.cpuMicrosPerRequest()))
                    .append(',');
            out.append(num(n.ciLowMicros()))
                    .append(',')
                    .append(num(n.ciHighMicros()))
                    .append(',');
            out.append(n.requests()).append('\n');
        }
        return out.toString();
    }

    private EndpointCost.Row notAttributedRow() {
        long requests = cost.requests();
        if (requests == 0) return null;
        return EndpointCost.row(
                EndpointCost.NOT_ATTRIBUTED, EndpointCost.ALL, cost.notAttributed(), requests, cost.intervalNanos());
    }

    public String text() {
        StringBuilder out = new StringBuilder();
        out.append(String.format(
                Locale.ROOT,
                "CPU per request by endpoint (µs, 95 %% interval), sampled every %s of CPU%n%n",
                Durations.of(cost.intervalNanos())));
        out.append(String.format(
                Locale.ROOT,
                "%-40s %-22s %12s %23s %10s%n",
                "endpoint",
                "category",
                "µs/request",
                "95 % interval",
                "requests"));
        for (EndpointCost.Row r : cost.rows()) {
            boolean all = r.category().equals(EndpointCost.ALL);
            out.append(String.format(
                    Locale.ROOT,
                    "%-40s %-22s %12.1f %23s %10d%s%n",
                    all ? r.endpoint() : "",
                    all ? "all" : "  " + r.category(),
                    r.cpuMicrosPerRequest(),
                    String.format(Locale.ROOT, "[%.1f, %.1f]", r.ciLowMicros(), r.ciHighMicros()),
                    r.requests(),
                    r.samples() < FEW_SAMPLES ? "  (few samples)" : ""));
        }
        double[] na = cost.notAttributedPercent();
        out.append(String.format(
                Locale.ROOT,
                "%nNot attributed to an endpoint: %.1f %% [%.1f, %.1f] of %d samples (other threads, work handed off,"
                        + " between requests)%n",
                na[0],
                na[1],
                na[2],
                cost.samples()));
        return out.toString();
    }

    private static String num(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }

    static String csvField(String s) {
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0) return s;
        return '"' + s.replace("\"", "\"\"") + '"';
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
