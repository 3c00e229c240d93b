package io.wirecost.cli;

import io.opentelemetry.proto.collector.profiles.v1development.ExportProfilesServiceRequest;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.profiles.v1development.Profile;
import io.opentelemetry.proto.profiles.v1development.ResourceProfiles;
import io.opentelemetry.proto.profiles.v1development.ScopeProfiles;
import io.wirecost.attribution.OtlpExport;
import io.wirecost.attribution.OtlpReader;
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
     * Writes {@code dir} as the run of {@code file}; its start, length and host are the profile's own where it says
     * them (OTLP: the earliest profile's time and duration, the resource's {@code host.name}), else unknown, as an
     * older run's are, so that diff's check of runs measured apart judges what the files tell.
     */
    static Path write(Path file, Path dir, RuleSet rules, Map<Path, SampleCapture> kept) throws Exception {
        boolean otlp = Recordings.isOtlp(file);
        Facts f = otlp ? otlpFacts(file) : new Facts(null, 0, "", 0, "");
        Files.createDirectories(dir.resolve("recordings"));
        Path copy = copy(file, dir);
        Files.copy(file, copy, StandardCopyOption.REPLACE_EXISTING);
        ExternalRunWriter writer = new ExternalRunWriter(dir, rules, p -> p.equals(copy) ? kept.get(file) : null);
        List<ScenarioResult> results = writer.attribute(
                SampleMode.CPU,
                List.of(new ProcessRecording(NAME, 0, copy, Map.of("file", file.toString()), f.seconds, "")));
        RunMetadata meta = new RunMetadata(
                dir.getFileName().toString(),
                f.started == null ? "" : f.started.toString(),
                f.host,
                Locations.version(),
                "",
                0,
                null,
                new ProfilerSettings(engine(otlp ? f.producer : producer(results.get(0)), otlp), "cpu", f.periodNanos),
                List.of(NAME),
                List.of(),
                "",
                Map.of(),
                1,
                false,
                "profile file: " + file.toAbsolutePath(),
                "none",
                Map.of());
        writer.writeFiles(meta, results);
        if (!results.get(0).ok()) throw new UsageException(results.get(0).error());
        return dir;
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

    /** Where {@link #write} copies {@code file} in the run directory {@code dir}. */
    static Path copy(Path file, Path dir) {
        return dir.resolve("recordings").resolve(NAME + extension(file));
    }

    private static String extension(Path file) {
        String n = file.getFileName().toString();
        int dot = n.lastIndexOf('.');
        return dot < 0 ? (Recordings.isOtlp(file) ? ".pb" : ".jfr") : n.substring(dot);
    }

    /** What the file says of itself; a period of 0 where it names none. */
    private record Facts(Instant started, double seconds, String host, long periodNanos, String producer) {}

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
        long period = 0;
        for (ResourceProfiles rp : r.getResourceProfilesList()) {
            for (KeyValue kv : rp.getResource().getAttributesList())
                if (kv.getKey().equals("host.name")) host = kv.getValue().getStringValue();
            for (ScopeProfiles sp : rp.getScopeProfilesList()) {
                for (KeyValue kv : sp.getScope().getAttributesList())
                    if (kv.getKey().equals(OtlpExport.PRODUCER_ATTRIBUTE))
                        producer = kv.getValue().getStringValue();
                for (Profile p : sp.getProfilesList()) {
                    if (period == 0) period = p.getPeriod();
                    if (p.getTimeUnixNano() == 0) continue;
                    start = Math.min(start, p.getTimeUnixNano());
                    end = Math.max(end, p.getTimeUnixNano() + p.getDurationNano());
                }
            }
        }
        if (start == Long.MAX_VALUE) return new Facts(null, 0, host, period, producer);
        return new Facts(Instant.ofEpochSecond(0, start), (end - start) / 1e9, host, period, producer);
    }
}
