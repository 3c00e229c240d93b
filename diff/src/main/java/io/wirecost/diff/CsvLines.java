package io.wirecost.diff;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
}
