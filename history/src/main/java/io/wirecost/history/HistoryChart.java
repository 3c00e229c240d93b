package io.wirecost.history;

import io.wirecost.diff.HtmlText;
import io.wirecost.history.ChangePointCheck.Found;
import io.wirecost.history.HistoryStore.Point;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * One metric's chart on the history page: an inline SVG with each run's value and interval, linked to its report,
 * the change points as dashed lines and the means between them. Its geometry (scales, axis labels, every shape)
 * concerns the drawing alone, so it stands apart from {@link HistoryReport}, which lays out the page and its table.
 */
final class HistoryChart {

    private static final int WIDTH = 900;
    private static final int HEIGHT = 220;
    private static final int LEFT = 70;
    private static final int RIGHT = 20;
    private static final int TOP = 20;
    private static final int BOTTOM = 30;

    private HistoryChart() {}

    /** The chart of {@code points} with the change points {@code cps} found in them, appended to {@code h}. */
    static void append(StringBuilder h, String metric, List<Point> points, List<Found> cps) {
        double lo = Double.MAX_VALUE;
        double hi = -Double.MAX_VALUE;
        for (Point p : points) {
            Figure f = p.figure();
            lo = Math.min(lo, f.hasInterval() ? Math.min(f.ciLow(), f.value()) : f.value());
            hi = Math.max(hi, f.hasInterval() ? Math.max(f.ciHigh(), f.value()) : f.value());
        }
        if (hi <= lo) {
            hi = lo + 1;
            lo -= 1;
        }
        double pad = (hi - lo) * 0.05;
        double min = lo - pad;
        double max = hi + pad;
        int n = points.size();
        h.append("<h2>")
                .append(HtmlText.escape(metric))
                .append(" (")
                .append(HtmlText.escape(points.get(0).figure().unit()))
                .append(")</h2>\n<svg class=\"history\" role=\"img\" aria-label=\"")
                .append(HtmlText.escape(metric))
                .append("\" width=\"")
                .append(WIDTH)
                .append("\" height=\"")
                .append(HEIGHT)
                .append("\" viewBox=\"0 0 ")
                .append(WIDTH)
                .append(' ')
                .append(HEIGHT)
                .append("\">\n");
        h.append(text(4, TOP + 4, num(max))).append(text(4, HEIGHT - BOTTOM, num(min)));
        int from = 0;
        for (int k = 0; k <= cps.size(); k++) {
            int to = k < cps.size() ? cps.get(k).position() : n;
            double mean = k < cps.size()
                    ? cps.get(k).before().mean()
                    : cps.isEmpty() ? meanOf(points) : cps.get(k - 1).after().mean();
            h.append(line("seg", x(from, n) - 4, y(mean, min, max), x(to - 1, n) + 4, y(mean, min, max)));
            if (k < cps.size()) {
                double cx = (x(to - 1, n) + x(to, n)) / 2;
                h.append(line("cp", cx, TOP, cx, HEIGHT - BOTTOM))
                        .append(text(
                                cx + 3,
                                TOP + 12,
                                String.format(
                                        Locale.ROOT, "%+.1f %%", cps.get(k).changePercent())));
            }
            from = to;
        }
        for (int i = 0; i < n; i++) {
            Point p = points.get(i);
            Figure f = p.figure();
            double cx = x(i, n);
            if (f.hasInterval()) h.append(line("ci", cx, y(f.ciLow(), min, max), cx, y(f.ciHigh(), min, max)));
            h.append("<a href=\"")
                    .append(HtmlText.escape(Path.of(p.run().facts().dir(), "report.html")
                            .toUri()
                            .toString()))
                    .append("\"><circle class=\"pt\" cx=\"")
                    .append(num(cx))
                    .append("\" cy=\"")
                    .append(num(y(f.value(), min, max)))
                    .append("\" r=\"3.5\"><title>run ")
                    .append(p.run().seq())
                    .append(
                            p.run().commit() == null
                                    ? ""
                                    : " " + HtmlText.escape(p.run().commit()))
                    .append(": ")
                    .append(num(f.value()))
                    .append("</title></circle></a>\n");
            if (n <= 40 || i % (n / 20) == 0)
                h.append(text(cx - 4, HEIGHT - 10, String.valueOf(p.run().seq())));
        }
        h.append("</svg>\n");
    }

    private static double meanOf(List<Point> points) {
        return points.stream().mapToDouble(p -> p.figure().value()).average().orElse(0);
    }

    private static double x(int i, int n) {
        return LEFT + (n <= 1 ? 0 : (WIDTH - LEFT - RIGHT) * (double) i / (n - 1));
    }

    private static double y(double v, double min, double max) {
        return TOP + (HEIGHT - TOP - BOTTOM) * (1 - (v - min) / (max - min));
    }

    private static String line(String cls, double x1, double y1, double x2, double y2) {
        return "<line class=\"" + cls + "\" x1=\"" + num(x1) + "\" y1=\"" + num(y1) + "\" x2=\"" + num(x2) + "\" y2=\""
                + num(y2) + "\"/>\n";
    }

    private static String text(double x, double y, String s) {
        return "<text x=\"" + num(x) + "\" y=\"" + num(y) + "\" font-size=\"11\">" + HtmlText.escape(s) + "</text>\n";
    }

    /** The page's one number format, shared by the chart's labels and the table of change points. */
    static String num(double v) {
        return String.format(Locale.ROOT, "%.4g", v);
    }
}
