package io.wirecost.attribution;

import com.google.protobuf.ByteString;
import io.opentelemetry.proto.profiles.v1development.Profile;
import io.opentelemetry.proto.profiles.v1development.ValueType;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Builds one OTLP {@code Profile} of one sample mode from a recording's samples, each sample carrying its
 * category ({@code wirecost.category}, {@code wirecost.category.group}), the artifact of its leaf Java frame
 * where known ({@code wirecost.artifact}) and its thread ({@code thread.name}). The category is the rule set's
 * self attribution, computed by the same {@link StackClassifier} as {@code wirecost attribute}.
 *
 * <p>Values stay in sampled form so that a reader gets back exactly the events, weights and their spread
 * that CategoryCounts keeps: a cpu or wall profile counts samples ({@code count}, the sampling interval in
 * {@code period}), an alloc profile bytes per event, a lock profile nanoseconds per event. Where the reader
 * gives times, each event keeps its timestamp (and a sample of weight-1 events is timestamps only, as the spec
 * allows), so time filters work on the exported file too.
 */
public final class OtlpProfileSink implements SampleSink {

    public static final String CATEGORY = "wirecost.category";
    public static final String CATEGORY_GROUP = "wirecost.category.group";
    public static final String ARTIFACT = "wirecost.artifact";

    private final OtlpDictionary dictionary;
    private final RuleSet rules;
    private final SampleMode mode;
    private final long periodNanos;
    private final Function<String, String> artifactOf;
    private final StackClassifier classifier;

    private final Map<Long, OtlpSeries> samples = new LinkedHashMap<>();
    private final Map<List<Integer>, Integer> attributeSets = new HashMap<>();
    private final List<int[]> attributeSetList = new ArrayList<>();
    private final Map<Integer, Integer> stackIndex = new HashMap<>(); // per chunk: stack id -> dictionary stack
    private final Map<Integer, Integer> threadAttribute = new HashMap<>(); // per chunk: thread id -> attribute
    /**
     * Per chunk: (stack id, thread id) -> the pair's series, its place in {@link #chunkSeries}. A pair's category,
     * artifact and thread are the same for each of its samples, so only its first sample classifies and builds the
     * attribute set; the others are one lookup, where building the set for each sample was most of an export's time.
     */
    private final LongIntMap seriesOfIds = new LongIntMap();

    private final List<OtlpSeries> chunkSeries = new ArrayList<>();
    /**
     * Per chunk, per frame type ({@code type & 0xFF}): method id -> its location in the dictionary. A chunk's stacks
     * share most of their frames; the dictionary's lookup hashes and compares the frame's names each time.
     */
    private final LongIntMap[] locationOfMethod = new LongIntMap[256];

    private ChunkView chunk;
    private long startNanos = Long.MAX_VALUE;
    private long endNanos = Long.MIN_VALUE;

    /**
     * @param periodNanos the sampling interval of a cpu or wall profile, 0 when unknown
     * @param artifactOf  the artifact of a class name, or null where no artifact is known
     */
    public OtlpProfileSink(
            OtlpDictionary dictionary,
            RuleSet rules,
            SampleMode mode,
            long periodNanos,
            Function<String, String> artifactOf) {
        this.dictionary = dictionary;
        this.rules = rules;
        this.mode = mode;
        this.periodNanos = periodNanos;
        this.artifactOf = artifactOf;
        this.classifier = StackClassifier.classifyOnly(rules);
    }

    /** The sample type's name in the profile: the mode as {@code --mode} spells it. */
    public static String sampleType(SampleMode mode) {
        return mode.optionValue();
    }

    /** The unit of a mode's values: events counted, bytes or nanoseconds (UCUM-free words, as pprof uses). */
    public static String sampleUnit(SampleMode mode) {
        return switch (mode) {
            case ALLOC -> "bytes";
            case LOCK -> "nanoseconds";
            default -> "count";
        };
    }

    @Override
    public void beginChunk(ChunkView chunk) {
        this.chunk = chunk;
        classifier.beginChunk(chunk);
        stackIndex.clear();
        threadAttribute.clear();
        seriesOfIds.clear();
        chunkSeries.clear();
        for (LongIntMap m : locationOfMethod) if (m != null) m.clear();
        long start = chunk.recordingStartNanos();
        if (start > 0) startNanos = Math.min(startNanos, start);
    }

    /** Each event on its own, with its time. */
    @Override
    public boolean needsEachSample() {
        return true;
    }

    @Override
    public void sample(int stackTraceId, int threadId, long ticks, long weight) {
        long time = chunk.epochNanos(ticks);
        series(stackTraceId, threadId).add(weight, time);
        if (time > 0) {
            startNanos = Math.min(startNanos, time);
            endNanos = Math.max(endNanos, time);
        }
    }

