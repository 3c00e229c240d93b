package io.wirecost.report;

import io.wirecost.diff.HtmlText;
import java.util.List;
import java.util.Locale;

/**
 * Inline SVG charts for {@code report.html}, drawn here rather than by a charting library so the
 * page needs no script from a CDN and no network at all. Every bar is a {@code rect.bar} with a
 * {@code <title>} (the browser's tooltip), which is also what the report test counts.
 */
final class Svg {

    /** A colour per category index: 24 distinguishable hues, then they repeat. */
    private static final String[] PALETTE = {
        "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7",
        "#9c755f", "#bab0ac", "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b",
        "#e377c2", "#7f7f7f", "#bcbd22", "#17becf", "#393b79", "#637939", "#8c6d31", "#843c39"
    };

    static final String REST = "#d9d9d9";

    record Segment(String label, double value, String color) {}

    /** A bar; {@code low}/{@code high} draw its 95 % interval as an error bar (NaN: none). */
    record Bar(String group, String series, double value, String color, double low, double high) {
        Bar(String group, String series, double value, String color) {
            this(group, series, value, color, Double.NaN, Double.NaN);
        }

        boolean hasInterval() {
            return !Double.isNaN(low) && !Double.isNaN(high);
        }
    }

    private Svg() {}

    static String color(int index) {
        return PALETTE[index % PALETTE.length];
    }

    /** One horizontal bar split into segments that sum to at most {@code total}; the remainder is grey and says why. */
    static String stackedBar(String label, List<Segment> segments, double total, String unit, String remainder) {
        int width = 900;
        int labelWidth = 170;
        int barWidth = width - labelWidth - 10;
        StringBuilder sb = new StringBuilder();
        sb.append("<svg class=\"chart stacked\" width=\"")
                .append(width)
                .append("\" height=\"26\" role=\"img\" aria-label=\"")
                .append(HtmlText.escape(label))
                .append("\">");
        sb.append("<text x=\"0\" y=\"17\" class=\"axis\">")
                .append(HtmlText.escape(label))
                .append("</text>");
        double x = labelWidth;
        double sum = 0;
        for (Segment s : segments) {
            if (s.value() <= 0) continue;
            double w = barWidth * s.value() / total;
            sb.append(rect(x, 3, w, 20, s.color(), s.label() + ": " + num(s.value()) + unit));
            if (w > 34) {
                sb.append("<text x=\"")
                        .append(num(x + 3))
                        .append("\" y=\"17\" class=\"inbar\">")
                        .append(num1(s.value()))
                        .append("</text>");
            }
            x += w;
            sum += s.value();
        }
        if (sum < total - 1e-9) {
            sb.append(
                    rect(x, 3, barWidth * (total - sum) / total, 20, REST, remainder + ": " + num(total - sum) + unit));
        }
        return sb.append("</svg>").toString();
    }

