package io.wirecost.diff;

import io.wirecost.attribution.ArtifactIndex;
import io.wirecost.attribution.PackageProfile;
import io.wirecost.attribution.RecordingException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One run's CPU samples by artifact, per scenario, role and repetition, read from its recordings and the agent's
 * {@code .artifacts} files beside them, the harness of wirecost's scenario JVMs apart (its JSON is not the
 * service's jackson-databind). Finding and reading the recordings a run lists is apart from how
 * {@link ArtifactShares} compares or pools the counts, and a run without those files simply gives none.
 */
final class ArtifactCounts {

    /** The key of a repetition's total samples: no artifact name starts with NUL. */
    static final String TOTAL = "\u0000total";

    private ArtifactCounts() {}

    /** scenario, role, repetitions of artifact to samples (and the total); runs without .artifacts files give nothing. */
    static Map<String, Map<String, List<Map<String, Long>>>> read(Path dirOrFile) {
        Path dir = Files.isDirectory(dirOrFile)
                ? dirOrFile
                : dirOrFile.toAbsolutePath().getParent();
        Map<String, Map<String, List<Map<String, Long>>>> out = new LinkedHashMap<>();
        ResultsFile results;
        try {
            results = ResultsFile.read(dir.resolve("results.json"));
        } catch (RunData.BadRunException e) {
            return out; // RunData has already named what is wrong with the file
        }
        for (ResultsFile.Scenario s : results.scenarios()) {
            if (!s.ok()) continue;
            for (Map.Entry<String, String> rec : s.recordings().entrySet()) {
                Map<String, Long> counts = counts(dir.resolve(rec.getValue()));
                if (counts.isEmpty()) continue;
                out.computeIfAbsent(s.scenario(), k -> new TreeMap<>())
                        .computeIfAbsent(rec.getKey(), k -> new ArrayList<>())
                        .add(counts);
            }
        }
        return out;
    }

    private static Map<String, Long> counts(Path recording) {
        if (!Files.isRegularFile(recording) || !Files.isRegularFile(ArtifactIndex.fileBeside(recording)))
            return Map.of();
        try {
            PackageProfile p = PackageProfile.byArtifactHarnessApart(recording);
            Map<String, Long> m = new LinkedHashMap<>();
            for (PackageProfile.Row r : p.top(Integer.MAX_VALUE)) m.put(r.packageName(), r.samples());
            m.put(TOTAL, p.total());
            return m;
        } catch (RecordingException e) {
            return Map.of();
        }
    }
}
