package io.wirecost.report;

/**
 * The text of one CSV file the reports write: the header line, then a line per row, cells joined by commas. Each
 * file formats its own numbers (its columns are a contract with the readers of earlier versions), so cells are
 * written as given; text that may hold a comma goes through {@link #field}.
 */
final class Csv {

    private final StringBuilder text;

    Csv(String header) {
        text = new StringBuilder(header).append('\n');
    }

    Csv row(Object... cells) {
        for (int i = 0; i < cells.length; i++) {
            if (i > 0) text.append(',');
            text.append(cells[i]);
        }
        text.append('\n');
        return this;
    }

    /** RFC 4180: a field holding a comma, a quote or a line break is quoted, its quotes doubled. */
    static String field(String s) {
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0) return s;
        return '"' + s.replace("\"", "\"\"") + '"';
    }

    /** Three decimals; NaN (no such figure, e.g. the spread of a geometric mean) is an empty field. */
    static String micros(double v) {
        return Double.isNaN(v) ? "" : Decimals.fixed(v, 3);
    }

    @Override
    public String toString() {
        return text.toString();
    }
}
