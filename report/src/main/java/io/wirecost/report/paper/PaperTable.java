package io.wirecost.report.paper;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Seed 000's Table 3 (relative time by package, JDK 1.4.2) and the seeds' headline factors as data, so
 * reports can always print today's figures beside the papers'. Values are kept as printed in the paper
 * ({@code <0.10} stays a string). The papers' data belong to the reports, not to the engine: the engine's
 * rules only name the Table 3 row a category reproduces ({@code paper=}).
 */
public final class PaperTable {

    private final Map<String, Map<String, String>> rows; // row -> column -> value

    private PaperTable(Map<String, Map<String, String>> rows) {
        this.rows = rows;
    }

    public static PaperTable table3() {
        try (InputStream in = PaperTable.class.getResourceAsStream("paper-table3.csv")) {
            return parse(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static PaperTable parse(InputStream in) throws IOException {
        BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        List<String> columns = null;
        Map<String, Map<String, String>> rows = new LinkedHashMap<>();
        for (String line; (line = r.readLine()) != null; ) {
            if (line.isBlank() || line.startsWith("#")) continue;
            String[] f = line.split(",", -1);
            if (columns == null) {
                columns = List.of(f).subList(1, f.length);
                continue;
            }
            Map<String, String> values = new LinkedHashMap<>();
            for (int i = 1; i < f.length; i++) values.put(columns.get(i - 1), f[i]);
            rows.put(f[0], values);
        }
        return new PaperTable(rows);
    }

    /**
     * The rows of {@code paper-factors.csv}: source (seed), setting, ratio, data, factor; without its
     * comments and header.
     */
    public static List<String[]> factors() {
        return rows("paper-factors.csv", "source,");
    }

    /**
     * The fields of each row of {@code resource}, a CSV of the papers' figures beside this class, without blank
     * lines, {@code #} comments and the header (the line starting with {@code header}).
     */
    public static List<String[]> rows(String resource, String header) {
        List<String[]> out = new ArrayList<>();
        try (InputStream in = PaperTable.class.getResourceAsStream(resource)) {
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line; (line = r.readLine()) != null; ) {
                if (line.isBlank() || line.startsWith("#") || line.startsWith(header)) continue;
                out.add(line.split(",", -1));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    public List<String> rows() {
        return List.copyOf(rows.keySet());
    }

    /** The paper's figure for a row and column, e.g. ("sun.rmi.transport", "RMI") = "23.41". */
    public Optional<String> value(String row, String column) {
        if (row == null || row.isEmpty() || column == null) return Optional.empty();
        Map<String, String> r = rows.get(row);
        return r == null ? Optional.empty() : Optional.ofNullable(r.get(column));
    }
}
