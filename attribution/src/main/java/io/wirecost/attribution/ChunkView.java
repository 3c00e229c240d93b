package io.wirecost.attribution;

import java.util.function.LongUnaryOperator;

/** What a {@link SampleSink} may ask of the chunk being read. */
public interface ChunkView {

    /**
     * Method ids of a stack, leaf first; empty when the stack is unknown. This array and {@link #stackTypes}' are not
     * changed after they are handed out, by the view or by a sink: a sink may keep them past the chunk.
     */
    long[] stackMethods(int stackTraceId);

    /**
     * Frame types of a stack, leaf first, in async-profiler's encoding (0 interpreted, 1 JIT-compiled,
     * 2 inlined, 3 native, 4 C++, 5 kernel, 6 C1-compiled): flame graphs colour by them.
     */
    byte[] stackTypes(int stackTraceId);

    /**
     * The frame a method id names, given the type of the stack frame it appears in ({@link #typeAt} of
     * {@link #stackTypes}): the type is what tells an async-profiler C, C++ or kernel symbol, whose "class" is
     * its library, from a Java method. Taking it from the caller, who holds the stack anyway, spares the
     * reader a pass over every frame of every stack to learn which methods are native.
     */
    Frame frame(long methodId, byte frameType);

    /** A stack's frames, leaf first, each resolved with its type: for a consumer that wants them all at once. */
    default java.util.List<Frame> frames(int stackTraceId) {
        long[] methods = stackMethods(stackTraceId);
        byte[] types = stackTypes(stackTraceId);
        java.util.List<Frame> frames = new java.util.ArrayList<>(methods.length);
        for (int i = 0; i < methods.length; i++) frames.add(frame(methods[i], typeAt(types, i)));
        return frames;
    }

    /** The type of frame {@code i} of a stack, or {@link #TYPE_UNKNOWN} where the recording gives none. */
    static byte typeAt(byte[] types, int i) {
        return i < types.length ? types[i] : TYPE_UNKNOWN;
    }

    /** A frame type no recording uses: "not recorded", which resolves as a Java frame where the name allows. */
    byte TYPE_UNKNOWN = -1;

    /** Thread name, or null when the recording has none for this id. */
    String threadName(int threadId);

    /** Nanoseconds since the epoch for an event's tick count. */
    long epochNanos(long ticks);

    /**
     * {@link #epochNanos} as a function that holds no reference to this view, for a sink that keeps a chunk's samples
     * past the chunk ({@link SampleCapture}): a reader's view answers from its reader's state, which the next chunk
     * changes. The default asks the view itself, which suits views that hold little and answer alike throughout.
     */
    default LongUnaryOperator epochClock() {
        return this::epochNanos;
    }

    /** Nanoseconds since the epoch at which the recording (its first chunk) starts. */
    long recordingStartNanos();

    /** The Java thread id of a recording's thread id, or -1 when the recording does not say. */
    default long javaThreadId(int threadId) {
        return -1;
    }

    /**
     * Ticks per second of the chunk's clock, 0 when unknown. At 10^9 the ticks are the monotonic clock's
     * nanoseconds ({@link System#nanoTime()}: async-profiler with {@code clock=monotonic}, JDK Flight
     * Recorder by default), in which the agent also records request boundaries.
     */
    default long ticksPerSecond() {
        return 0;
    }

    /** The chunk's start and end in its ticks, or null when unknown. */
    default long[] tickRange() {
        return null;
    }

    /** async-profiler's sampling interval in nanoseconds of CPU (its {@code interval} setting), -1 when unknown. */
    default long sampleIntervalNanos() {
        return -1;
    }

    /** async-profiler's sampling event (its {@code event} setting: cpu, itimer, ctimer, wall), null when unknown. */
    default String sampleEvent() {
        return null;
    }
}
