package io.wirecost.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.wirecost.attribution.Attribution;
import io.wirecost.attribution.AttributionMode;
import io.wirecost.attribution.CategoryShare;
import io.wirecost.attribution.PackageProfile;
import io.wirecost.attribution.RecordingSummary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The output of {@code wirecost attribute}: every share with its sample count and 95 % confidence
 * interval; shares from fewer than {@value CategoryShare#MIN_SAMPLES} samples are flagged, not
 * printed as if exact. With several inputs, a column per input and one for all of them together.
 */
public final class AttributionReport {

    /** Made on first use only: Jackson's set-up costs about 80 ms of a start-up that table and csv output never need. */
    private static final class Json {
        static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    }

    private final Map<String, Attribution> perInput;
    private final Attribution total;
    /** samples, or bytes / ns for weighted modes (alloc, lock) */
    private final String unit;

    private final List<RecordingSummary> recordings;

    public AttributionReport(Map<String, Attribution> perInput, Attribution total) {
        this(perInput, total, "samples");
    }

    public AttributionReport(Map<String, Attribution> perInput, Attribution total, String unit) {
        this(perInput, total, unit, List.of());
    }

    /** @param recordings what was read: the table's notes say what they tell of the shares (CPU contention) */
    public AttributionReport(
            Map<String, Attribution> perInput, Attribution total, String unit, List<RecordingSummary> recordings) {
        this.perInput = perInput;
        this.total = total;
        this.unit = unit;
        this.recordings = List.copyOf(recordings);
    }

    private boolean weighted() {
        return !unit.equals("samples");
    }

    public Table table() {
        boolean several = perInput.size() > 1;
        List<String> header = new ArrayList<>(List.of("category"));
        if (several) header.addAll(perInput.keySet());
        header.addAll(List.of(several ? "all" : "percent", "95 % CI", unit, "paper row"));
        List<List<String>> rows = new ArrayList<>();
        boolean flagged = false;
        for (CategoryShare s : total.middleware()) {
            if (s.samples() == 0) continue;
            List<String> row = new ArrayList<>(List.of(s.category().name()));
            if (several) {
                for (Attribution a : perInput.values())
                    row.add(pct(a.share(s.category().name()).orElseThrow()));
            }
            row.add(pct(s));
            row.add(Decimals.fixed(s.ciLow(), 2) + "-" + Decimals.fixed(s.ciHigh(), 2));
            row.add(String.valueOf(s.samples()));
            row.add(s.category().paperRow());
            flagged |= s.lowConfidence();
            rows.add(row);
        }
        List<String> notes = new ArrayList<>();
        for (CategoryShare s : total.jvm()) {
            if (s.samples() > 0) {
                notes.add("JVM-internal " + s.category().name() + ": " + Decimals.fixed(s.percent(), 2)
                        + " % of all samples (" + s.samples() + ")");
            }
        }
        if (weighted())
            notes.add("Weighted by " + unit + ": 95 % intervals of a ratio of sums, events taken as independent "
                    + "draws (a few heavy events widen them)");
        if (flagged && !weighted())
            notes.add("* fewer than " + CategoryShare.MIN_SAMPLES + " samples: too few to state a share");
        notes.addAll(ContentionNotes.of(recordings));
        notes.add("Counted: " + total.events() + "; outside JVM internals " + total.middlewareSamples() + " of "
                + total.totalSamples());
        // "middleware" only where a middleware category holds something: an application without any is not "middleware"
        String of = total.middleware().stream()
                        .anyMatch(s -> s.samples() > 0 && !s.category().name().equals("other"))
                ? "middleware "
                : "non-JVM ";
        String title = total.mode() == AttributionMode.SELF
                ? "Share of " + of + unit + " by category (self: first matching rule from the leaf frame up)"
                : "Share of all " + unit + " whose stack contains each category (inclusive; shares overlap)";
        return new Table(title, header, rows, notes);
    }

    private static String pct(CategoryShare s) {
        return Decimals.fixed(s.percent(), 2) + (s.lowConfidence() ? "*" : "");
    }

    /**
     * {@code category,percent,samples,group,ci_low,ci_high} for all inputs together: middleware rows (percent of the
     * samples outside JVM internals, summing to 100 in self mode), jvm rows and a total row (percent of all samples),
     * so the rows reconcile with the recording's count. The 95 % interval comes last, so readers of the first four
     * columns keep working; the total row has none.
     */
    public String csv() {
        Csv csv = new Csv("category,percent,samples,group,ci_low,ci_high");
        for (CategoryShare s : total.middleware()) csvRow(csv, s, "middleware");
        for (CategoryShare s : total.jvm()) csvRow(csv, s, "jvm");
        return csv.row("total", "100.00", total.totalSamples(), "total", "", "").toString();
    }

    private static void csvRow(Csv csv, CategoryShare s, String group) {
        csv.row(
                s.category().name(),
                Decimals.fixed(s.percent(), 2),
                s.samples(),
                group,
                percentOrEmpty(s.ciLow()),
                percentOrEmpty(s.ciHigh()));
    }

    /** A percent as the CSV files write it, empty where unknown. */
    static String percentOrEmpty(double percent) {
        return Double.isNaN(percent) ? "" : Decimals.fixed(percent, 2);
    }

    public String json(List<RecordingSummary> summaries) throws Exception {
        Map<String, Object> m = AttributionJson.of(total);
        Map<String, Object> inputs = new LinkedHashMap<>();
        if (perInput.size() > 1) perInput.forEach((k, v) -> inputs.put(k, AttributionJson.of(v)));
        m.put("per_input", inputs);
        m.put("recordings", summaries);
        m.put("notes", ContentionNotes.of(summaries));
        return Json.MAPPER.writeValueAsString(m) + "\n";
    }

    /** Rows keyed by the leaf frame's {@code what} (package or artifact), no rules; weights in samples. */
    public static String leaves(String what, List<PackageProfile.Row> rows, String counted, String format)
            throws Exception {
        return leaves(what, rows, counted, format, "samples");
    }

    /**
     * Rows keyed by the leaf frame's {@code what} (package or artifact), no rules. {@code unit} (samples, bytes,
     * ns) names the table's weights; the CSV and JSON keep their {@code samples} field for every unit, as the
     * category CSV does.
     */
    public static String leaves(String what, List<PackageProfile.Row> rows, String counted, String format, String unit)
            throws Exception {
        switch (format) {
            case "csv": {
                // Maven coordinates carry colons, never commas; a jar's file name might
                Csv csv = new Csv(what + ",percent,samples");
                for (PackageProfile.Row r : rows)
                    csv.row(Csv.field(r.packageName()), Decimals.fixed(r.percent(), 2), r.samples());
                return csv.toString();
            }
            case "json": {
                // the keys in a fixed order: Map.of iterates in one that changes from one JVM to the next
                Map<String, Object> json = new LinkedHashMap<>();
                json.put("events", counted);
                if (what.equals("package")) {
                    json.put("packages", rows);
                } else {
                    List<Map<String, Object>> out = new ArrayList<>();
                    for (PackageProfile.Row r : rows) {
                        Map<String, Object> row = new LinkedHashMap<>();
                        row.put("artifact", r.packageName());
                        row.put("samples", r.samples());
                        row.put("percent", r.percent());
                        out.add(row);
                    }
                    json.put("artifacts", out);
                }
                return Json.MAPPER.writeValueAsString(json) + "\n";
            }
            default: {
                List<List<String>> t = new ArrayList<>();
                for (PackageProfile.Row r : rows) {
                    t.add(List.of(r.packageName(), Decimals.fixed(r.percent(), 2), String.valueOf(r.samples())));
                }
                String weights = switch (unit) {
                    case "bytes" -> "Bytes allocated";
                    case "ns" -> "Time blocked (ns)";
                    default -> "Samples";
                };
                return new Table(
                                weights + " by " + what + " of the leaf Java frame (no rules)",
                                List.of(what, "percent", unit),
                                t,
                                List.of("Counted: " + counted))
                        .text();
            }
        }
    }
}
