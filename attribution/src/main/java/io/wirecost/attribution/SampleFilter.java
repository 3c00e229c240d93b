package io.wirecost.attribution;

import java.util.HashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Passes on only the samples of matching threads within a time window; everything else about the
 * samples is untouched. Sits between a reader and any sink (classifier, flame graph, package profile).
 *
 * @param threads   thread names to keep (a regex, searched), or null for all
 * @param fromNanos window start, nanoseconds after the recording's start (inclusive)
 * @param toNanos   window end, nanoseconds after the recording's start (exclusive); Long.MAX_VALUE for open
 */
public final class SampleFilter implements SampleSink {

    private final SampleSink next;
    private final Pattern threads;
    private final long fromNanos;
    private final long toNanos;
    private final Map<Integer, Boolean> threadKept = new HashMap<>();
    private ChunkView chunk;
    /** Events passed on, and (with a time window) the offsets of the first and last sample seen, ns. */
    private long keptEvents;

    private long firstOffsetNanos = Long.MAX_VALUE;
    private long lastOffsetNanos = Long.MIN_VALUE;

    public SampleFilter(SampleSink next, Pattern threads, long fromNanos, long toNanos) {
        this.next = next;
        this.threads = threads;
        this.fromNanos = fromNanos;
        this.toNanos = toNanos;
    }

    @Override
    public void beginChunk(ChunkView chunk) {
        this.chunk = chunk;
        threadKept.clear();
        next.beginChunk(chunk);
    }

    /** A time window needs each sample's time; a thread filter alone does not. */
    @Override
    public boolean needsEachSample() {
        return fromNanos > 0 || toNanos != Long.MAX_VALUE || next.needsEachSample();
    }

    /** The window is in epoch time ({@link ChunkView#epochNanos}), whichever clock the recording ticks in. */
    @Override
    public boolean needsRecordedClock() {
        return next.needsRecordedClock();
    }

    @Override
    public void sample(int stackTraceId, int threadId, long ticks, long weight) {
        if (keep(threadId, ticks)) {
            keptEvents++;
            next.sample(stackTraceId, threadId, ticks, weight);
        }
    }

    /** Summed pairs come without times (no time window, or a collapsed file): the thread decides for them all. */
    @Override
    public void samples(int stackTraceId, int threadId, long weight, long events, double weightSquares) {
        if (keep(threadId, 0L)) {
            keptEvents += events;
            next.samples(stackTraceId, threadId, weight, events, weightSquares);
        }
    }

    private boolean keep(int threadId, long ticks) {
        if (threads != null
                && !threadKept.computeIfAbsent(threadId, t -> {
                    String name = chunk.threadName(t);
                    return name != null && threads.matcher(name).find();
                })) {
            return false;
        }
        if (fromNanos <= 0 && toNanos == Long.MAX_VALUE) return true;
        long offset = chunk.epochNanos(ticks) - chunk.recordingStartNanos();
        firstOffsetNanos = Math.min(firstOffsetNanos, offset);
        lastOffsetNanos = Math.max(lastOffsetNanos, offset);
        return offset >= fromNanos && offset < toNanos;
    }

    /** The sampled events passed on so far. */
    public long keptEvents() {
        return keptEvents;
    }

    /**
     * Where the samples lay that the time window looked at: the offsets of the first and the last, ns into the
     * recording; empty without a time window or a sample of a kept thread.
     */
    public java.util.Optional<long[]> offsetSpanNanos() {
        return firstOffsetNanos > lastOffsetNanos
                ? java.util.Optional.empty()
                : java.util.Optional.of(new long[] {firstOffsetNanos, lastOffsetNanos});
    }
}
