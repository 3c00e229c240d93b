package io.wirecost.attribution;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * One reading of a recording kept for a second consumer: {@code pack:auto} must see a recording's frames before its
 * rules exist, and replaying what that first reading kept into the consumer spares reading the recording again.
 * Kept per chunk ({@link KeptChunk}): the stacks and frames the samples reach, the threads' names, and either the
 * sums per (stack, thread) or, for a consumer that needs each sample with its time ({@link SampleSink#needsEachSample}),
 * each sample in the reader's order with the chunk's clock. A capture takes the reading its consumer would have had
 * (the same reader runs, since it asks for each sample exactly when the consumer does) and replays it only into such a
 * consumer, exactly as the reader would have fed it.
 *
 * <pre>
 * SampleCapture kept = SampleCapture.read(file, SampleMode.CPU, s -> s, pprof.needsEachSample());
 * FramesSeen seen = new FramesSeen();
 * seen.addAll(kept.frames());
 * kept.replay(pprof);
 * </pre>
 */
public final class SampleCapture implements SampleSink {

    /** What a capture keeps, as its consumer needs it. */
    public enum Keeps {
        /** The sums per (stack, thread). */
        SUMS,
        /** Each sample with its time, for a consumer that needs only epoch times ({@link ChunkView#epochNanos}). */
        EACH_SAMPLE,
        /**
         * Each sample with its ticks in the recording's own clock, for a consumer that joins them with other times in
         * that clock ({@link SampleSink#needsRecordedClock}): read by async-profiler's reader.
         */
        EACH_TICK
    }

    private final Keeps keeps;
    private final boolean eachSample;
    private final List<KeptChunk> chunks = new ArrayList<>();
    private KeptChunk current;
    private RecordingSummary summary;
    /** The kept samples as one tree, made at the first asking: a side's flame graph and diff's graph draw the same. */
    private StackTree stacks;

    SampleCapture(Keeps keeps) {
        this.keeps = keeps;
        this.eachSample = keeps != Keeps.SUMS;
    }

    /** Reads {@code file} in {@code mode} through {@code filter} (threads, a time window) and keeps the sums that passed. */
    public static SampleCapture read(Path file, SampleMode mode, UnaryOperator<SampleSink> filter)
            throws RecordingException {
        return read(file, mode, filter, false);
    }

    /** As {@link #read(Path, SampleMode, UnaryOperator)}; with {@code eachSample}, each sample with its time. */
    public static SampleCapture read(Path file, SampleMode mode, UnaryOperator<SampleSink> filter, boolean eachSample)
            throws RecordingException {
        return read(file, mode, filter, eachSample ? Keeps.EACH_SAMPLE : Keeps.SUMS);
    }

    /** As {@link #read(Path, SampleMode, UnaryOperator)}, keeping what {@code keeps} says. */
    public static SampleCapture read(Path file, SampleMode mode, UnaryOperator<SampleSink> filter, Keeps keeps)
            throws RecordingException {
        SampleCapture c = new SampleCapture(keeps);
        try {
            c.summary = Recordings.read(file, mode, filter.apply(c));
        } finally {
            c.end();
        }
        return c;
    }

    @Override
    public boolean needsEachSample() {
        return eachSample;
    }

    @Override
    public boolean needsRecordedClock() {
        return keeps == Keeps.EACH_TICK;
    }

    @Override
    public void beginChunk(ChunkView chunk) {
        end();
        current = new KeptChunk(chunk, eachSample);
        chunks.add(current);
    }

    @Override
    public void sample(int stackTraceId, int threadId, long ticks, long weight) {
        current.keepSample(stackTraceId, threadId, ticks, weight);
    }

    @Override
    public void samples(int stackTraceId, int threadId, long weight, long events, double weightSquares) {
        current.keepSums(stackTraceId, threadId, weight, events, weightSquares);
    }

    /** The chunk being read has ended: the reader's view of it is let go. */
    void end() {
        if (current != null) current.end();
    }

    /** About the bytes the kept chunks take, for a caller that bounds how many captures it holds at once. */
    public long bytes() {
        long sum = 0;
        for (KeptChunk c : chunks) sum += c.bytes();
        return sum;
    }

    /** The distinct frames on the kept stacks. */
    public Set<Frame> frames() {
        Set<Frame> out = new LinkedHashSet<>();
        for (KeptChunk c : chunks) out.addAll(c.frames());
        return out;
    }

    /**
     * Whether {@code sink} can take this replay: it needs each sample exactly when this capture kept each one, and
     * ticks in the recording's own clock only where this capture kept those ({@link Keeps#EACH_TICK}).
     */
    public boolean replaysInto(SampleSink sink) {
        return sink.needsEachSample() == eachSample && (!sink.needsRecordedClock() || needsRecordedClock());
    }

    /**
     * The kept samples as a {@link StackTree}, replayed once however many graphs draw it; a capture of sums only, as
     * {@link #replaysInto} says.
     */
    public StackTree stacks() {
        if (stacks == null) {
            StackTree tree = new StackTree();
            replay(tree);
            stacks = tree;
        }
        return stacks;
    }

    /** Feeds {@code sink} the kept samples chunk by chunk, and returns what the reading summarised. */
    public RecordingSummary replay(SampleSink sink) {
        if (!replaysInto(sink))
            throw new IllegalArgumentException(
                    sink.needsEachSample() == eachSample
                            ? "a capture keeps sample times in epoch nanoseconds, not in the recording's clock"
                            : eachSample
                                    ? "a capture of each sample replays into a sink that needs each sample"
                                    : "a capture of sums keeps no sample times to replay");
        for (KeptChunk c : chunks) {
            sink.beginChunk(c);
            c.replayInto(sink);
        }
        return summary;
    }
}
