package io.wirecost.diff;

/**
 * Text put into HTML or SVG, escaped once for every report that writes markup (report.html, the history report, the
 * diff's flame graph): safe in element content and in attributes quoted either way.
 *
 * <pre>{@code
 * HtmlText.escape("List<String> & 'x'"); // List&lt;String&gt; &amp; &#39;x&#39;
 * }</pre>
 */
public final class HtmlText {

    private HtmlText() {}

    public static String escape(String s) {
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
}
