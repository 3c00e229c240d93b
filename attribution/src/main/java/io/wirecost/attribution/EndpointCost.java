package io.wirecost.attribution;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Cost per request by endpoint and category, from {@link EndpointSink}s: in CPU mode an endpoint's samples times the
 * sampling interval (the CPU each sample stands for), in allocation mode the bytes its samples stand for, over its
 * request count.
 *
 * <p>The interval: the request count comes from the instrumentation and is exact, so the uncertainty is the
 * samples'. Sampling CPU time every {@code interval} of CPU thins it into counts that are Poisson or less dispersed
 * (a timer that fires every interval of CPU varies less than a Poisson process), so the exact-Poisson 95 % interval
 * for the count (Byar's approximation, good to a few percent from one sample on), scaled by interval / requests,
 * covers the sampling error at least at its nominal rate. An allocation sample instead stands for as many bytes as
 * it says (a TLAB, or one large object), so the bytes are a sum of unequal weights, a compound Poisson count: its
 * variance is estimated by the sum of the squared weights, and the interval is the normal one around the sum, which
 * wants some tens of samples (fewer are flagged). Neither says anything of how the cost varies between runs: that is
 * {@code diff}'s repetitions' job.
 *
 * @param mode          {@link SampleMode#CPU}: rows in CPU microseconds per request; {@link SampleMode#ALLOC}: in
 *                      bytes allocated per request
 * @param rows          one row per endpoint and category with samples, then the endpoint's {@code all}
 * @param notAttributed the samples not on any request's thread within its interval
 * @param total         every sample counted
 * @param intervalNanos CPU per sample in CPU mode
 */
public record EndpointCost(SampleMode mode, List<Row> rows, Sum notAttributed, Sum total, long intervalNanos) {

    public static final String ALL = "all";
    public static final String NOT_ATTRIBUTED = "(not attributed)";

    /**
     * One endpoint's cost per request in one category (or {@link #ALL}), with its 95 % interval, in the unit of the
     * cost's mode ({@link #unit}).
     */
    public record Row(
            String endpoint,
            String category,
            double perRequest,
            double ciLow,
            double ciHigh,
            long requests,
            long samples) {}

    /** Samples' weights summed (samples of CPU, or bytes), with the samples and the sum of their squared weights. */
    public record Sum(long weight, long samples, double squares) {
        static final Sum ZERO = new Sum(0, 0, 0);

        Sum plus(long w, long n, double sq) {
            return new Sum(weight + w, samples + n, squares + sq);
        }
    }

    public EndpointCost {
        if (mode != SampleMode.CPU && mode != SampleMode.ALLOC) {
            throw new IllegalArgumentException("cost per request is CPU or allocation, not " + mode);
        }
        rows = List.copyOf(rows);
    }

    /** What a row's figures are: {@code µs} (of CPU) or {@code bytes} (allocated), per request. */
    public String unit() {
        return mode == SampleMode.ALLOC ? "bytes" : "µs";
    }

    /** Samples counted in all. */
    public long samples() {
        return total.samples();
    }

    /**
     * Percent of all samples (in allocation mode, of all bytes) not attributed to an endpoint, with its 95 % interval:
     * Wilson's for a count; for bytes, the ratio estimator's ({@link CategoryShare#weighted}).
     */
    public double[] notAttributedPercent() {
        if (total.samples() <= 0) return new double[] {0, 0, 0};
        CategoryShare share = mode == SampleMode.CPU
                ? CategoryShare.of(null, notAttributed.weight(), total.weight())
                : CategoryShare.weighted(
                        null, notAttributed.weight(), total.weight(), notAttributed.squares(), total.squares());
        return new double[] {share.percent(), share.ciLow(), share.ciHigh()};
    }

    /** The samples not attributed to an endpoint, per request of any endpoint, as endpoint {@link #NOT_ATTRIBUTED}. */
    public Row notAttributedRow() {
        long requests = requests();
        return requests == 0 ? null : row(mode, NOT_ATTRIBUTED, ALL, notAttributed, requests, intervalNanos);
    }

    /** As {@link #of(SampleMode, List, List)} in CPU mode. */
    public static EndpointCost of(List<EndpointSink> sinks, List<Category> categories) {
        return of(SampleMode.CPU, sinks, categories);
    }

    /**
     * The rows of one or more recordings (the JVMs of one service, or one JVM's rotated files), read in {@code mode}:
     * endpoints are merged by name, since ids are per JVM. In CPU mode every recording must have been sampled at the
     * same interval.
     */
    public static EndpointCost of(SampleMode mode, List<EndpointSink> sinks, List<Category> categories) {
        long interval = -1;
        Map<String, EndpointSink.Tally> tallies = new java.util.TreeMap<>();
        Map<String, Long> requests = new java.util.TreeMap<>();
        Sum total = Sum.ZERO;
        Sum notAttributed = Sum.ZERO;
        for (EndpointSink sink : sinks) {
            if (mode == SampleMode.CPU) interval = sameInterval(interval, sink.intervalNanos());
            Map<Integer, String> names = sink.log().endpoints();
            for (Map.Entry<Integer, EndpointSink.Tally> e : sink.tallies().entrySet()) {
                EndpointSink.Tally t = e.getValue();
                Sum sum = sum(t, -1);
                total = total.plus(sum.weight(), sum.samples(), sum.squares());
                if (e.getKey() < 0) {
                    notAttributed = notAttributed.plus(sum.weight(), sum.samples(), sum.squares());
                    continue;
                }
                EndpointSink.Tally into = tallies.computeIfAbsent(
                        name(names, e.getKey()), n -> new EndpointSink.Tally(categories.size()));
                for (int c = 0; c < categories.size(); c++) {
                    into.weights()[c] += t.weights()[c];
                    into.events()[c] += t.events()[c];
                    into.squares()[c] += t.squares()[c];
                }
            }
            sink.requests().forEach((id, n) -> requests.merge(name(names, id), n, Long::sum));
        }
        List<Row> rows = new ArrayList<>();
        for (Map.Entry<String, Long> r : requests.entrySet()) {
            long n = r.getValue();
            EndpointSink.Tally t = tallies.getOrDefault(r.getKey(), new EndpointSink.Tally(categories.size()));
            for (int c = 0; c < categories.size(); c++) {
                if (t.events()[c] > 0)
                    rows.add(row(mode, r.getKey(), categories.get(c).name(), sum(t, c), n, interval));
            }
            rows.add(row(mode, r.getKey(), ALL, sum(t, -1), n, interval));
        }
        return new EndpointCost(mode, rows, notAttributed, total, interval);
    }

    private static long sameInterval(long interval, long i) {
        if (i <= 0) throw new IllegalStateException("a recording does not give its sampling interval");
        if (interval > 0 && i != interval) {
            throw new IllegalStateException("recordings sampled at different intervals (" + interval + " and " + i
                    + " ns): their samples stand for different CPU times");
        }
        return i;
    }

    /** Category {@code c}'s sum, or every category's when {@code c} is -1. */
    private static Sum sum(EndpointSink.Tally t, int c) {
        if (c >= 0) return new Sum(t.weights()[c], t.events()[c], t.squares()[c]);
        Sum s = Sum.ZERO;
        for (int i = 0; i < t.weights().length; i++) s = s.plus(t.weights()[i], t.events()[i], t.squares()[i]);
        return s;
    }

    private static String name(Map<Integer, String> names, int id) {
        return names.getOrDefault(id, "endpoint " + id);
    }

    /** Requests of every endpoint. */
    public long requests() {
        return rows.stream()
                .filter(r -> r.category().equals(ALL))
                .mapToLong(Row::requests)
                .sum();
    }

    private static final double Z95 = 1.959964;

    /** {@code sum} over {@code requests}, with its 95 % interval, in the mode's unit. */
    static Row row(SampleMode mode, String endpoint, String category, Sum sum, long requests, long intervalNanos) {
        if (mode == SampleMode.ALLOC) {
            double half = Z95 * Math.sqrt(sum.squares());
            double w = sum.weight();
            return new Row(
                    endpoint,
                    category,
                    w / requests,
                    Math.max(0, w - half) / requests,
                    (w + half) / requests,
                    requests,
                    sum.samples());
        }
        double scale = intervalNanos / 1000.0 / requests;
        double[] ci = poisson95(sum.weight());
        return new Row(endpoint, category, sum.weight() * scale, ci[0] * scale, ci[1] * scale, requests, sum.samples());
    }

    /** Byar's approximation to the exact (Garwood) 95 % interval of a Poisson count. */
    static double[] poisson95(long k) {
        double low = 0;
        if (k > 0) {
            double a = 1 - 1 / (9.0 * k) - Z95 / (3 * Math.sqrt(k));
            low = k * a * a * a;
        }
        double k1 = k + 1;
        double b = 1 - 1 / (9.0 * k1) + Z95 / (3 * Math.sqrt(k1));
        return new double[] {low, k1 * b * b * b};
    }

    /** The rows of one endpoint, or of every endpoint when null. */
    public List<Row> rows(String endpoint) {
        return rows.stream()
                .filter(r -> endpoint == null || r.endpoint().equals(endpoint))
                .toList();
    }
}