    /**
     * A reader without times (collapsed stacks): a count is one value for them all; bytes or nanoseconds are one
     * value per event, which is exact where the events are one, or all of weight 1 (a collapsed file's lines).
     */
    @Override
    public void samples(int stackTraceId, int threadId, long weight, long events, double weightSquares) {
        OtlpSeries s = series(stackTraceId, threadId);
        if (sampleUnit(mode).equals("count") || events <= 1) {
            s.add(weight, 0);
        } else {
            long each = weight / events;
            for (long i = 0; i < events; i++) s.add(i == 0 ? weight - each * (events - 1) : each, 0);
        }
    }

    private OtlpSeries series(int stackTraceId, int threadId) {
        long ids = ((long) stackTraceId << 32) | (threadId & 0xFFFF_FFFFL);
        int known = seriesOfIds.get(ids, -1);
        if (known >= 0) return chunkSeries.get(known);
        int stack = stackIndex.computeIfAbsent(stackTraceId, this::stack);
        int attributes = attributeSet(stackTraceId, threadId);
        OtlpSeries s =
                samples.computeIfAbsent(((long) stack << 32) | attributes, k -> new OtlpSeries(stack, attributes));
        seriesOfIds.put(ids, chunkSeries.size());
        chunkSeries.add(s);
        return s;
    }

    private int stack(int stackTraceId) {
        long[] methods = chunk.stackMethods(stackTraceId);
        byte[] types = chunk.stackTypes(stackTraceId);
        int[] locations = new int[methods.length];
        for (int i = 0; i < methods.length; i++) {
            byte type = ChunkView.typeAt(types, i);
            LongIntMap known = locationOfMethod[type & 0xFF];
            if (known == null) locationOfMethod[type & 0xFF] = known = new LongIntMap();
            int location = known.get(methods[i], -1);
            if (location < 0) {
                location = dictionary.location(chunk.frame(methods[i], type), type);
                known.put(methods[i], location);
            }
            locations[i] = location;
        }
        return dictionary.stack(locations);
    }

    private int attributeSet(int stackTraceId, int threadId) {
        Category c = rules.categories().get(classifier.classify(stackTraceId, threadId));
        List<Integer> set = new ArrayList<>(4);
        set.add(dictionary.attribute(CATEGORY, c.name()));
        set.add(dictionary.attribute(CATEGORY_GROUP, c.group().name().toLowerCase(Locale.ROOT)));
        if (artifactOf != null) {
            String artifact = LeafKey.of(chunk, stackTraceId, artifactOf);
            if (!artifact.equals(ArtifactIndex.UNKNOWN) && !artifact.equals(LeafKey.NO_JAVA_FRAME))
                set.add(dictionary.attribute(ARTIFACT, artifact));
        }
        int thread = threadAttribute.computeIfAbsent(threadId, id -> {
            String name = chunk.threadName(id);
            return name == null ? 0 : dictionary.attribute(OtlpDictionary.THREAD_NAME, name);
        });
        if (thread != 0) set.add(thread);
        return attributeSets.computeIfAbsent(set, s -> {
            attributeSetList.add(s.stream().mapToInt(Integer::intValue).toArray());
            return attributeSetList.size() - 1;
        });
    }

    public boolean isEmpty() {
        return samples.isEmpty();
    }

    /** The profile, its indices pointing into the dictionary this sink was given. */
    public Profile build() {
        Profile.Builder p = Profile.newBuilder()
                .setSampleType(valueType(sampleType(mode), sampleUnit(mode)))
                .setProfileId(ByteString.copyFrom(randomId()));
        if (startNanos != Long.MAX_VALUE) {
            p.setTimeUnixNano(startNanos);
            if (endNanos >= startNanos) p.setDurationNano(endNanos - startNanos + 1);
        }
        if (periodNanos > 0 && sampleUnit(mode).equals("count")) {
            p.setPeriodType(valueType(sampleType(mode), "nanoseconds")).setPeriod(periodNanos);
        }
        boolean count = sampleUnit(mode).equals("count");
        for (OtlpSeries s : samples.values()) p.addSamples(s.build(attributeSetList.get(s.attributes), count));
        return p.build();
    }

    private ValueType valueType(String type, String unit) {
        return ValueType.newBuilder()
                .setTypeStrindex(dictionary.string(type))
                .setUnitStrindex(dictionary.string(unit))
                .build();
    }

    private static byte[] randomId() {
        byte[] id = new byte[16];
        new SecureRandom().nextBytes(id);
        id[0] |= 1; // an all-zero id is invalid
        return id;
    }
}
