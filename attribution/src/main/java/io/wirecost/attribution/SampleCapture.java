package io.wirecost.attribution;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * One reading of a recording kept for a second consumer: {@code pack:auto} must see a recording's frames before its
 * rules exist, and replaying what that first reading kept into the classifier spares reading the recording again.
 * Kept per chunk: the sums per (stack, thread), the stacks and frames those reach, the threads' names; so it replays
 * only into sinks that count by stack and thread ({@link SampleSink#needsEachSample} false), exactly as the reader
 * would have fed them.
 */
public final class SampleCapture implements SummingSink {

    private final List<KeptChunk> chunks = new ArrayList<>();
    private KeptChunk current;
    private RecordingSummary summary;

    private SampleCapture() {}

    /** Reads {@code file} in {@code mode} through {@code filter} (threads, a time window) and keeps what passed it. */
    public static SampleCapture read(Path file, SampleMode mode, UnaryOperator<SampleSink> filter)
            throws RecordingException {
        SampleCapture c = new SampleCapture();
        c.summary = Recordings.read(file, mode, filter.apply(c));
        return c;
    }

    @Override
    public void beginChunk(ChunkView chunk) {
        current = new KeptChunk(chunk);
        chunks.add(current);
    }

    @Override
    public void samples(int stackTraceId, int threadId, long weight, long events, double weightSquares) {
        current.keep(stackTraceId, threadId, weight, events, weightSquares);
    }

    /** The distinct frames on the kept stacks. */
    public Set<Frame> frames() {
        Set<Frame> out = new LinkedHashSet<>();
        for (KeptChunk c : chunks) {
            out.addAll(c.frameList);
            out.addAll(c.farFrames.values());
        }
        return out;
    }

    /** Whether {@code sink} can take a replay: it counts by stack and thread, not each sample at its time. */
    public static boolean replays(SampleSink sink) {
        return !sink.needsEachSample();
    }

    /** Feeds {@code sink} the kept samples chunk by chunk, and returns what the reading summarised. */
    public RecordingSummary replay(SampleSink sink) {
        if (!replays(sink)) throw new IllegalArgumentException("a capture keeps no sample times to replay");
        for (KeptChunk c : chunks) {
            sink.beginChunk(c);
            c.tally.forEach(sink::samples);
        }
        return summary;
    }

    private record FrameKey(long methodId, byte type) {}

    /**
     * A chunk's view as far as the kept samples reach; its stacks are the reader's own arrays, which stay as they are
     * ({@link ChunkView#stackMethods}). Only times are not kept, so a sink that converts ticks is refused by
     * {@link #replay} first.
     */
    private static final class KeptChunk implements ChunkView {
        private final ChunkView source;
        private final StackTally tally = new StackTally();
        private final Map<Integer, long[]> stacks = new HashMap<>();
        private final Map<Integer, byte[]> types = new HashMap<>();
        /** A frame's place in {@link #frameList} by method id and frame type: read once per method, as the classifier does. */
        private final LongIntMap frameIndex = new LongIntMap();
        /** Where a method id is too large to share a key with its type (no recording seen has one). */
        private final Map<FrameKey, Frame> farFrames = new HashMap<>();

        private final List<Frame> frameList = new ArrayList<>();
        private final Map<Integer, String> threadNames = new HashMap<>();
        private final Map<Integer, Long> javaThreadIds = new HashMap<>();
        private final long recordingStartNanos;
        private final long ticksPerSecond;
        private final long[] tickRange;
        private final long sampleIntervalNanos;

        KeptChunk(ChunkView chunk) {
            source = chunk;
            recordingStartNanos = chunk.recordingStartNanos();
            ticksPerSecond = chunk.ticksPerSecond();
            long[] range = chunk.tickRange();
            tickRange = range == null ? null : range.clone();
            sampleIntervalNanos = chunk.sampleIntervalNanos();
        }

        void keep(int stackTraceId, int threadId, long weight, long events, double weightSquares) {
            if (!stacks.containsKey(stackTraceId)) {
                long[] methods = source.stackMethods(stackTraceId);
                byte[] frameTypes = source.stackTypes(stackTraceId);
                stacks.put(stackTraceId, methods);
                types.put(stackTraceId, frameTypes);
                for (int i = 0; i < methods.length; i++) keepFrame(methods[i], ChunkView.typeAt(frameTypes, i));
            }
            if (!threadNames.containsKey(threadId)) {
                threadNames.put(threadId, source.threadName(threadId));
                javaThreadIds.put(threadId, source.javaThreadId(threadId));
            }
            tally.add(stackTraceId, threadId, weight, events, weightSquares);
        }

        private static long key(long methodId, byte type) {
            return methodId >= 0 && methodId < 1L << 58 ? methodId << 4 | (type & 0xF) : -1;
        }

        private void keepFrame(long methodId, byte type) {
            long key = key(methodId, type);
            if (key < 0) {
                farFrames.computeIfAbsent(new FrameKey(methodId, type), k -> source.frame(methodId, type));
            } else if (frameIndex.get(key, -1) < 0) {
                frameIndex.put(key, frameList.size());
                frameList.add(source.frame(methodId, type));
            }
        }

        @Override
        public long[] stackMethods(int stackTraceId) {
            return stacks.getOrDefault(stackTraceId, new long[0]);
        }

        @Override
        public byte[] stackTypes(int stackTraceId) {
            return types.getOrDefault(stackTraceId, new byte[0]);
        }

        @Override
        public Frame frame(long methodId, byte frameType) {
            long key = key(methodId, frameType);
            Frame f = key < 0 ? farFrames.get(new FrameKey(methodId, frameType)) : frameAt(frameIndex.get(key, -1));
            if (f == null) throw new IllegalStateException("method " + methodId + " is on no kept stack");
            return f;
        }

        private Frame frameAt(int index) {
            return index < 0 ? null : frameList.get(index);
        }

        @Override
        public String threadName(int threadId) {
            return threadNames.get(threadId);
        }

        @Override
        public long javaThreadId(int threadId) {
            return javaThreadIds.getOrDefault(threadId, -1L);
        }

        @Override
        public long epochNanos(long ticks) {
            throw new IllegalStateException("a capture keeps no sample times");
        }

        @Override
        public long recordingStartNanos() {
            return recordingStartNanos;
        }

        @Override
        public long ticksPerSecond() {
            return ticksPerSecond;
        }

        @Override
        public long[] tickRange() {
            return tickRange == null ? null : tickRange.clone();
        }

        @Override
        public long sampleIntervalNanos() {
            return sampleIntervalNanos;
        }
    }
}
