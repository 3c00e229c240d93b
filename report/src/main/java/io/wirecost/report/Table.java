package io.wirecost.report;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A titled grid of strings, rendered as aligned text for terminals or as Markdown for files. A table with
 * neither header nor rows is one line, its title and its notes: what was not measured, and why.
 */
public record Table(String title, List<String> header, List<List<String>> rows, List<String> notes) {

    /**
     * The widest cell the text form shows in place, past the first column (whose labels name the rows). A longer one, a
     * noise verdict that lists every reason, would widen its whole column, and an aligned table wider than a terminal
     * wraps into something unreadable; it is shown as a numbered note below the rows instead. Markdown keeps it in
     * place: a viewer wraps a cell.
     */
    static final int WIDEST_CELL = 48;

    public Table {
        header = List.copyOf(header);
        rows = List.copyOf(rows);
        notes = List.copyOf(notes);
    }

    public static Table notMeasured(String title, String why) {
        return new Table(title, List.of(), List.of(), List.of(why));
    }

    private boolean empty() {
        return header.isEmpty() && rows.isEmpty();
    }

    public String text() {
        if (empty()) return title + ": " + String.join("; ", notes) + '\n';
        List<String> cellNotes = new ArrayList<>();
        List<List<String>> shown = new ArrayList<>(rows.size());
        for (List<String> r : rows) {
            List<String> s = new ArrayList<>(r.size());
            for (int i = 0; i < r.size(); i++) s.add(i == 0 ? r.get(i) : inPlace(r.get(i), cellNotes));
            shown.add(s);
        }
        int[] w = new int[header.size()];
        for (int i = 0; i < w.length; i++) w[i] = header.get(i).length();
        for (List<String> r : shown)
            for (int i = 0; i < w.length; i++) w[i] = Math.max(w[i], r.get(i).length());
        StringBuilder sb = new StringBuilder(title).append('\n');
        line(sb, header, w);
        List<String> rule = new ArrayList<>();
        for (int width : w) rule.add("-".repeat(width));
        line(sb, rule, w);
        for (List<String> r : shown) line(sb, r, w);
        for (int i = 0; i < cellNotes.size(); i++)
            sb.append("  note ")
                    .append(i + 1)
                    .append(": ")
                    .append(cellNotes.get(i))
                    .append('\n');
        for (String n : notes) sb.append("  ").append(n).append('\n');
        return sb.toString();
    }

    /**
     * {@code cell} as the text form shows it: itself, or where it is wider than {@link #WIDEST_CELL}, a reference to
     * the note that holds it (the same text in several cells, one note), keeping a short verdict that leads it ({@code
     * too noisy: ...} shows as {@code too noisy (note 1)}).
     */
    private static String inPlace(String cell, List<String> cellNotes) {
        if (cell.length() <= WIDEST_CELL) return cell;
        int n = cellNotes.indexOf(cell);
        if (n < 0) {
            cellNotes.add(cell);
            n = cellNotes.size() - 1;
        }
        int colon = cell.indexOf(": ");
        String verdict = colon > 0 && colon <= 16 ? cell.substring(0, colon) + " " : "";
        return verdict + "(note " + (n + 1) + ")";
    }

    private static void line(StringBuilder sb, List<String> cells, int[] w) {
        for (int i = 0; i < cells.size(); i++) {
            String c = cells.get(i);
            if (i == 0) sb.append(c).append(" ".repeat(w[i] - c.length()));
            else sb.append("  ").append(" ".repeat(w[i] - c.length())).append(c); // numbers right-aligned
        }
        sb.append('\n');
    }

    public String markdown() {
        if (empty()) return "### " + title + "\n\n" + String.join("; ", notes) + "\n\n";
        StringBuilder sb = new StringBuilder("### ").append(title).append("\n\n");
        sb.append("| ").append(String.join(" | ", header)).append(" |\n|");
        for (int i = 0; i < header.size(); i++) sb.append(i == 0 ? "---|" : "---:|");
        sb.append('\n');
        for (List<String> r : rows)
            sb.append("| ").append(String.join(" | ", r)).append(" |\n");
        if (!notes.isEmpty()) sb.append('\n');
        for (String n : notes) sb.append(n).append("  \n");
        return sb.append('\n').toString();
    }

    static List<String> cells(String first, List<String> rest) {
        List<String> l = new ArrayList<>(Collections.singletonList(first));
        l.addAll(rest);
        return l;
    }
}
