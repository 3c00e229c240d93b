package io.wirecost.history;

import io.wirecost.diff.HtmlText;
import io.wirecost.history.ChangePointCheck.Found;
import io.wirecost.history.HistoryStore.Point;
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

    private HistoryReport() {}

    /** The runs either side of a change point; {@link #dir()} is where their differential flame graphs go. */
    public record Sides(HistoryStore.Entry before, HistoryStore.Entry after) {
        public String dir() {
            return "flames/" + before.seq() + "-" + after.seq();
        }
    }

    /** The distinct pairs of runs either side of the change points, in the order they are first found. */
    public static List<Sides> sides(List<Found> found) {
        return found.stream()
                .map(f -> new Sides(f.runBefore(), f.run()))
                .distinct()
                .toList();
    }

    /**
     * The page. {@code flames}: for each {@link Sides#dir()} whose graphs were written, their page names
     * ({@code rmi-server}, ...); a change point without them shows the command instead.
     */
    public static String render(
            String db,
            Map<String, List<Point>> series,
            HostScaling.Scaled scaling,
            List<Found> found,
            Map<String, List<String>> flames) {
        StringBuilder h = new StringBuilder();
        h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>wirecost history</title>\n")
                .append("<style>body{font:14px sans-serif;margin:2em;color:#222}svg.history{background:#fafafa;"
                        + "border:1px solid #ddd}.cp{stroke:#c00;stroke-dasharray:4 3}.seg{stroke:#06c;stroke-width:2}"
                        + ".ci{stroke:#999}.pt{fill:#333}.reg{color:#c00;font-weight:bold}code{background:#eee;"
                        + "padding:0 .2em}td,th{padding:.2em .6em;text-align:left}</style></head><body>\n")
                .append("<h1>wirecost history</h1>\n<p>")
                .append(HtmlText.escape(HistoryDatabase.name(db)))
                .append(": ")
                .append(series.size())
                .append(" metrics, ")
                .append(found.size())
                .append(" change points. Each dot is a run (its 95 % interval as a grey line; click for its report), "
                        + "red dashed lines are change points, blue lines the means between them.</p>\n");
        if (scaling.runsScaled() > 0)
            h.append("<p id=\"scaling\">")
                    .append(scaling.metricsScaled().size())
                    .append(" of ")
                    .append(scaling.perCallMetrics())
                    .append(" series of CPU per call and round trips at the host's median speed (host reference ")
                    .append(String.format(Locale.ROOT, "%.1f", scaling.referenceMbps()))
                    .append(" MB/s), where that made them steadier run to run, as <code>history check</code> reads ")
                    .append("them; ")
                    .append(scaling.runsScaled())
                    .append(" of ")
                    .append(scaling.runsScaled() + scaling.runsAsMeasured())
                    .append(" runs had a reference. <code>--host-scaling none</code> shows them as measured.</p>\n");
        if (found.isEmpty()) h.append("<p id=\"changes\">No change point in any metric at these settings.</p>\n");
        else
            h.append("<table id=\"changes\"><tr><th>metric</th><th>run</th><th>commit</th><th>before</th>"
                    + "<th>after</th><th>change</th><th>cause</th><th>differential flame graph</th></tr>\n");
        for (Found f : found) {
            h.append("<tr><td>")
                    .append(HtmlText.escape(f.metric()))
                    .append("</td><td>")
                    .append(f.run().seq())
                    .append("</td><td>")
                    .append(HtmlText.escape(
                            f.run().commit() == null ? "" : f.run().commit()))
                    .append("</td><td>")
                    .append(HistoryChart.num(f.before().mean()))
                    .append("</td><td>")
                    .append(HistoryChart.num(f.after().mean()))
                    .append("</td><td class=\"")
                    .append(f.gates() ? "reg" : "")
                    .append("\">")
                    .append(String.format(Locale.ROOT, "%+.1f %%", f.changePercent()))
                    .append("</td><td>")
                    .append(HtmlText.escape(
                            !f.machine().isEmpty()
                                    ? "machine: " + f.machine()
                                    : f.cleared().isEmpty() ? "code" : "code, cleared: " + f.cleared()))
                    .append("</td><td>");
            Sides sides = new Sides(f.runBefore(), f.run());
            List<String> pages = flames.getOrDefault(sides.dir(), List.of());
            if (pages.isEmpty())
                h.append("<code>wirecost diff ")
                        .append(HtmlText.escape(f.runBefore().facts().dir()))
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
        if (!found.isEmpty()) h.append("</table>\n");
        series.forEach((metric, points) -> HistoryChart.append(
                h,
                metric,
                points,
                found.stream().filter(f -> f.metric().equals(metric)).toList()));
        return h.append("</body></html>\n").toString();
    }
}
