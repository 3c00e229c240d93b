package io.wirecost.report;

/** HTML escaping and a {@link Table} as an HTML table, for report.html. */
final class Html {

    private Html() {}

    static String esc(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '&' -> sb.append("&amp;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }

    static String table(Table t) {
        StringBuilder sb =
                new StringBuilder("<table><caption>").append(esc(t.title())).append("</caption><thead><tr>");
        for (String h : t.header()) sb.append("<th>").append(esc(h)).append("</th>");
        sb.append("</tr></thead><tbody>");
        for (var row : t.rows()) {
            sb.append("<tr>");
            for (int i = 0; i < row.size(); i++)
                sb.append(i == 0 ? "<th>" : "<td>").append(esc(row.get(i))).append(i == 0 ? "</th>" : "</td>");
            sb.append("</tr>");
        }
        sb.append("</tbody></table>");
        for (String n : t.notes())
            sb.append("<p class=\"note\">").append(esc(n)).append("</p>");
        return sb.toString();
    }
}
