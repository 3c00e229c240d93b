package io.wirecost.cli;

import io.wirecost.report.Table;
import io.wirecost.report.paper.PaperTable;
import io.wirecost.runner.Estimate;
import io.wirecost.runner.model.ModelFit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * {@code wirecost model}'s K ratios: each scenario's K over the fastest one's, for model.json, and the table that
 * sets them beside seed 003's Figures 2 and 3.
 */
final class ModelRatios {

    private ModelRatios() {}

    /**
     * Each scenario's K over the fastest one's; null where the scenario's K is not positive: its latency did not grow
     * with CL x NI over the sweep (a loaded machine, or too short a sweep), and a ratio of it would mean nothing.
     */
    static Map<String, Double> of(Map<String, ModelFit> fits) {
        double min = fastest(fits).map(ModelFit::k).orElse(Double.NaN);
        Map<String, Double> out = new LinkedHashMap<>();
        fits.forEach((s, f) -> out.put(s, f.k() > 0 ? f.k() / min : null));
        return out;
    }

    /** The fit with the smallest positive K: the reference both kinds of ratio divide by. */
    private static Optional<ModelFit> fastest(Map<String, ModelFit> fits) {
        return fits.values().stream().filter(f -> f.k() > 0).min(Comparator.comparingDouble(ModelFit::k));
    }

    /** Each scenario's K over the fastest one's with its 95 % interval ({@link Estimate#ratio}); none for the fastest. */
    static Map<String, Estimate> estimates(Map<String, ModelFit> fits) {
        Map<String, Estimate> out = new LinkedHashMap<>();
        fastest(fits)
                .ifPresent(b -> fits.forEach((s, f) -> {
                    if (f != b && f.k() > 0) out.put(s, f.kEstimate().ratio(b.kEstimate()));
                }));
        return out;
    }

    private static final String NO_RATIO = "none: K <= 0, latency did not grow with CL x NI";

    private static String ratio(Estimate e) {
        return e.known()
                ? String.format(Locale.ROOT, "%.2f [%.2f, %.2f]", e.value(), e.low(), e.high())
                : String.format(Locale.ROOT, "%.2f (no interval: too few points)", e.value());
    }

    /** Seed 003's ratios (performance-factors.csv, source 003) and which scenarios stand for them. */
    private static final Map<String, String[]> MAPPING = Map.of(
            "SOAP+HTTP/Binary+TCP", new String[] {"ws-literal", "rmi"},
            "Binary+HTTP/Binary+TCP", new String[] {"http-to-port", "rmi"},
            "SOAP+TCP/Binary+TCP", new String[] {"", "rmi"});

    static Table table(Map<String, ModelFit> fits) {
        List<List<String>> rows = new ArrayList<>();
        Map<String, Double> r = of(fits);
        String fastest = r.entrySet().stream()
                .filter(x -> x.getValue() != null && x.getValue() == 1.0)
                .map(Map.Entry::getKey)
                .findFirst()
                .orElse("-");
        Map<String, Estimate> withIntervals = estimates(fits);
        r.forEach((s, v) -> rows.add(List.of(
                s + " / " + fastest,
                v == null
                        ? NO_RATIO
                        : withIntervals.containsKey(s)
                                ? ratio(withIntervals.get(s))
                                : String.format(Locale.ROOT, "%.2f", v) + (s.equals(fastest) ? " (reference)" : ""),
                "",
                "")));
        for (String[] f : seed003Factors()) {
            String[] pair = MAPPING.get(f[2]);
            if (pair == null) continue;
            String base = fits.containsKey(pair[1]) ? pair[1] : fits.containsKey("tcp") ? "tcp" : pair[1];
            ModelFit a = pair[0].isEmpty() ? null : fits.get(pair[0]);
            ModelFit b = fits.get(base);
            String today = a == null || b == null
                    ? "-"
                    : a.k() > 0 && b.k() > 0 ? ratio(a.kEstimate().ratio(b.kEstimate())) : NO_RATIO;
            rows.add(List.of(
                    pair[0].isEmpty() ? "(no scenario: SOAP over raw TCP)" : pair[0] + " / " + base,
                    today,
                    f[4],
                    "seed 003 " + f[2]));
        }
        return new Table(
                "K ratios, today vs seed 003 Figures 2 and 3 (>1: slower than the reference)",
                List.of("scenarios", "today [95 %]", "paper", "paper ratio"),
                rows,
                List.of(
                        "Mapping: Binary+TCP = rmi (tcp if rmi is absent), SOAP+HTTP = ws-literal, Binary+HTTP = http-to-port; "
                                + "seed 003's SOAP+TCP (.NET remoting's SOAP formatter on TCP) has no scenario.",
                        "95 % intervals: the two K's intervals combined by the delta method on logarithms (independent "
                                + "sweeps); one sweep each, so the machine's drift between them is not in them."));
    }

    private static List<String[]> seed003Factors() {
        return PaperTable.factors().stream().filter(f -> f[0].equals("003")).toList();
    }
}
