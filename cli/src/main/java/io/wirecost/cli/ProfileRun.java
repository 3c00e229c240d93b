package io.wirecost.cli;

import io.opentelemetry.proto.collector.profiles.v1development.ExportProfilesServiceRequest;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.profiles.v1development.Profile;
import io.opentelemetry.proto.profiles.v1development.ResourceProfiles;
import io.opentelemetry.proto.profiles.v1development.ScopeProfiles;
import io.wirecost.attribution.OtlpExport;
import io.wirecost.attribution.OtlpReader;
import io.wirecost.attribution.RecordedSampling;
import io.wirecost.attribution.RecordingException;
import io.wirecost.attribution.Recordings;
import io.wirecost.attribution.RuleLayers;
import io.wirecost.attribution.RuleSet;
import io.wirecost.attribution.SampleCapture;
import io.wirecost.attribution.SampleMode;
import io.wirecost.cli.attach.ExternalRunWriter;
import io.wirecost.cli.attach.ProcessRecording;
import io.wirecost.cli.common.Locations;
import io.wirecost.runner.ProfilerSettings;
import io.wirecost.runner.RunMetadata;
import io.wirecost.runner.ScenarioResult;
import io.wirecost.runner.UsageException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A profile file given to {@code diff} instead of a run directory (an OTLP profile, or a JFR recording): written as
 * the one-JVM run directory {@code profile} would have made of it, so that diff compares two profiles exactly as it
 * compares two profile runs (shares with their intervals, the gate, the differential flame graph) with no second
 * code path. Both sides are classified by one rule set, detected from both files together, so a pack one side's
 * frames would bring in cannot move the other side's shares.
 */
final class ProfileRun {

    /** The scenario name both sides share, so that diff lines them up. */
    static final String NAME = "profile";

    private ProfileRun() {}

    /**
     * Whether diff should read {@code path} as a profile: a regular file that is not a run's results.json (a
     * wirecost results file is JSON too, as OTLP/JSON is).
     */
    static boolean isProfile(Path path) {
        if (!Files.isRegularFile(path) || path.getFileName().toString().equals("results.json")) return false;
        if (Recordings.isOtlp(path)) {
            if (!path.getFileName().toString().endsWith(".json")) return true;
            try {
                return !new com.fasterxml.jackson.databind.ObjectMapper()
                        .readTree(path.toFile())
                        .path("format")
                        .asText()
                        .startsWith("wirecost-results");
            } catch (java.io.IOException e) {
                return true; // let the OTLP reader name what is wrong with it
            }
        }
        return Recordings.isJfr(path);
    }

    /**
     * One rule set for both sides: the built-in rules and the packs detected in both files. The detection's reading of
     * each file is kept in {@code kept}, for {@link #write} to replay instead of reading the file again.
     */
    static RuleSet rules(List<Path> files, Map<Path, SampleCapture> kept) {
        return LoadedRules.load(List.of(RuleLayers.AUTO), true, () -> PackDetection.ofRun(files, true, kept));
    }

    /**
     * The profile files a side names: the path itself where it exists, else a comma-separated list of files (each a
     * repetition of the side, as {@code profile --repeat}'s are), so that a file whose name holds a comma still reads.
     */
    static List<Path> files(Path side) {
        String s = side.toString();
        if (Files.exists(side) || s.indexOf(',') < 0) return List.of(side);
        List<Path> out = new ArrayList<>();
        for (String f : s.split(",", -1)) {
            if (f.isBlank())
                throw new UsageException("'" + s + "': an empty name in a comma-separated list of profiles");
            out.add(Path.of(f.trim()));
        }
        return List.copyOf(out);
    }

    /**
     * Writes {@code dir} as the run of {@code files}, each a repetition of one JVM, as {@code profile --repeat}
     * would have written it; its start, length and host are the profiles' own where they say them (OTLP: the
     * earliest profile's time and duration, the resource's {@code host.name}), else unknown, as an older run's are,
     * so that diff's check of runs measured apart judges what the files tell. The files of a side must have been
     * taken alike (one profiler, one period), or their spread would be the settings' as much as the code's.
     */
    static Path write(List<Path> files, Path dir, RuleSet rules, Map<Path, SampleCapture> kept) throws Exception {
        List<ProcessRecording> jvms = new ArrayList<>();
        List<Facts> facts = new ArrayList<>();
        Map<Path, Path> copies = new HashMap<>();
        for (int i = 0; i < files.size(); i++) {
            Path file = files.get(i);
            Facts f = Recordings.isOtlp(file) ? otlpFacts(file) : jfrFacts(file);
            Path copy = copy(file, dir, i + 1, files.size());
            Files.createDirectories(copy.getParent());
            Files.copy(file, copy, StandardCopyOption.REPLACE_EXISTING);
            copies.put(copy, file);
            facts.add(f);
            jvms.add(new ProcessRecording(NAME, 0, copy, Map.of("file", file.toString()), f.seconds, "", i + 1, -1));
        }
        ExternalRunWriter writer = new ExternalRunWriter(dir, rules, p -> kept.get(copies.get(p)));
        List<ScenarioResult> results = writer.attribute(SampleMode.CPU, jvms);
        for (ScenarioResult r : results) if (!r.ok()) throw new UsageException(r.error());
        String engine = alike(
                files,
                "profiler",
                i -> engine(
                        Recordings.isOtlp(files.get(i)) ? facts.get(i).producer : producer(results.get(i)),
                        Recordings.isOtlp(files.get(i))));
        String event = alike(files, "event", i -> facts.get(i).event);
        alike(files, "period", i -> facts.get(i).periodNanos == 0 ? "unknown" : facts.get(i).periodNanos + " ns");
        long period = facts.get(0).periodNanos;
        Instant started = facts.stream()
                .map(Facts::started)
                .filter(java.util.Objects::nonNull)
                .min(Instant::compareTo)
                .orElse(null);
        // profiles of several hosts (a fleet's) stand as one side: named all, so that two sides of the same hosts
        // compare as measured on one, and others do not
        String host = String.join(
                "+",
                facts.stream()
                        .map(Facts::host)
                        .filter(h -> !h.isEmpty())
                        .distinct()
                        .sorted()
                        .toList());
        RunMetadata meta = new RunMetadata(
                dir.getFileName().toString(),
                started == null ? "" : started.toString(),
                host,
                Locations.version(),
                "",
                0,
                null,
                new ProfilerSettings(engine, event, period),
                List.of(NAME),
                List.of(),
                "",
                Map.of(),
                files.size(),
                false,
                "profile file" + (files.size() == 1 ? "" : "s") + ": "
                        + String.join(
                                ", ",
                                files.stream()
                                        .map(f -> f.toAbsolutePath().toString())
                                        .toList()),
                "none",
                Map.of());
        writer.writeFiles(meta, results);
        return dir;
    }

