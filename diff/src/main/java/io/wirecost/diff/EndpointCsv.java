package io.wirecost.diff;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads a run's {@code endpoints.csv} ({@code run --profile cpu,endpoints}): each repetition's CPU microseconds per
 * request of each endpoint of each scenario's server, with the sampling's 95 % interval and the requests. The diff
 * tests the per-repetition figures against each other, as it tests CPU per call: the sampling interval of one
 * repetition says nothing of how the cost varies between JVMs. A run without the file has no endpoint figures.
 */
public final class EndpointCsv {

    /** The header, the contract between the run's writer (report module) and this reader. */
    public static final String HEADER = "scenario,repetition,endpoint,cpu_micros_per_request,ci_low,ci_high,requests";

    private EndpointCsv() {}

    /**
     * One endpoint's figures, one per repetition in repetition order.
     *
     * @param cpuMicrosPerRequest each repetition's CPU microseconds per request
     * @param relativeHalfWidths  each repetition's 95 % sampling interval, its half-width over its figure (NaN for a
     *                            repetition without a sample): how many samples the figure rests on
     */
    public record Endpoint(double[] cpuMicrosPerRequest, double[] relativeHalfWidths) {

        /** The median repetition's relative half-width; NaN where no repetition has samples. */
        public double medianRelativeHalfWidth() {
            double[] w = java.util.Arrays.stream(relativeHalfWidths)
                    .filter(x -> !Double.isNaN(x))
                    .sorted()
                    .toArray();
            if (w.length == 0) return Double.NaN;
            return w.length % 2 == 1 ? w[w.length / 2] : (w[w.length / 2 - 1] + w[w.length / 2]) / 2;
        }
    }

    /** scenario -> endpoint -> its figures. */
    public static Map<String, Map<String, Endpoint>> read(Path file) throws RunData.BadRunException {
        Map<String, Map<String, Map<Integer, double[]>>> byRep = new LinkedHashMap<>();
        List<String> lines = CsvLines.read(file, HEADER);
        for (int i = 1; i < lines.size(); i++) {
            if (lines.get(i).isBlank()) continue;
            List<String> f = CsvLines.fields(lines.get(i));
            if (f.size() != 7)
                throw new RunData.BadRunException(
                        file + ": line " + (i + 1) + " has " + f.size() + " fields, expected 7");
            int rep = (int) CsvLines.number(file, i, "repetition", f.get(1));
            double micros = CsvLines.number(file, i, "cpu_micros_per_request", f.get(3));
            double low = CsvLines.number(file, i, "ci_low", f.get(4));
            double high = CsvLines.number(file, i, "ci_high", f.get(5));
            double halfWidth = micros > 0 ? (high - low) / 2 / micros : Double.NaN;
            byRep.computeIfAbsent(f.get(0), k -> new TreeMap<>())
                    .computeIfAbsent(f.get(2), k -> new TreeMap<>())
                    .put(rep, new double[] {micros, halfWidth});
        }
        Map<String, Map<String, Endpoint>> out = new LinkedHashMap<>();
        byRep.forEach((scenario, endpoints) -> {
            Map<String, Endpoint> m = new TreeMap<>();
            endpoints.forEach((endpoint, reps) -> m.put(
                    endpoint,
                    new Endpoint(
                            reps.values().stream().mapToDouble(r -> r[0]).toArray(),
                            reps.values().stream().mapToDouble(r -> r[1]).toArray())));
            out.put(scenario, m);
        });
        return out;
    }
}
