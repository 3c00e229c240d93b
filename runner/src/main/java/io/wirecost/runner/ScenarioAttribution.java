package io.wirecost.runner;

import io.wirecost.attribution.AttributionMode;
import io.wirecost.attribution.Attributor;
import io.wirecost.attribution.CategoryCounts;
import io.wirecost.attribution.RecordingException;
import io.wirecost.attribution.RecordingSummary;
import io.wirecost.attribution.RuleSet;
import io.wirecost.attribution.SampleMode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A scenario's recordings attributed: CPU shares by role (client, server, and both as {@code all}), the companion
 * tables {@code --profile cpu,alloc,lock} asks for, and a flame graph per recording.
 */
final class ScenarioAttribution {

    /**
     * @param shares     by role: client, server, all
     * @param companions by what was weighted: {@code alloc}, {@code lock}
     */
    record Result(Map<String, RoleAttribution> shares, Map<String, RoleAttribution> companions) {
        static final Result NONE = new Result(Map.of(), Map.of());
    }

    private ScenarioAttribution() {}

    /**
     * Attributes {@code recordings} (by role) and writes {@code flames/<stem>-<role>.html} for each; nothing where
     * there are none.
     */
    static Result run(RuleSet rules, ProfilerSettings profiler, Path outDir, String stem, Map<String, Path> recordings)
            throws RecordingException, IOException {
        if (recordings.isEmpty()) return Result.NONE;
        Result r = new Result(shares(rules, recordings), companions(rules, profiler, recordings));
        for (Map.Entry<String, Path> e : recordings.entrySet()) {
            FlameFile.write(
                    outDir,
                    stem + "-" + e.getKey(),
                    "wirecost " + stem + " " + e.getKey() + " (CPU, measured phase)",
                    rules,
                    e.getValue());
        }
        return r;
    }

    private static Map<String, RoleAttribution> shares(RuleSet rules, Map<String, Path> recordings)
            throws RecordingException {
        Map<String, RoleAttribution> out = new LinkedHashMap<>();
        Attributor attributor = new Attributor(rules, SampleMode.CPU, AttributionMode.SELF);
        CategoryCounts all = attributor.newCounts();
        List<RecordingSummary> summaries = new ArrayList<>();
        for (String role : List.of("client", "server")) {
            Path p = recordings.get(role);
            if (p == null) continue;
            CategoryCounts counts = attributor.newCounts();
            RecordingSummary s = attributor.read(p, counts);
            summaries.add(s);
            all.merge(counts);
            out.put(role, new RoleAttribution(role, counts.toAttribution(describe(List.of(s))), List.of(s)));
        }
        out.put("all", new RoleAttribution("all", all.toAttribution(describe(summaries)), summaries));
        return out;
    }

    /**
     * Bytes allocated and time blocked by category, client and server together, from the same recordings as the
     * CPU shares ({@code --profile cpu,alloc,lock}): the engine's --mode alloc and --mode lock.
     */
    private static Map<String, RoleAttribution> companions(
            RuleSet rules, ProfilerSettings profiler, Map<String, Path> recordings) throws RecordingException {
        Map<String, RoleAttribution> out = new LinkedHashMap<>();
        for (String kind : profiler.companions()) {
            SampleMode mode = kind.equals("alloc") ? SampleMode.ALLOC : SampleMode.LOCK;
            Attributor attributor = new Attributor(rules, mode, AttributionMode.SELF);
            CategoryCounts all = attributor.newCounts();
            List<RecordingSummary> summaries = new ArrayList<>();
            for (String role : List.of("client", "server")) {
                Path p = recordings.get(role);
                if (p == null) continue;
                CategoryCounts counts = attributor.newCounts();
                summaries.add(attributor.read(p, counts));
                all.merge(counts);
            }
            if (!summaries.isEmpty())
                out.put(
                        kind,
                        new RoleAttribution(
                                kind,
                                all.toAttribution(kind + " " + mode.unit() + ": " + events(summaries)),
                                summaries));
        }
        return out;
    }

    /** The CPU shares' description: the producer, then each event's count over the recordings. */
    static String describe(List<RecordingSummary> summaries) {
        return (summaries.isEmpty() ? "" : summaries.get(0).producer()) + " CPU samples:" + counts(summaries);
    }

    private static String events(List<RecordingSummary> summaries) {
        return summaries.get(0).producer() + counts(summaries);
    }

    private static String counts(List<RecordingSummary> summaries) {
        Map<String, Long> events = new TreeMap<>();
        for (RecordingSummary s : summaries) s.eventCounts().forEach((k, v) -> events.merge(k, v, Long::sum));
        StringBuilder sb = new StringBuilder();
        events.forEach((k, v) -> sb.append(' ').append(k).append('=').append(v));
        return sb.toString();
    }
}
