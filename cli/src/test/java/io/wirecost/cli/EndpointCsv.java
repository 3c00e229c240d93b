package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** {@code attribute --by endpoint --format csv} of a recording, as the endpoint tests read it. */
final class EndpointCsv {

    static final String NOT_ATTRIBUTED = "(not attributed)";

    private EndpointCsv() {}

    /**
     * endpoint -> {CPU µs per request, CI low, CI high, requests} for the whole cost (category all), the share no
     * request ran on included as {@link #NOT_ATTRIBUTED} (its requests: all of them).
     */
    static Map<String, double[]> costs(Path recording) throws Exception {
        return costs(recording, "cpu");
    }

    /** As {@link #costs(Path)} in {@code mode}: {@code cpu} (µs per request) or {@code alloc} (bytes per request). */
    static Map<String, double[]> costs(Path recording, String mode) throws Exception {
        CliProcess.Outcome o = CliProcess.run(
                "attribute", recording.toString(), "--by", "endpoint", "--mode", mode, "--format", "csv");
        assertEquals(0, o.exit(), o.err());
        List<String> lines = o.stdout().lines().toList();
        assertEquals(
                "endpoint,category,"
                        + (mode.equals("alloc") ? "alloc_bytes_per_request" : "cpu_micros_per_request")
                        + ",ci_low,ci_high,requests",
                lines.get(0));
        Map<String, double[]> out = new TreeMap<>();
        for (String line : lines.subList(1, lines.size())) {
            int cut = line.lastIndexOf(",all,");
            if (cut < 0) continue;
            String[] f = line.substring(cut + 5).split(",");
            out.put(line.substring(0, cut).replace("\"", ""), new double[] {
                Double.parseDouble(f[0]), Double.parseDouble(f[1]), Double.parseDouble(f[2]), Double.parseDouble(f[3])
            });
        }
        return out;
    }

    static String show(Map<String, double[]> costs) {
        StringBuilder b = new StringBuilder();
        costs.forEach((k, v) ->
                b.append(String.format(Locale.ROOT, "%s %.1f [%.1f, %.1f] n=%.0f; ", k, v[0], v[1], v[2], v[3])));
        return b.toString();
    }
}
