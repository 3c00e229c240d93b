package io.wirecost.report;

import io.wirecost.diff.HtmlText;

/** A {@link Table} as an HTML table, for report.html. */
final class Html {

    private Html() {}

    static String table(Table t) {
        if (t.header().isEmpty() && t.rows().isEmpty()) {
            // not measured, or nothing to show: its reason, as table.md gives it, not a frame around no cell
            return "<p class=\"note\"><b>" + HtmlText.escape(t.title()) + "</b>: "
                    + HtmlText.escape(String.join("; ", t.notes())) + "</p>";
        }
        StringBuilder sb = new StringBuilder("<table><caption>")
                .append(HtmlText.escape(t.title()))
                .append("</caption><thead><tr>");
        for (String h : t.header()) sb.append("<th>").append(HtmlText.escape(h)).append("</th>");
        sb.append("</tr></thead><tbody>");
        for (var row : t.rows()) {
            sb.append("<tr>");
            for (int i = 0; i < row.size(); i++)
                sb.append(i == 0 ? "<th>" : "<td>")
                        .append(HtmlText.escape(row.get(i)))
                        .append(i == 0 ? "</th>" : "</td>");
            sb.append("</tr>");
        }
        sb.append("</tbody></table>");
        for (String n : t.notes())
            sb.append("<p class=\"note\">").append(HtmlText.escape(n)).append("</p>");
        return sb.toString();
    }
}
