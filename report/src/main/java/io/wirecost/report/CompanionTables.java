package io.wirecost.report;

import io.wirecost.attribution.Attribution;
import io.wirecost.attribution.Category;
import io.wirecost.attribution.CategoryShare;
import io.wirecost.attribution.RuleSet;
import io.wirecost.runner.ScenarioResult;
import java.util.ArrayList;
import java.util.List;

/**
 * The relative-time table's companions with {@code run --profile cpu,alloc,lock}: "allocation by category"
 * (bytes, share of middleware bytes) and "lock time by category" (nanoseconds blocked, share), client and
 * server together. A table of its own, not columns in the CPU table: its weights are bytes and
 * nanoseconds, not samples, and the papers have no figure to set beside them.
 */
public final class CompanionTables {

    /** The kinds a run can record beside CPU samples, in the order the tables are shown. */
    public static final List<String> KINDS = List.of("alloc", "lock");

    private CompanionTables() {}

    /** Whether any scenario recorded {@code kind}: the table is left out of outputs otherwise. */
    public static boolean present(List<ScenarioResult> results, String kind) {
        return results.stream().anyMatch(r -> r.companions().containsKey(kind));
    }

    public static String title(String kind) {
        return kind.equals("alloc") ? "Allocation by category" : "Lock time by category";
    }

    public static String unit(String kind) {
        return kind.equals("alloc") ? "bytes" : "ns";
    }

    public static Table table(List<ScenarioResult> results, RuleSet rules, String kind) {
        List<ScenarioResult> shown =
                results.stream().filter(r -> r.companions().containsKey(kind)).toList();
        String unit = unit(kind);
        List<String> header = new ArrayList<>(List.of("category"));
        for (ScenarioResult r : shown) {
            header.add(Cells.label(r) + " " + unit);
            header.add(Cells.label(r) + " %");
        }
        List<List<String>> rows = new ArrayList<>();
        for (Category c : rules.categories()) {
            if (!c.isMiddleware()) continue;
            List<String> row = new ArrayList<>(List.of(c.title()));
            boolean any = false;
            for (ScenarioResult r : shown) {
                CategoryShare s =
                        r.companions().get(kind).attribution().share(c.name()).orElseThrow();
                row.add(String.valueOf(s.samples()));
                row.add(Cells.pct(s.percent()));
                any |= s.samples() > 0;
            }
            if (any) rows.add(row);
        }
        List<String> total = new ArrayList<>(List.of("middleware " + unit));
        List<String> jvm = new ArrayList<>(List.of("JVM-internal, % of all " + unit));
        for (ScenarioResult r : shown) {
            Attribution a = r.companions().get(kind).attribution();
            total.add(String.valueOf(a.middlewareSamples()));
            total.add(a.middlewareSamples() > 0 ? "100.00" : "-");
            jvm.add("");
            jvm.add(Cells.pct(a.jvmPercent()));
        }
        rows.add(total);
        rows.add(jvm);
        List<String> notes = new ArrayList<>(List.of("Client and server together, recorded in the profiled pass; "
                + "% of middleware " + unit + ". Categories with nothing recorded are omitted."));
        for (ScenarioResult r : shown)
            notes.add(
                    r.scenario() + ": " + r.companions().get(kind).attribution().events());
        return new Table(
                title(kind) + ", " + unit + " and % of middleware " + unit + " (role: all)", header, rows, notes);
    }
}
