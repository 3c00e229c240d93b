package io.wirecost.runner;

import io.wirecost.attribution.AttributionMode;
import io.wirecost.attribution.Attributor;
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
 * A scenario's recordings attributed through the engine's one entry point ({@link Attributor#readAll}): shares by role (client, server, and both as {@code all}), the companion
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
     * there are none. The samples count as the profiler took them ({@link SampleMode#ofProfiler}): CPU, or wall
     * with {@code --event wall}.
     */
    static Result run(RuleSet rules, ProfilerSettings profiler, Path outDir, String stem, Map<String, Path> recordings)
            throws RecordingException, IOException {
        if (recordings.isEmpty()) return Result.NONE;
        SampleMode mode = profiler.sampleMode();
        Result r = new Result(shares(rules, mode, recordings), companions(rules, profiler, recordings));
        for (Map.Entry<String, Path> e : recordings.entrySet()) {
            FlameFile.write(
                    outDir,
                    stem + "-" + e.getKey(),
                    "wirecost " + stem + " " + e.getKey() + " (" + mode.samplesWord() + ", measured phase)",
                    rules,
                    mode,
                    e.getValue());
        }
        return r;
    }

    /** Client then server, the way every command reads several inputs: each its own counts, and both merged. */
    private static Attributor.Attributed read(Attributor attributor, Map<String, Path> recordings)
            throws RecordingException {
        List<Attributor.Source> sources = new ArrayList<>();
        for (String role : List.of("client", "server"))
            if (recordings.containsKey(role)) sources.add(Attributor.Source.file(role, recordings.get(role)));
        return attributor.readAll(sources);
    }

    private static Map<String, RoleAttribution> shares(RuleSet rules, SampleMode mode, Map<String, Path> recordings)
            throws RecordingException {
        Attributor.Attributed read = read(new Attributor(rules, mode, AttributionMode.SELF), recordings);
        Map<String, RoleAttribution> out = new LinkedHashMap<>();
        for (Attributor.Part p : read.parts()) {
            List<RecordingSummary> one = List.of(p.summary());
            out.put(p.label(), new RoleAttribution(p.label(), p.counts().toAttribution(describe(mode, one)), one));
        }
        List<RecordingSummary> all = read.summaries();
        out.put("all", new RoleAttribution("all", read.all().toAttribution(describe(mode, all)), all));
        return out;
    }

    /**
     * Bytes allocated and time blocked by category, client and server together, from the same recordings as the
     * shares ({@code --profile cpu,alloc,lock}): the engine's --mode alloc and --mode lock.
     */
    private static Map<String, RoleAttribution> companions(
            RuleSet rules, ProfilerSettings profiler, Map<String, Path> recordings) throws RecordingException {
        Map<String, RoleAttribution> out = new LinkedHashMap<>();
        for (String kind : profiler.companions()) {
            SampleMode mode = kind.equals("alloc") ? SampleMode.ALLOC : SampleMode.LOCK;
            Attributor.Attributed read = read(new Attributor(rules, mode, AttributionMode.SELF), recordings);
            List<RecordingSummary> summaries = read.summaries();
            if (!summaries.isEmpty())
                out.put(
                        kind,
                        new RoleAttribution(
                                kind,
                                read.all().toAttribution(kind + " " + mode.unit() + ": " + events(summaries)),
                                summaries));
        }
        return out;
    }

    /** The shares' description: the producer, the samples' kind, then each event's count over the recordings. */
    static String describe(SampleMode mode, List<RecordingSummary> summaries) {
        return (summaries.isEmpty() ? "" : summaries.get(0).producer()) + " " + mode.samplesWord() + " samples:"
                + counts(summaries);
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
