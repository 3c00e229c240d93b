package io.wirecost.attribution;

import com.google.protobuf.InvalidProtocolBufferException;
import io.opentelemetry.proto.collector.profiles.v1development.ExportProfilesServiceRequest;
import io.opentelemetry.proto.profiles.v1development.KeyValueAndUnit;
import io.opentelemetry.proto.profiles.v1development.Location;
import io.opentelemetry.proto.profiles.v1development.Profile;
import io.opentelemetry.proto.profiles.v1development.ProfilesDictionary;
import io.opentelemetry.proto.profiles.v1development.ResourceProfiles;
import io.opentelemetry.proto.profiles.v1development.Sample;
import io.opentelemetry.proto.profiles.v1development.ScopeProfiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
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
        Chunk chunk = new Chunk(request.getDictionary(), name);
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
    private static long feed(Chunk chunk, Sample s, boolean count, SampleSink sink) throws RecordingException {
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

    /** The dictionary as one chunk: a location's lines are its frames, innermost first. */
    private static final class Chunk extends InMemoryChunkView {
        final String name;
        private final ProfilesDictionary d;
        private final int[][] locationFrames;
        private final Map<Integer, long[]> stacks = new HashMap<>();
        private final Map<String, Integer> threadIds = new LinkedHashMap<>();
        private long start = Long.MAX_VALUE;

        Chunk(ProfilesDictionary d, String name) throws RecordingException {
            this.d = d;
            this.name = name;
            locationFrames = new int[d.getLocationTableCount()][];
            for (int i = 0; i < locationFrames.length; i++) {
                Location l = d.getLocationTable(i);
                String runtime = "";
                byte kind = ChunkView.TYPE_UNKNOWN;
                for (int a : l.getAttributeIndicesList()) {
                    KeyValueAndUnit kv = attribute(a);
                    String key = string(kv.getKeyStrindex());
                    if (key.equals(OtlpDictionary.FRAME_TYPE))
                        runtime = kv.getValue().getStringValue();
                    if (key.equals(OtlpDictionary.FRAME_KIND))
                        kind = OtlpDictionary.kindCode(kv.getValue().getStringValue());
                }
                int[] ids = new int[l.getLinesCount()];
                for (int j = 0; j < ids.length; j++) {
                    int f = l.getLines(j).getFunctionIndex();
                    if (f < 0 || f >= d.getFunctionTableCount())
                        throw corrupt("function_index " + f + " beyond function_table");
                    // the finer kind describes the location's own frame: its innermost line
                    ids[j] = frame(string(d.getFunctionTable(f).getNameStrindex()), runtime, j == 0 ? kind : -1);
                }
                locationFrames[i] = ids;
            }
        }

        private int frame(String text, String runtime, byte kind) {
            byte type = switch (runtime) {
                case "jvm" -> (byte) 1;
                case "kernel" -> (byte) 5;
                case "" -> ChunkView.TYPE_UNKNOWN;
                default -> (byte) 3;
            };
            boolean java = type == 1 || (type == ChunkView.TYPE_UNKNOWN && !CollapsedReader.isNativeName(text, type));
            Frame f = java ? javaFrame(text) : Frame.nativeSymbol(text);
            frames.add(f);
            frameTypes.add(
                    kind != ChunkView.TYPE_UNKNOWN
                            ? kind
                            : type != ChunkView.TYPE_UNKNOWN ? type : (f.isNative() ? (byte) 3 : (byte) 1));
            return frames.size() - 1;
        }

        /**
         * {@code pkg.Class.method}, or async-profiler's {@code pkg/Class.method}: slashes become dots only in
         * that form (a first package segment without a dot), since a hidden class's name in the dotted form
         * keeps its slash ({@code Foo$$Lambda/0x...}), and wirecost's own export writes the dotted form.
         */
        private static Frame javaFrame(String text) {
            int dot = text.lastIndexOf('.');
            if (dot < 0) return Frame.java("", text);
            String cls = text.substring(0, dot);
            int slash = cls.indexOf('/');
            if (slash > 0 && cls.lastIndexOf('.', slash) < 0) cls = cls.replace('/', '.');
            return Frame.java(cls, text.substring(dot + 1));
        }

        String string(int i) throws RecordingException {
            if (i < 0 || i >= d.getStringTableCount()) {
                if (i == 0) return ""; // a producer that leaves the table empty
                throw corrupt("string index " + i + " beyond string_table (" + d.getStringTableCount() + ")");
            }
            return d.getStringTable(i);
        }

        KeyValueAndUnit attribute(int i) throws RecordingException {
            if (i < 0 || i >= d.getAttributeTableCount())
                throw corrupt("attribute index " + i + " beyond attribute_table (" + d.getAttributeTableCount() + ")");
            return d.getAttributeTable(i);
        }

        RecordingException corrupt(String what) {
            return new RecordingException(name, "corrupt OTLP profile: " + what);
        }

        void start(long nanos) {
            if (nanos > 0) start = Math.min(start, nanos);
        }

        int checkStack(int i) throws RecordingException {
            if (i < 0 || i >= d.getStackTableCount())
                throw corrupt("stack_index " + i + " beyond stack_table (" + d.getStackTableCount() + ")");
            if (!stacks.containsKey(i)) {
                List<Integer> locs = d.getStackTable(i).getLocationIndicesList();
                List<Integer> ids = new ArrayList<>();
                for (int l : locs) {
                    if (l < 0 || l >= locationFrames.length)
                        throw corrupt("location index " + l + " beyond location_table (" + locationFrames.length + ")");
                    for (int f : locationFrames[l]) ids.add(f);
                }
                stacks.put(i, ids.stream().mapToLong(Integer::longValue).toArray());
            }
            return i;
        }

        int thread(List<Integer> attributeIndices) throws RecordingException {
            for (int a : attributeIndices) {
                KeyValueAndUnit kv = attribute(a);
                if (string(kv.getKeyStrindex()).equals(OtlpDictionary.THREAD_NAME)) {
                    String t = CollapsedReader.threadName(kv.getValue().getStringValue());
                    return threadIds.computeIfAbsent(t, k -> {
                        threads.add(k);
                        return threads.size() - 1;
                    });
                }
            }
            return -1;
        }

        @Override
        long[] stack(int stackTraceId) {
            return stacks.get(stackTraceId);
        }

        @Override
        public long epochNanos(long ticks) {
            return ticks; // timestamps are epoch nanoseconds already
        }

        @Override
        public java.util.function.LongUnaryOperator epochClock() {
            return java.util.function.LongUnaryOperator.identity(); // the dictionary is not pinned for it
        }

        @Override
        public long recordingStartNanos() {
            return start == Long.MAX_VALUE ? 0 : start;
        }
    }
}
