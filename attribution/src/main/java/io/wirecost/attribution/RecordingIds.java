package io.wirecost.attribution;

import java.nio.charset.StandardCharsets;
import java.util.function.LongUnaryOperator;

/**
 * Ids made recording-wide by content: the chunks of one recording repeat the same frames, stacks and threads
 * under ids of their own, and a sink that caches per chunk would classify every stack again in each. The
 * reading threads translate each chunk's ids into these ({@link ChunkIds}), so the sinks see the whole
 * recording as one chunk and resolve, classify or name each distinct stack once. Interning is synchronized:
 * it happens once per distinct frame, stack and thread of each chunk, not per event (stacks in stripes, each with
 * its lock: {@link StackTable}).
 */
final class RecordingIds implements ChunkView {

    private final IdTable<ChunkPools.Bytes, Frame> frames = new IdTable<>();
    private final StackTable stacks = new StackTable();
    private final IdTable<String, String> threads = new IdTable<>();
    private long recordingStartNanos = Long.MAX_VALUE;
    /** Stacks by their entries' bytes, for the chunks that repeat another's method pool. */
    final RepeatedStacks repeated = new RepeatedStacks();

    /**
     * The id of a frame named by its symbols' bytes as the recording holds them: {@code className} with
     * slashes, empty where the frame is a native symbol (whose "class" is no Java class).
     */
    synchronized int frame(byte[] className, byte[] method) {
        byte[] key = new byte[className.length + 1 + method.length];
        System.arraycopy(className, 0, key, 0, className.length);
        key[className.length] = 0; // no symbol holds a NUL: the split between the two names is unambiguous
        System.arraycopy(method, 0, key, className.length + 1, method.length);
        return frames.intern(ChunkPools.Bytes.of(key), k -> {
            String name = new String(method, StandardCharsets.UTF_8);
            return className.length == 0
                    ? Frame.nativeSymbol(name)
                    : Frame.java(new String(className, StandardCharsets.UTF_8).replace('/', '.'), name);
        });
    }

    /**
     * The id of the stack of the first {@code depth} frame ids and types, leaf first; the arrays are the caller's
     * to reuse (a new stack is copied).
     */
    int stack(long[] frameIds, byte[] types, int depth) {
        return stacks.intern(frameIds, types, depth);
    }

    /** A thread by its name (null where the recording gives none): all a sink asks of a thread here. */
    synchronized int thread(String name) {
        return threads.intern(name == null ? "\0null" : name, k -> name);
    }

    /** The chunks are fed in order: the recording starts with the earliest fed so far, as async-profiler's reader says. */
    synchronized void chunkStarts(long startNanos) {
        recordingStartNanos = Math.min(recordingStartNanos, startNanos);
    }

    // The view, asked once every chunk is translated (after the reading threads are joined)

    @Override
    public long[] stackMethods(int stackTraceId) {
        long[] frames = stacks.frames(stackTraceId);
        return frames != null ? frames : new long[0];
    }

    @Override
    public byte[] stackTypes(int stackTraceId) {
        byte[] types = stacks.types(stackTraceId);
        return types != null ? types : new byte[0];
    }

    /** The frame type was applied when the frame was interned (it tells a native symbol from a Java method). */
    @Override
    public Frame frame(long methodId, byte frameType) {
        return frames.get(methodId);
    }

    @Override
    public String threadName(int threadId) {
        return threads.get(threadId);
    }

    /**
     * The own reader hands each sample's time over in epoch nanoseconds already, converted by its chunk's clock
     * while read: the chunks merged into this one view each tick from an origin of their own.
     */
    @Override
    public long epochNanos(long ticks) {
        return ticks;
    }

    /** Holds no reference to these ids, which a kept chunk ({@link SampleCapture}) would keep alive. */
    @Override
    public LongUnaryOperator epochClock() {
        return LongUnaryOperator.identity();
    }

    @Override
    public long recordingStartNanos() {
        return recordingStartNanos;
    }
}
