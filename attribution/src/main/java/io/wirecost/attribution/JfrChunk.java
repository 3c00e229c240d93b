package io.wirecost.attribution;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import one.jfr.ClassRef;
import one.jfr.JfrReader;
import one.jfr.MethodRef;
import one.jfr.StackTrace;

/**
 * The chunk async-profiler's {@code one.jfr.JfrReader} is reading, seen as a {@link ChunkView}: resolves its ids
 * for the sinks. Method names are cached: a stack repeats them.
 */
final class JfrChunk implements ChunkView {
    private final JfrReader jfr;
    private final Map<Long, Frame> frames = new java.util.HashMap<>();

    private final boolean asyncProfiler;
    private int lastStackTraceId;
    private StackTrace lastStackTrace;

    JfrChunk(JfrReader jfr, boolean asyncProfiler) {
        this.jfr = jfr;
        this.asyncProfiler = asyncProfiler;
    }

    static boolean isAsyncProfiler(JfrReader jfr) {
        for (String type : jfr.typesByName.keySet()) {
            if (type.startsWith("profiler.")) return true;
        }
        return false;
    }

    @Override
    public long[] stackMethods(int stackTraceId) {
        StackTrace st = stackTrace(stackTraceId);
        return st == null ? new long[0] : st.methods;
    }

    @Override
    public byte[] stackTypes(int stackTraceId) {
        StackTrace st = stackTrace(stackTraceId);
        return st == null || st.types == null ? new byte[0] : st.types;
    }

    /**
     * Sinks ask for a stack's methods and then its types: the last lookup is kept, because on a chunk of
     * tens of thousands of stacks each dictionary probe is a cache miss or two.
     */
    private StackTrace stackTrace(int stackTraceId) {
        if (stackTraceId != lastStackTraceId || lastStackTrace == null) {
            lastStackTrace = jfr.stackTraces.get(stackTraceId);
            lastStackTraceId = stackTraceId;
        }
        return lastStackTrace;
    }

    @Override
    public Frame frame(long methodId, byte frameType) {
        Frame f = frames.get(methodId);
        if (f == null) {
            f = resolve(methodId, FrameTypes.isNative(frameType, asyncProfiler));
            frames.put(methodId, f);
        }
        return f;
    }

    private Frame resolve(long methodId, boolean nativeFrame) {
        MethodRef m = jfr.methods.get(methodId);
        if (m == null) return Frame.nativeSymbol("[unknown]");
        String method = symbol(m.name);
        ClassRef c = jfr.classes.get(m.cls);
        String cls = c == null ? "" : symbol(c.name).replace('/', '.');
        return cls.isEmpty() || nativeFrame ? Frame.nativeSymbol(method) : Frame.java(cls, method);
    }

    private String symbol(long id) {
        byte[] b = jfr.symbols.get(id);
        return b == null ? "" : new String(b, StandardCharsets.UTF_8);
    }

    @Override
    public String threadName(int threadId) {
        return jfr.threads.get(threadId);
    }

    @Override
    public long epochNanos(long ticks) {
        return epochNanos(jfr.chunkStartNanos, jfr.chunkStartTicks, jfr.ticksPerSec, ticks);
    }

    /** This chunk's clock: the reader's fields it reads are the next chunk's once that begins. */
    @Override
    public java.util.function.LongUnaryOperator epochClock() {
        long startNanos = jfr.chunkStartNanos;
        long startTicks = jfr.chunkStartTicks;
        long ticksPerSec = jfr.ticksPerSec;
        return ticks -> epochNanos(startNanos, startTicks, ticksPerSec, ticks);
    }

    /** A chunk's ticks in epoch nanoseconds: wirecost's own reader converts with this too, to give the same times. */
    static long epochNanos(long startNanos, long startTicks, long ticksPerSec, long ticks) {
        return startNanos + (long) ((ticks - startTicks) * 1e9 / ticksPerSec);
    }

    @Override
    public long recordingStartNanos() {
        return jfr.startNanos; // the minimum over the chunks read so far: the first chunk's start
    }

    @Override
    public long javaThreadId(int threadId) {
        Long id = jfr.javaThreads.get(threadId);
        return id == null ? -1 : id;
    }

    @Override
    public long ticksPerSecond() {
        return jfr.ticksPerSec;
    }

    @Override
    public long[] tickRange() {
        long span = (long) ((jfr.chunkEndNanos - jfr.chunkStartNanos) / 1e9 * jfr.ticksPerSec);
        return new long[] {jfr.chunkStartTicks, jfr.chunkStartTicks + span};
    }

    @Override
    public long sampleIntervalNanos() {
        if (!asyncProfiler) return -1;
        try {
            return Long.parseLong(jfr.settings.getOrDefault("interval", "-1"));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    @Override
    public String sampleEvent() {
        return asyncProfiler ? jfr.settings.get("event") : null;
    }
}
