package io.wirecost.attribution;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Resolves the ids of one mapped chunk for the sinks, decoding an entry only when asked. An id this chunk
 * does not define resolves to the latest earlier chunk that does, as async-profiler's reader, whose
 * dictionaries live across chunks, resolves it; sound recordings define every id they use in each chunk.
 */
final class MappedChunkView implements ChunkView {

    // jdk.types.FrameType keys, as JfrChunk in RecordingReader reads them
    private static final byte FRAME_NATIVE = 3;
    private static final byte FRAME_CPP = 4;
    private static final byte FRAME_KERNEL = 5;

    private final List<ChunkPools> chunks;
    private final int index;
    private final long recordingStartNanos;
    private final Map<Long, Frame> frames = new HashMap<>();
    private int lastStackId;
    private long[] lastMethods;
    private byte[] lastTypes;

    /**
     * Symbols by their bytes, across the chunks of one read: each chunk names the same methods again, and
     * one String per name keeps its hash computed once for the sinks' maps keyed by frame.
     */
    private final Map<ChunkPools.Bytes, String> methodNames;

    private final Map<ChunkPools.Bytes, String> classNames;

    MappedChunkView(
            List<ChunkPools> chunks,
            int index,
            long recordingStartNanos,
            Map<ChunkPools.Bytes, String> methodNames,
            Map<ChunkPools.Bytes, String> classNames) {
        this.chunks = chunks;
        this.index = index;
        this.recordingStartNanos = recordingStartNanos;
        this.methodNames = methodNames;
        this.classNames = classNames;
    }

    private interface Pool {
        OffsetIndex of(ChunkPools p);
    }

    /** The chunk that defines {@code id} in the pool, searching back from this one; null if none does. */
    private JfrCursor find(Pool pool, long id) {
        for (int k = index; k >= 0; k--) {
            ChunkPools p = chunks.get(k);
            long span = pool.of(p).get(id);
            if (span >= 0) return p.entry(span);
        }
        return null;
    }

    @Override
    public long[] stackMethods(int stackTraceId) {
        decodeStack(stackTraceId);
        return lastMethods;
    }

    @Override
    public byte[] stackTypes(int stackTraceId) {
        decodeStack(stackTraceId);
        return lastTypes;
    }

    /** Sinks ask for a stack's methods, then its types: the last stack decoded is kept. */
    private void decodeStack(int stackTraceId) {
        if (lastMethods != null && stackTraceId == lastStackId) return;
        lastStackId = stackTraceId;
        JfrCursor c = find(p -> p.stackTraces, stackTraceId);
        if (c == null) {
            lastMethods = new long[0];
            lastTypes = new byte[0];
            return;
        }
        c.getVarlong(); // id
        c.getVarint(); // truncated
        int depth = c.getVarint();
        long[] methods = new long[depth];
        byte[] types = new byte[depth];
        for (int i = 0; i < depth; i++) {
            methods[i] = c.getVarlong();
            c.getVarint(); // line
            c.getVarint(); // bytecode index
            types[i] = c.getByte();
        }
        lastMethods = methods;
        lastTypes = types;
    }

    @Override
    public Frame frame(long methodId, byte frameType) {
        Frame f = frames.get(methodId);
        if (f == null) {
            f = resolve(methodId, isNative(frameType));
            frames.put(methodId, f);
        }
        return f;
    }

    private boolean isNative(byte frameType) {
        return frameType == FRAME_CPP
                || frameType == FRAME_KERNEL
                || (frameType == FRAME_NATIVE && chunks.get(index).asyncProfiler);
    }

    private Frame resolve(long methodId, boolean nativeFrame) {
        JfrCursor m = find(p -> p.methods, methodId);
        if (m == null) return Frame.nativeSymbol("[unknown]");
        m.getVarlong(); // id
        long cls = m.getVarlong();
        String method = symbol(m.getVarlong(), false);
        JfrCursor c = find(p -> p.classes, cls);
        String className = "";
        if (c != null) {
            c.getVarlong(); // id
            c.getVarlong(); // class loader
            className = symbol(c.getVarlong(), true);
        }
        return className.isEmpty() || nativeFrame ? Frame.nativeSymbol(method) : Frame.java(className, method);
    }

    /** A symbol's text, a class name's with dots for slashes (cached apart: the same bytes name both). */
    private String symbol(long id, boolean className) {
        JfrCursor s = find(p -> p.symbols, id);
        if (s == null) return "";
        s.getVarlong(); // id
        s.getByte(); // encoding, 3 (UTF-8) as ChunkPools checked
        int n = s.getVarint();
        byte[] bytes = s.bytesAt(s.pos, n);
        ChunkPools.Bytes key = ChunkPools.Bytes.of(bytes);
        Map<ChunkPools.Bytes, String> cache = className ? classNames : methodNames;
        String text = cache.get(key);
        if (text == null) {
            text = new String(bytes, StandardCharsets.UTF_8);
            if (className) text = text.replace('/', '.');
            cache.put(key, text);
        }
        return text;
    }

    @Override
    public String threadName(int threadId) {
        JfrCursor t = find(p -> p.threads, threadId);
        if (t == null) return null;
        t.getVarlong(); // id
        return ChunkPools.threadName(t);
    }

    @Override
    public long epochNanos(long ticks) {
        ChunkPools p = chunks.get(index);
        return p.startNanos + (long) ((ticks - p.startTicks) * 1e9 / p.ticksPerSec);
    }

    @Override
    public long recordingStartNanos() {
        return recordingStartNanos;
    }
}
