package io.wirecost.attribution;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * CPU per request by endpoint and category, from an {@link EndpointSink}: an endpoint's samples times the
 * sampling interval (the CPU each sample stands for) over its request count.
 *
 * <p>The interval: the request count comes from the instrumentation and is exact, so the uncertainty is the
 * sample count's. Sampling CPU time every {@code interval} of CPU thins it into counts that are Poisson or
 * less dispersed (a timer that fires every interval of CPU varies less than a Poisson process), so the
 * exact-Poisson 95 % interval for the count (Byar's approximation, good to a few percent from one sample on),
 * scaled by interval / requests, covers the sampling error at least at its nominal rate. It says nothing of
 * how the cost varies between runs: that is {@code diff}'s repetitions' job.
 *
 * @param rows          one row per endpoint and category with samples, then the endpoint's {@code all}
 * @param notAttributed samples not on any request's thread within its interval
 * @param samples       every sample counted
 * @param intervalNanos CPU per sample
 */
public record EndpointCost(List<Row> rows, long notAttributed, long samples, long intervalNanos) {

    public static final String ALL = "all";
    public static final String NOT_ATTRIBUTED = "(not attributed)";

    /** One endpoint's CPU per request in one category (or {@link #ALL}), with its 95 % interval. */
    public record Row(
            String endpoint,
            String category,
            double cpuMicrosPerRequest,
            double ciLowMicros,
            double ciHighMicros,
            long requests,
            long samples) {}

    public EndpointCost {
        rows = List.copyOf(rows);
    }

    /** Percent of all samples not attributed to an endpoint, with its Wilson 95 % interval. */
    public double[] notAttributedPercent() {
        if (samples <= 0) return new double[] {0, 0, 0};
        double[] ci = CategoryShare.wilson(notAttributed, samples);
        return new double[] {100.0 * notAttributed / samples, 100 * ci[0], 100 * ci[1]};
    }

    /**
     * The rows of one or more recordings (the JVMs of one service, or one JVM's rotated files): endpoints are
     * merged by name, since ids are per JVM. Every recording must have been sampled at the same interval.
     */
    public static EndpointCost of(List<EndpointSink> sinks, List<Category> categories) {
        long interval = -1;
        Map<String, long[]> samples = new java.util.TreeMap<>();
        Map<String, Long> requests = new java.util.TreeMap<>();
        long total = 0;
        long notAttributed = 0;
        for (EndpointSink sink : sinks) {
            long i = sink.intervalNanos();
            if (i <= 0) throw new IllegalStateException("a recording does not give its sampling interval");
            if (interval > 0 && i != interval) {
                throw new IllegalStateException("recordings sampled at different intervals (" + interval + " and " + i
                        + " ns): their samples stand for different CPU times");
            }
            interval = i;
            Map<Integer, String> names = sink.log().endpoints();
            for (Map.Entry<Integer, long[]> e : sink.samples().entrySet()) {
                long sum = 0;
                for (long v : e.getValue()) sum += v;
                total += sum;
                if (e.getKey() < 0) {
                    notAttributed += sum;
                    continue;
                }
                long[] into = samples.computeIfAbsent(name(names, e.getKey()), n -> new long[categories.size()]);
                for (int c = 0; c < into.length; c++) into[c] += e.getValue()[c];
            }
            sink.requests().forEach((id, n) -> requests.merge(name(names, id), n, Long::sum));
        }
        List<Row> rows = new ArrayList<>();
        for (Map.Entry<String, Long> r : requests.entrySet()) {
            long n = r.getValue();
            long[] counts = samples.getOrDefault(r.getKey(), new long[categories.size()]);
            long all = 0;
            for (int c = 0; c < counts.length; c++) {
                if (counts[c] > 0) rows.add(row(r.getKey(), categories.get(c).name(), counts[c], n, interval));
                all += counts[c];
            }
            rows.add(row(r.getKey(), ALL, all, n, interval));
        }
        return new EndpointCost(rows, notAttributed, total, interval);
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

    /** {@code samples} of CPU over {@code requests}, with the Poisson interval of the count. */
    public static Row row(String endpoint, String category, long samples, long requests, long intervalNanos) {
        double scale = intervalNanos / 1000.0 / requests;
        double[] ci = poisson95(samples);
        return new Row(endpoint, category, samples * scale, ci[0] * scale, ci[1] * scale, requests, samples);
    }

    /** Byar's approximation to the exact (Garwood) 95 % interval of a Poisson count. */
    static double[] poisson95(long k) {
        double z = 1.959964;
        double low = 0;
        if (k > 0) {
            double a = 1 - 1 / (9.0 * k) - z / (3 * Math.sqrt(k));
            low = k * a * a * a;
        }
        double k1 = k + 1;
        double b = 1 - 1 / (9.0 * k1) + z / (3 * Math.sqrt(k1));
        return new double[] {low, k1 * b * b * b};
    }

    /** The rows of one endpoint, or of every endpoint when null. */
    public List<Row> rows(String endpoint) {
        return rows.stream()
                .filter(r -> endpoint == null || r.endpoint().equals(endpoint))
                .toList();
    }
}