    /** What every file of a side gives for {@code what}; a one-line error naming two files that differ. */
    private static String alike(List<Path> files, String what, java.util.function.IntFunction<String> of) {
        String first = of.apply(0);
        for (int i = 1; i < files.size(); i++) {
            String other = of.apply(i);
            if (!other.equals(first))
                throw new UsageException(files.get(0) + " and " + files.get(i) + " were taken differently (" + what
                        + ": " + first + " vs " + other + "): the profiles of a side must be taken alike");
        }
        return first;
    }

    /**
     * The profiler that took a profile's samples, in {@code run --profiler}'s words where it is one of them: two
     * profiles are measured alike when the same profiler took both, whatever file holds them (a recording and the
     * OTLP profile exported from it are), and differently when two profilers did, though both files are JFR.
     * {@code otlp} where an OTLP profile does not say.
     */
    static String engine(String producer, boolean otlp) {
        return switch (producer) {
            case "async-profiler" -> "async";
            case "jdk" -> "jfr";
            case "" -> otlp ? "otlp" : "jfr";
            default -> producer;
        };
    }

    private static String producer(ScenarioResult r) {
        return r.shares().values().stream()
                .flatMap(a -> a.recordings().stream())
                .map(io.wirecost.attribution.RecordingSummary::producer)
                .findFirst()
                .orElse("");
    }

    /**
     * Where {@link #write} copies repetition {@code rep} of {@code count} files: {@code recordings/profile.EXT} for
     * one, under {@code recordings/rep-K/} for several, as {@code profile --repeat} lays them out.
     */
    static Path copy(Path file, Path dir, int rep, int count) {
        Path recordings = dir.resolve("recordings");
        return (count == 1 ? recordings : recordings.resolve("rep-" + rep)).resolve(NAME + extension(file));
    }

    private static String extension(Path file) {
        String n = file.getFileName().toString();
        int dot = n.lastIndexOf('.');
        return dot < 0 ? (Recordings.isOtlp(file) ? ".pb" : ".jfr") : n.substring(dot);
    }

    /** What the file says of itself; a period of 0 where it names none. */
    /** @param event async-profiler's sampling event where the file names it, else cpu (the JDK's one sampler) */
    private record Facts(
            Instant started, double seconds, String host, long periodNanos, String producer, String event) {}

    /** What a recording says of itself: how it sampled; its start and host it leaves unknown. */
    private static Facts jfrFacts(Path file) {
        RecordedSampling s = RecordedSampling.of(file);
        return new Facts(null, 0, "", s.intervalNanos(), "", s.event() == null ? "cpu" : s.event());
    }

    private static Facts otlpFacts(Path file) {
        ExportProfilesServiceRequest r;
        try {
            r = OtlpReader.parse(file);
        } catch (RecordingException e) {
            throw new UsageException(e.getMessage());
        }
        long start = Long.MAX_VALUE;
        long end = 0;
        String host = "";
        String producer = "";
        String event = "cpu";
        long period = 0;
        for (ResourceProfiles rp : r.getResourceProfilesList()) {
            for (KeyValue kv : rp.getResource().getAttributesList())
                if (kv.getKey().equals("host.name")) host = kv.getValue().getStringValue();
            for (ScopeProfiles sp : rp.getScopeProfilesList()) {
                for (KeyValue kv : sp.getScope().getAttributesList())
                    if (kv.getKey().equals(OtlpExport.PRODUCER_ATTRIBUTE))
                        producer = kv.getValue().getStringValue();
                    else if (kv.getKey().equals(OtlpExport.EVENT_ATTRIBUTE))
                        event = kv.getValue().getStringValue();
                for (Profile p : sp.getProfilesList()) {
                    if (period == 0) period = p.getPeriod();
                    if (p.getTimeUnixNano() == 0) continue;
                    start = Math.min(start, p.getTimeUnixNano());
                    end = Math.max(end, p.getTimeUnixNano() + p.getDurationNano());
                }
            }
        }
        if (start == Long.MAX_VALUE) return new Facts(null, 0, host, period, producer, event);
        return new Facts(Instant.ofEpochSecond(0, start), (end - start) / 1e9, host, period, producer, event);
    }
}
