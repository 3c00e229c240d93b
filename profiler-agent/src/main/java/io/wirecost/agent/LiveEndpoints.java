package io.wirecost.agent;

import io.wirecost.attribution.Category;
import io.wirecost.attribution.EndpointCost;
import io.wirecost.attribution.EndpointSink;
import io.wirecost.attribution.RequestLog;
import io.wirecost.attribution.RuleSet;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Live CPU per endpoint ({@code endpoints=on} with metrics): each segment's samples joined with the requests
 * written beside it, as {@code attribute --by endpoint} joins them, summed since the agent started.
 * {@code wirecost_endpoint_cpu_seconds_total / wirecost_endpoint_requests_total} over a window is CPU per
 * request (the recording rule in prometheus/). Worker thread writes, scrapes read copies.
 */
final class LiveEndpoints {

    private final RuleSet rules;
    private final Map<String, Long> requests = new TreeMap<>();
    /** endpoint → CPU seconds per category index. */
    private final Map<String, double[]> cpuSeconds = new TreeMap<>();

    LiveEndpoints(RuleSet rules) {
        this.rules = rules;
    }

    /** The sink joining a segment's samples with its requests, or null when no request log lies beside it. */
    EndpointSink sinkFor(Path segment) throws IOException {
        Path log = RequestLog.beside(segment);
        return Files.isRegularFile(log) ? new EndpointSink(RequestLog.read(log), rules) : null;
    }

    synchronized void add(EndpointSink sink) {
        long interval = sink.intervalNanos();
        if (interval <= 0) return;
        Map<Integer, String> names = sink.log().endpoints();
        sink.requests().forEach((id, n) -> requests.merge(names.getOrDefault(id, "other"), n, Long::sum));
        sink.samples().forEach((id, counts) -> {
            String name = id < 0 ? EndpointCost.NOT_ATTRIBUTED : names.getOrDefault(id, "other");
            double[] into = cpuSeconds.computeIfAbsent(name, n -> new double[counts.length]);
            for (int c = 0; c < counts.length; c++) into[c] += counts[c] * (interval / 1e9);
        });
    }

    /** A read segment's request log goes with it. */
    static void delete(Path segment) throws IOException {
        Files.deleteIfExists(RequestLog.beside(segment));
    }

    synchronized Map<String, Long> requests() {
        return new TreeMap<>(requests);
    }

    /** [endpoint, category] → CPU seconds, categories with none left out. */
    synchronized Map<List<String>, Double> cpuSeconds() {
        Map<List<String>, Double> out =
                new TreeMap<>((a, b) -> String.join("\0", a).compareTo(String.join("\0", b)));
        List<Category> categories = rules.categories();
        cpuSeconds.forEach((endpoint, seconds) -> {
            for (int c = 0; c < seconds.length; c++) {
                if (seconds[c] > 0) out.put(List.of(endpoint, categories.get(c).name()), seconds[c]);
            }
        });
        return out;
    }
}
