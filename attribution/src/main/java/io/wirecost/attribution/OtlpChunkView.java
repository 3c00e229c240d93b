package io.wirecost.attribution;

import io.opentelemetry.proto.profiles.v1development.KeyValueAndUnit;
import io.opentelemetry.proto.profiles.v1development.Location;
import io.opentelemetry.proto.profiles.v1development.ProfilesDictionary;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An OTLP profiles dictionary as one chunk, for {@link OtlpReader}: a location's lines are its frames, innermost
 * first. It stands alone because it is what every OTLP producer's tables have to agree on (frame kinds, the two
 * spellings of a Java frame, indices checked against their tables), apart from how the reader picks and weighs
 * samples.
 */
final class OtlpChunkView extends InMemoryChunkView {
    final String name;
    private final ProfilesDictionary d;
    private final int[][] locationFrames;
    private final Map<Integer, long[]> stacks = new HashMap<>();
    private final Map<String, Integer> threadIds = new LinkedHashMap<>();
    private long start = Long.MAX_VALUE;

    OtlpChunkView(ProfilesDictionary d, String name) throws RecordingException {
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
