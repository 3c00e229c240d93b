package io.wirecost.cli;

import io.wirecost.report.Table;
import io.wirecost.runner.Estimate;
import io.wirecost.runner.model.ModelFit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** {@code wirecost model}'s first table: each scenario's two fits, and the points the paper's line misses. */
final class ModelFitTable {

    private ModelFitTable() {}

    static Table of(Map<String, ModelFit> fits, Map<String, List<ModelFit.Point>> points) {
        List<List<String>> rows = new ArrayList<>();
        fits.forEach((s, f) -> {
            // where the paper's line through the origin breaks: the points it misses by more than 25 %
            List<String> off = new ArrayList<>();
            for (ModelFit.Point p : points.get(s)) {
                double pred = f.kOrigin() * p.clients() * p.ints();
                if (Math.abs(pred - p.latencyMicros()) > 0.25 * p.latencyMicros())
                    off.add("CL" + p.clients() + "/NI" + p.ints());
            }
            rows.add(List.of(
                    s,
                    String.valueOf(f.points()),
                    e(f.k()),
                    interval(f.kEstimate()),
                    String.format(Locale.ROOT, "%.1f", f.c()),
                    String.format(Locale.ROOT, "%.3f", f.r2()),
                    e(f.kOrigin()),
                    String.format(Locale.ROOT, "%.3f", f.r2Origin()),
                    f.k() > 0 ? String.format(Locale.ROOT, "%.0f", f.c() / f.k()) : "-",
                    off.isEmpty()
                            ? "none"
                            : off.size() + " of " + f.points()
                                    + (off.size() <= 4 ? ": " + String.join(" ", off) : "")));
        });
        return new Table(
                "Seed 003's model per scenario: L = c + K x CL x NI and the paper's L = K x CL x NI (latency in µs)",
                List.of(
                        "scenario",
                        "points",
                        "K (µs per client x int)",
                        "K 95 % interval",
                        "c (µs)",
                        "R²",
                        "K through origin",
                        "R² through origin",
                        "constant dominates below CL x NI",
                        "points the origin line misses by >25 %"),
                rows,
                List.of(
                        "R² against the mean for both fits. Ratios use K of the fit with the constant: at low NI the constant "
                                + "(HTTP, envelopes, dispatch) dominates and the line through the origin cannot show it. "
                                + "K's interval: Student t from the fit's residuals (points - 2 degrees of freedom), so it "
                                + "covers the points' noise and how far they stray from a line."));
    }

    private static String interval(Estimate e) {
        return e.known() ? String.format(Locale.ROOT, "[%.4g, %.4g]", e.low(), e.high()) : "-";
    }

    private static String e(double v) {
        return String.format(Locale.ROOT, "%.4g", v);
    }
}
