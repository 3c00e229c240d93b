package io.wirecost.history;

import io.wirecost.diff.HtmlText;
import io.wirecost.history.ChangePointCheck.Found;
import io.wirecost.history.HistoryStore.Point;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code history report}'s page: one chart per gating metric over the history's runs, each run's value with its
 * interval and a link to its report.html, the change points marked with the means either side, and for each change
 * point links to the differential flame graphs between the runs either side of it (written beside the page where
 * both runs' recordings are at hand; otherwise the {@code diff} command that writes them). One self-contained file:
 * inline SVG and CSS, no script, nothing loaded from anywhere.
 */
public final class HistoryReport {

    private static final int WIDTH = 900;
    private static final int HEIGHT = 220;
    private static final int LEFT = 70;
    private static final int RIGHT = 20;
    private static final int TOP = 20;
    private static final int BOTTOM = 30;

    private HistoryReport() {}

    /** The runs either side of a change point; {@link #dir()} is where their differential flame graphs go. */
    public record Sides(HistoryStore.Entry before, HistoryStore.Entry after) {
        public String dir() {
            return "flames/" + before.seq() + "-" + after.seq();
        }
    }

    /** The distinct pairs of runs either side of the change points, in the order they are first found. */
    public static List<Sides> sides(Map<String, List<Point>> series, List<Found> found) {
        return found.stream().map(f -> sidesOf(series, f)).distinct().toList();
    }

    private static Sides sidesOf(Map<String, List<Point>> series, Found f) {
        return new Sides(series.get(f.metric()).get(f.position() - 1).run(), f.run());
    }

    /**
     * The page. {@code flames}: for each {@link Sides#dir()} whose graphs were written, their page names
     * ({@code rmi-server}, ...); a change point without them shows the command instead.
     */
    public static String render(
            String db, Map<String, List<Point>> series, List<Found> found, Map<String, List<String>> flames) {
        StringBuilder h = new StringBuilder();
        h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>wirecost history</title>\n")
                .append("<style>body{font:14px sans-serif;margin:2em;color:#222}svg.history{background:#fafafa;"
                        + "border:1px solid #ddd}.cp{stroke:#c00;stroke-dasharray:4 3}.seg{stroke:#06c;stroke-width:2}"
                        + ".ci{stroke:#999}.pt{fill:#333}.reg{color:#c00;font-weight:bold}code{background:#eee;"
                        + "padding:0 .2em}td,th{padding:.2em .6em;text-align:left}</style></head><body>\n")
                .append("<h1>wirecost history</h1>\n<p>")
                .append(HtmlText.escape(db))
                .append(": ")
                .append(series.size())
                .append(" metrics, ")
                .append(found.size())
                .append(" change points. Each dot is a run (its 95 % interval as a grey line; click for its report), "
                        + "red dashed lines are change points, blue lines the means between them.</p>\n");
        h.append("<table id=\"changes\"><tr><th>metric</th><th>run</th><th>commit</th><th>before</th><th>after</th>"
                + "<th>change</th><th>cause</th><th>differential flame graph</th></tr>\n");
        for (Found f : found) {
            List<Point> s = series.get(f.metric());
            Point before = s.get(f.position() - 1);
            h.append("<tr><td>")
                    .append(HtmlText.escape(f.metric()))
                    .append("</td><td>")
                    .append(f.run().seq())
                    .append("</td><td>")
                    .append(HtmlText.escape(
                            f.run().commit() == null ? "" : f.run().commit()))
                    .append("</td><td>")
                    .append(num(f.before().mean()))
                    .append("</td><td>")
                    .append(num(f.after().mean()))
                    .append("</td><td class=\"")
                    .append(f.gates() ? "reg" : "")
                    .append("\">")
                    .append(String.format(Locale.ROOT, "%+.1f %%", f.changePercent()))
                    .append("</td><td>")
                    .append(HtmlText.escape(f.machine().isEmpty() ? "code" : "machine: " + f.machine()))
                    .append("</td><td>");
            Sides sides = sidesOf(series, f);
            List<String> pages = flames.getOrDefault(sides.dir(), List.of());
            if (pages.isEmpty())
                h.append("<code>wirecost diff ")
                        .append(HtmlText.escape(before.run().facts().dir()))
                        .append(' ')
                        .append(HtmlText.escape(f.run().facts().dir()))
                        .append(" --allow-apart</code>");
            for (String page : pages)
                h.append("<a class=\"flame\" href=\"")
                        .append(HtmlText.escape(sides.dir() + "/" + page + ".html"))
                        .append("\">")
                        .append(HtmlText.escape(page))
                        .append("</a> ");
            h.append("</td></tr>\n");
        }
        h.append("</table>\n");
        series.forEach((metric, points) -> chart(
                h,
                metric,
                points,
                found.stream().filter(f -> f.metric().equals(metric)).toList()));
        return h.append("</body></html>\n").toString();
    }

    private static void chart(StringBuilder h, String metric, List<Point> points, List<Found> cps) {
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

    private static String num(double v) {
        return String.format(Locale.ROOT, "%.4g", v);
    }
}
