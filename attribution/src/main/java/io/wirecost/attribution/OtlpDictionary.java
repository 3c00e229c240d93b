package io.wirecost.attribution;

import com.google.protobuf.ByteString;
import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.profiles.v1development.Function;
import io.opentelemetry.proto.profiles.v1development.KeyValueAndUnit;
import io.opentelemetry.proto.profiles.v1development.Line;
import io.opentelemetry.proto.profiles.v1development.Link;
import io.opentelemetry.proto.profiles.v1development.Location;
import io.opentelemetry.proto.profiles.v1development.Mapping;
import io.opentelemetry.proto.profiles.v1development.ProfilesDictionary;
import io.opentelemetry.proto.profiles.v1development.Stack;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The one {@code ProfilesDictionary} of an OTLP request, built as profiles are filled: each string, function,
 * location, stack and attribute once, referenced by index from every profile of the request, as the spec
 * intends (not one location per sample). Index 0 of every table is its zero value, as the spec requires.
 */
public final class OtlpDictionary {

    /** Semantic conventions' attribute of a location: the runtime a frame belongs to. */
    public static final String FRAME_TYPE = "profile.frame.type";

    public static final String THREAD_NAME = "thread.name";

    /**
     * wirecost's attribute of a location: async-profiler's finer frame type (interpreted, JIT-compiled, inlined,
     * C1), which {@link #FRAME_TYPE} folds into {@code jvm}; flame graphs colour by it.
     */
    public static final String FRAME_KIND = "wirecost.frame.kind";

    private static final String[] KINDS = {"interpreted", "jit", "inlined", "native", "cpp", "kernel", "c1"};

    private final Map<String, Integer> strings = new HashMap<>();
    private final List<String> stringTable = new ArrayList<>();
    private final Map<Frame, Integer> functions = new HashMap<>();
    private final List<Function> functionTable = new ArrayList<>();
    private final Map<Long, Integer> locations = new HashMap<>();
    private final List<Location> locationTable = new ArrayList<>();
    private final Map<IntKey, Integer> stacks = new HashMap<>();
    private final List<Stack> stackTable = new ArrayList<>();
    private final Map<List<String>, Integer> attributes = new HashMap<>();
    private final List<KeyValueAndUnit> attributeTable = new ArrayList<>();

    public OtlpDictionary() {
        string("");
        functionTable.add(Function.getDefaultInstance());
        locationTable.add(Location.getDefaultInstance());
        stackTable.add(Stack.getDefaultInstance());
        attributeTable.add(KeyValueAndUnit.getDefaultInstance());
    }

    public int string(String s) {
        Integer i = strings.get(s);
        if (i == null) {
            i = stringTable.size();
            strings.put(s, i);
            stringTable.add(s);
        }
        return i;
    }

    /** A string-valued attribute's index in the attribute table. */
    public int attribute(String key, String value) {
        List<String> k = List.of(key, value);
        Integer i = attributes.get(k);
        if (i == null) {
            i = attributeTable.size();
            attributes.put(k, i);
            attributeTable.add(KeyValueAndUnit.newBuilder()
                    .setKeyStrindex(string(key))
                    .setValue(AnyValue.newBuilder().setStringValue(value))
                    .build());
        }
        return i;
    }

    private int function(Frame frame) {
        Integer i = functions.get(frame);
        if (i == null) {
            i = functionTable.size();
            functions.put(frame, i);
            int name = string(frame.toString());
            // system_name as well: the name a symbolizer would look up is the same for JVM and native frames here
            functionTable.add(Function.newBuilder()
                    .setNameStrindex(name)
                    .setSystemNameStrindex(name)
                    .build());
        }
        return i;
    }

    /**
     * The location of a frame, with its runtime ({@code jvm}, {@code native} or {@code kernel}) from the
     * async-profiler frame type; one location per (function, runtime), since JVM frames carry no address.
     */
    public int location(Frame frame, byte frameType) {
        String runtime = runtimeOf(frame, frameType);
        int function = function(frame);
        int type = frameType >= 0 && frameType < KINDS.length ? frameType : KINDS.length;
        long key = ((long) function << 3) | type;
        Integer i = locations.get(key);
        if (i == null) {
            i = locationTable.size();
            locations.put(key, i);
            Location.Builder l = Location.newBuilder()
                    .addLines(Line.newBuilder().setFunctionIndex(function))
                    .addAttributeIndices(attribute(FRAME_TYPE, runtime));
            if (type < KINDS.length) l.addAttributeIndices(attribute(FRAME_KIND, KINDS[type]));
            locationTable.add(l.build());
        }
        return i;
    }

    /** async-profiler's frame type by name, by its code, for flame graphs' colours. */
    static byte kindCode(String kind) {
        for (byte i = 0; i < KINDS.length; i++) if (KINDS[i].equals(kind)) return i;
        return ChunkView.TYPE_UNKNOWN;
    }

    /** A stack of location indices, leaf first. */
    public int stack(int[] locationIndices) {
        IntKey k = new IntKey(locationIndices);
        Integer i = stacks.get(k);
        if (i == null) {
            i = stackTable.size();
            stacks.put(k, i);
            Stack.Builder b = Stack.newBuilder();
            for (int l : locationIndices) b.addLocationIndices(l);
            stackTable.add(b.build());
        }
        return i;
    }

    static String runtimeOf(Frame frame, byte frameType) {
        if (frameType == 5) return "kernel";
        if (frameType == 3 || frameType == 4 || frame.isNative()) return "native";
        return "jvm";
    }

    public ProfilesDictionary build() {
        return ProfilesDictionary.newBuilder()
                .addMappingTable(Mapping.getDefaultInstance())
                .addAllLocationTable(locationTable)
                .addAllFunctionTable(functionTable)
                // the spec's recommended zero link: ids of the lengths strict codecs expect
                .addLinkTable(Link.newBuilder()
                        .setTraceId(ByteString.copyFrom(new byte[16]))
                        .setSpanId(ByteString.copyFrom(new byte[8])))
                .addAllStringTable(stringTable)
                .addAllAttributeTable(attributeTable)
                .addAllStackTable(stackTable)
                .build();
    }

    private record IntKey(int[] values) {
        @Override
        public boolean equals(Object o) {
            return o instanceof IntKey k && Arrays.equals(values, k.values);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(values);
        }

        @Override
        public String toString() {
            return Arrays.toString(values);
        }
    }
}
