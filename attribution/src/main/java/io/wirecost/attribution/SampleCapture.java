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

    private final boolean eachSample;
    private final List<KeptChunk> chunks = new ArrayList<>();
    private KeptChunk current;
    private RecordingSummary summary;

    SampleCapture(boolean eachSample) {
        this.eachSample = eachSample;
    }

    /** Reads {@code file} in {@code mode} through {@code filter} (threads, a time window) and keeps the sums that passed. */
    public static SampleCapture read(Path file, SampleMode mode, UnaryOperator<SampleSink> filter)
            throws RecordingException {
        return read(file, mode, filter, false);
    }

    /** As {@link #read(Path, SampleMode, UnaryOperator)}; with {@code eachSample}, each sample with its time. */
    public static SampleCapture read(Path file, SampleMode mode, UnaryOperator<SampleSink> filter, boolean eachSample)
            throws RecordingException {
        SampleCapture c = new SampleCapture(eachSample);
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

    /** Whether {@code sink} can take this replay: it needs each sample exactly when this capture kept each one. */
    public boolean replaysInto(SampleSink sink) {
        return sink.needsEachSample() == eachSample;
    }

    /** Feeds {@code sink} the kept samples chunk by chunk, and returns what the reading summarised. */
    public RecordingSummary replay(SampleSink sink) {
        if (!replaysInto(sink))
            throw new IllegalArgumentException(
                    eachSample
                            ? "a capture of each sample replays into a sink that needs each sample"
                            : "a capture of sums keeps no sample times to replay");
        for (KeptChunk c : chunks) {
            sink.beginChunk(c);
            c.replayInto(sink);
        }
        return summary;
    }
}
