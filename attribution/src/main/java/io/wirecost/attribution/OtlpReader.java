package io.wirecost.attribution;

import com.google.protobuf.InvalidProtocolBufferException;
import io.opentelemetry.proto.collector.profiles.v1development.ExportProfilesServiceRequest;
import io.opentelemetry.proto.profiles.v1development.Profile;
import io.opentelemetry.proto.profiles.v1development.ResourceProfiles;
import io.opentelemetry.proto.profiles.v1development.Sample;
import io.opentelemetry.proto.profiles.v1development.ScopeProfiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads OTLP profiles (an {@code ExportProfilesServiceRequest} or {@code ProfilesData}, which share their
 * wire format) into a {@link SampleSink}, as if they were one chunk of a recording: wirecost's own exports,
 * async-profiler's {@code -o otlp}, or any other producer's. The rules classify the frames again, so a
 * foreign profile gets categories and a user's {@code --rules} apply; the categories a wirecost export
 * carries are the same rules' answer on the same frames.
 *
 * <p>The profiles of the mode asked for are read (a cpu sample type, or {@code samples} with a cpu period,
 * as the eBPF profiler writes them; alloc, lock, wall by their names). A value of a {@code count} profile
 * without a timestamp is that many events of weight 1; with timestamps, each is one event of that weight; a
 * value in bytes or nanoseconds is one event.
 */
public final class OtlpReader {

    /** Reads a file, binary protobuf or OTLP/JSON. */
    public RecordingSummary read(Path file, SampleMode mode, SampleSink sink) throws RecordingException {
        return read(parse(file), file.toString(), mode, sink);
    }

    public static ExportProfilesServiceRequest parse(Path file) throws RecordingException {
        String name = file.toString();
        if (!Files.isRegularFile(file))
            throw new RecordingException(name, Files.exists(file) ? "not a regular file" : "no such file");
        try {
            byte[] bytes = Files.readAllBytes(file);
            if (looksLikeJson(bytes)) return OtlpJson.parse(bytes, name);
            return ExportProfilesServiceRequest.parseFrom(bytes);
        } catch (InvalidProtocolBufferException e) {
            throw new RecordingException(name, "not an OTLP profiles message: " + e.getMessage());
        } catch (IOException e) {
            throw new RecordingException(name, "cannot read: " + e.getMessage());
        }
    }

    /** OTLP/JSON starts with an object; binary OTLP starts with field 1 or 2 (tag 0x0a or 0x12). */
    static boolean looksLikeJson(byte[] bytes) {
        for (byte b : bytes) {
            if (b == '{') return true;
            if (!Character.isWhitespace(b)) return false;
        }
        return false;
    }

    public RecordingSummary read(ExportProfilesServiceRequest request, String name, SampleMode mode, SampleSink sink)
            throws RecordingException {
        OtlpChunkView chunk = new OtlpChunkView(request.getDictionary(), name);
        Map<String, Long> counted = new TreeMap<>();
        Map<String, Long> held = new TreeMap<>();
        Map<SampleMode, Long> otherModes = new java.util.EnumMap<>(SampleMode.class);
        List<Profile> matching = new ArrayList<>();
        String producer = "otlp";
        for (ResourceProfiles rp : request.getResourceProfilesList()) {
            for (ScopeProfiles sp : rp.getScopeProfilesList()) {
                if (!sp.getScope().getName().isEmpty())
                    producer = "otlp:" + sp.getScope().getName();
                for (Profile p : sp.getProfilesList()) {
                    String type = chunk.string(p.getSampleType().getTypeStrindex());
                    SampleMode m = modeOf(type, chunk.string(p.getPeriodType().getTypeStrindex()));
                    held.merge(type, (long) p.getSamplesCount(), Long::sum);
                    if (m == mode) matching.add(p);
                    else if (m != null) otherModes.merge(m, (long) p.getSamplesCount(), Long::sum);
                }
            }
        }
        for (Profile p : matching) chunk.start(p.getTimeUnixNano());
        sink.beginChunk(chunk);
        for (Profile p : matching) {
            String type = chunk.string(p.getSampleType().getTypeStrindex());
            boolean count = chunk.string(p.getSampleType().getUnitStrindex()).equals("count");
            long weight = 0;
            for (Sample s : p.getSamplesList()) weight += feed(chunk, s, count, sink);
            counted.merge("otlp:" + type, weight, Long::sum);
        }
        RecordingSummary summary = new RecordingSummary(name, producer, counted, 1, 0, List.of());
        long total = counted.values().stream().mapToLong(Long::longValue).sum();
        return total > 0 ? summary : summary.withEventsHeld(held, otherModes);
    }

    /** One sample's events into the sink; returns their summed weight. */
    private static long feed(OtlpChunkView chunk, Sample s, boolean count, SampleSink sink) throws RecordingException {
        int stack = chunk.checkStack(s.getStackIndex());
        int thread = chunk.thread(s.getAttributeIndicesList());
        int times = s.getTimestampsUnixNanoCount();
        int values = s.getValuesCount();
        if (times > 0 && values > 0 && times != values)
            throw new RecordingException(
                    chunk.name, "a sample has " + values + " values and " + times + " timestamps (must be equal)");
        if (times > 0) {
            long sum = 0;
            double squares = 0;
            for (int i = 0; i < times; i++) {
                long v = values > 0 ? s.getValues(i) : 1;
                if (sink.needsEachSample()) sink.sample(stack, thread, s.getTimestampsUnixNano(i), v);
                sum += v;
                squares += (double) v * v;
            }
            if (!sink.needsEachSample()) sink.samples(stack, thread, sum, times, squares);
            return sum;
        }
        long sum = 0;
        for (int i = 0; i < values; i++) {
            long v = s.getValues(i);
            if (count) sink.samples(stack, thread, v, v, v);
            else sink.samples(stack, thread, v, 1, (double) v * v);
            sum += v;
        }
        return sum;
    }

    /** The mode a profile's sample type stands for, or null for one wirecost does not count. */
    static SampleMode modeOf(String type, String periodType) {
        return switch (type) {
            case "cpu", "itimer", "ctimer", "cpu-clock" -> SampleMode.CPU;
            case "samples" -> periodType.equals("cpu") ? SampleMode.CPU : null;
            case "cpu-time" -> SampleMode.CPU_TIME;
            case "wall" -> SampleMode.WALL;
            case "alloc", "alloc_space", "allocated_space" -> SampleMode.ALLOC;
            case "lock", "lock_time", "contentions" -> SampleMode.LOCK;
            default -> null;
        };
    }
}