    /**
     * Vertical bars grouped by {@code group} (e.g. operation), one per series (e.g. scenario), on a
     * linear axis from zero with a few round ticks.
     */
    static String groupedBars(String title, List<String> groups, List<String> series, List<Bar> bars, String unit) {
        double max = bars.stream()
                .mapToDouble(b -> b.hasInterval() ? Math.max(b.value(), b.high()) : b.value())
                .max()
                .orElse(1);
        double step = niceStep(max / 4);
        double top = Math.ceil(max / step) * step;
        int barW = 14;
        int longest = groups.stream()
                .flatMap(g -> lines(g).stream())
                .mapToInt(String::length)
                .max()
                .orElse(4);
        int groupW = Math.max(series.size() * barW + 18, longest * 6 + 12); // room for the group's label
        int left = 60;
        int plotH = 200;
        int width = left + groups.size() * groupW + 10;
        int height = plotH + 60;
        StringBuilder sb = new StringBuilder();
        sb.append("<svg class=\"chart bars\" width=\"")
                .append(width)
                .append("\" height=\"")
                .append(height)
                .append("\" role=\"img\" aria-label=\"")
                .append(HtmlText.escape(title))
                .append("\">");
        for (double t = 0; t <= top + step / 2; t += step) {
            double y = 10 + plotH - plotH * t / top;
            sb.append("<line x1=\"")
                    .append(left)
                    .append("\" x2=\"")
                    .append(width - 10)
                    .append("\" y1=\"")
                    .append(num(y))
                    .append("\" y2=\"")
                    .append(num(y))
                    .append("\" class=\"grid\"/>");
            sb.append("<text x=\"")
                    .append(left - 6)
                    .append("\" y=\"")
                    .append(num(y + 4))
                    .append("\" class=\"axis\" text-anchor=\"end\">")
                    .append(tick(t, step))
                    .append("</text>");
        }
        sb.append("<text x=\"4\" y=\"")
                .append(10 + plotH / 2)
                .append("\" class=\"axis\" transform=\"rotate(-90 10 ")
                .append(10 + plotH / 2)
                .append(")\" text-anchor=\"middle\">")
                .append(HtmlText.escape(unit))
                .append("</text>");
        for (int g = 0; g < groups.size(); g++) {
            double gx = left + g * groupW + 9;
            for (int s = 0; s < series.size(); s++) {
                String grp = groups.get(g);
                String ser = series.get(s);
                for (Bar b : bars) {
                    if (!b.group().equals(grp) || !b.series().equals(ser)) continue;
                    double h = plotH * b.value() / top;
                    String tip = ser + ", " + grp + ": " + num(b.value()) + " " + unit
                            + (b.hasInterval() ? " (95 % interval " + num(b.low()) + " to " + num(b.high()) + ")" : "");
                    sb.append(rect(gx + s * barW, 10 + plotH - h, barW - 2, h, b.color(), tip));
                    if (b.hasInterval())
                        sb.append(errorBar(
                                gx + s * barW + (barW - 2) / 2.0,
                                10 + plotH - plotH * b.high() / top,
                                10 + plotH - plotH * Math.max(0, b.low()) / top));
                }
            }
            double cx = gx + series.size() * barW / 2.0;
            sb.append("<text y=\"").append(plotH + 28).append("\" class=\"axis\" text-anchor=\"middle\">");
            List<String> label = lines(groups.get(g));
            for (int i = 0; i < label.size(); i++) {
                sb.append("<tspan x=\"")
                        .append(num(cx))
                        .append("\"")
                        .append(i == 0 ? "" : " dy=\"13\"")
                        .append(">")
                        .append(HtmlText.escape(label.get(i)))
                        .append("</tspan>");
            }
            sb.append("</text>");
        }
        return sb.append("</svg>").toString();
    }

    static String legend(List<String> labels, List<String> colors) {
        StringBuilder sb = new StringBuilder("<div class=\"legend\">");
        for (int i = 0; i < labels.size(); i++) {
            sb.append("<span><i style=\"background:")
                    .append(colors.get(i))
                    .append("\"></i>")
                    .append(HtmlText.escape(labels.get(i)))
                    .append("</span>");
        }
        return sb.append("</div>").toString();
    }

    /** A vertical whisker with caps from {@code yTop} to {@code yBottom}: the bar's 95 % interval. */
    private static String errorBar(double x, double yTop, double yBottom) {
        return "<path class=\"errorbar\" d=\"M" + num(x) + " " + num(yTop) + "V" + num(yBottom)
                + "M" + num(x - 3) + " " + num(yTop) + "H" + num(x + 3) + "M" + num(x - 3) + " " + num(yBottom) + "H"
                + num(x + 3)
                + "\" stroke=\"#222\" fill=\"none\"/>";
    }

    private static String rect(double x, double y, double w, double h, String color, String title) {
        return "<rect class=\"bar\" x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\"" + num(w) + "\" height=\""
                + num(h) + "\" fill=\"" + color + "\"><title>" + HtmlText.escape(title) + "</title></rect>";
    }

    /** A long label such as {@code primitives-geomean} goes on two lines, split after its first dash. */
    private static List<String> lines(String label) {
        int dash = label.indexOf('-');
        return label.length() > 10 && dash > 0
                ? List.of(label.substring(0, dash + 1), label.substring(dash + 1))
                : List.of(label);
    }

    /** Tick labels with as many decimals as the step needs: 0.25 must not print as 0.3. */
    private static String tick(double v, double step) {
        int decimals = 0;
        while (decimals < 4
                && Math.abs(step * Math.pow(10, decimals) - Math.rint(step * Math.pow(10, decimals))) > 1e-6)
            decimals++;
        return String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    private static double niceStep(double raw) {
        if (raw <= 0) return 1;
        double mag = Math.pow(10, Math.floor(Math.log10(raw)));
        for (double m : new double[] {1, 2, 2.5, 5, 10}) if (m * mag >= raw) return m * mag;
        return 10 * mag;
    }

    static String num(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }

    private static String num1(double v) {
        return v >= 10 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.1f", v);
    }
}
