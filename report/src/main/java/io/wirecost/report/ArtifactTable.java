package io.wirecost.report;

import io.wirecost.attribution.ArtifactIndex;
import io.wirecost.attribution.PackageProfile;
import io.wirecost.attribution.RecordingException;
import io.wirecost.runner.ScenarioResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The run's "by artifact" table: CPU samples by the jar or JDK module of the leaf Java frame (self, no
 * rules but the harness's, which is a row of its own), one column per recording that has the agent's {@code
 * .artifacts} file beside it. Rows are each column's top artifacts; the rest of a column is {@code (others)}.
 */
public final class ArtifactTable {

    public static final String TITLE = "CPU by artifact (leaf Java frame's jar or JDK module, self, % of samples)";
    /** Rows per column in the run's files: enough for a service's main libraries, short enough to read. */
    public static final int TOP = 8;

    private static final String OTHERS = "(others)";
    /** The cell of an artifact that is in another column's top but not this one's: inside this one's (others). */
    private static final String OUTSIDE_TOP = "·";

    private ArtifactTable() {}

    public static Table of(Path runDir, List<ScenarioResult> results, int top) {
        Map<String, Map<String, Double>> columns = new LinkedHashMap<>();
        for (ScenarioResult r : results) {
            for (Map.Entry<String, String> rec : new java.util.TreeMap<>(r.recordings()).entrySet()) {
                Path file = runDir.resolve(rec.getValue());
                if (!Files.isRegularFile(file) || !Files.isRegularFile(ArtifactIndex.fileBeside(file))) continue;
                Map<String, Double> shares = shares(file, top);
                if (!shares.isEmpty()) columns.put(r.scenario() + "/" + rec.getKey(), shares);
            }
        }
        if (columns.isEmpty())
            return Table.notMeasured(
                    TITLE, "no recording has a .artifacts file beside it (written by the wirecost agent)");
        Set<String> rows = new LinkedHashSet<>();
        columns.values()
                .forEach(c -> c.keySet().stream().filter(a -> !a.equals(OTHERS)).forEach(rows::add));
        List<String> ordered = new ArrayList<>(rows);
        // the artifact that weighs most in any column first
        ordered.sort(Comparator.comparingDouble((String a) -> -columns.values().stream()
                        .mapToDouble(c -> c.getOrDefault(a, 0.0))
                        .max()
                        .orElse(0))
                .thenComparing(Comparator.naturalOrder()));
        // a column whose artifacts all made its top has no (others): the row only where one has
        if (columns.values().stream().anyMatch(c -> c.containsKey(OTHERS))) ordered.add(OTHERS);
        List<String> header = new ArrayList<>(List.of("artifact"));
        header.addAll(columns.keySet());
        List<List<String>> body = new ArrayList<>();
        boolean outsideATop = false;
        for (String a : ordered) {
            List<String> row = new ArrayList<>(List.of(a));
            for (Map<String, Double> c : columns.values()) {
                // an artifact outside a column's top is inside its (others)
                row.add(
                        c.containsKey(a)
                                ? String.format(Locale.ROOT, "%.1f", c.get(a))
                                : a.equals(OTHERS) ? "0.0" : OUTSIDE_TOP);
            }
            outsideATop |= row.contains(OUTSIDE_TOP);
            body.add(row);
        }
        List<String> notes = new ArrayList<>();
        if (outsideATop) notes.add(OUTSIDE_TOP + " : not among the column's top " + top + ", counted in its (others)");
        if (rows.contains(PackageProfile.HARNESS_ROW))
            notes.add(PackageProfile.HARNESS_ROW + ": the scenario JVMs' command loop, its JSON and timing code, "
                    + "whatever library they call");
        return new Table(TITLE, header, body, notes);
    }

    /** Artifact to percent of the recording's CPU samples; empty when it cannot be read (the run's other tables say why). */
    private static Map<String, Double> shares(Path file, int top) {
        try {
            PackageProfile p = PackageProfile.byArtifactHarnessApart(file);
            Map<String, Double> out = new LinkedHashMap<>();
            if (p.total() > 0) for (PackageProfile.Row r : p.top(top)) out.put(r.packageName(), r.percent());
            return out;
        } catch (RecordingException e) {
            return Map.of();
        }
    }
}
