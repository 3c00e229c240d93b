package io.wirecost.diff;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** A run's CSV file read whole, its header checked: what every reader of a run's .csv files starts with. */
final class CsvLines {

    private CsvLines() {}

    /** The file's lines, header first; empty when the run has no such file. */
    static List<String> read(Path file, String header) throws RunData.BadRunException {
        if (!Files.isRegularFile(file)) return List.of();
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new RunData.BadRunException(
                    file + ": cannot be read (" + e.getClass().getSimpleName() + ")");
        }
        if (lines.isEmpty() || !lines.get(0).strip().equals(header)) {
            throw new RunData.BadRunException(file + ": header must be " + header);
        }
        return lines;
    }

    /** Field {@code field} of line {@code line} (0-based) as a number, or the one-line error naming both. */
    static double number(Path file, int line, String field, String text) throws RunData.BadRunException {
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new RunData.BadRunException(
                    file + ": line " + (line + 1) + ": " + field + " must be a number, got '" + text + "'");
        }
    }

    /** One CSV line's fields; a field with a comma (an endpoint's name) comes quoted, its quotes doubled. */
    static List<String> fields(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    cur.append('"');
                    i++;
                } else if (c == '"') quoted = false;
                else cur.append(c);
            } else if (c == '"') quoted = true;
            else if (c == ',') {
                out.add(cur.toString());
                cur.setLength(0);
            } else cur.append(c);
        }
        out.add(cur.toString());
        return out;
    }
}
