package io.wirecost.attribution;

import java.util.Arrays;
import java.util.List;

/**
 * Translates one chunk's stack and thread ids into {@link RecordingIds}, decoding each stack, method, class
 * and symbol the chunk's counted events reach once, in the pools its {@link PoolLookup} reaches: on a reading
 * thread the chunk's own ({@link #local}), in order the earlier chunks' too ({@link #searchingBack}).
 */
final class ChunkIds {

    private static final byte[] NONE = new byte[0];
    private static final byte[] UNKNOWN = "[unknown]".getBytes(java.nio.charset.StandardCharsets.UTF_8);

    private final RecordingIds ids;
    private final PoolLookup pools;
    private final boolean asyncProfiler;
    private final LongIntMap stacks = new LongIntMap();
    private final LongIntMap threads = new LongIntMap();
    private final LongIntMap javaFrames = new LongIntMap();
    private final LongIntMap nativeFrames = new LongIntMap();
    /** The stacks of earlier chunks with this chunk's method pool, or null where none can be shared. */
    private RepeatedStacks.Shared shared;
    /** The stack ids translated by earlier chunks with this chunk's stack-trace pools, or null. */
    private RepeatedStacks.SameStacks sameStacks;
    /** The stack being decoded: its method ids, then its frames; grown to the deepest stack. */
    private long[] frames = new long[64];

    private byte[] types = new byte[64];

    private ChunkIds(RecordingIds ids, PoolLookup pools) {
        this.ids = ids;
        this.pools = pools;
        this.asyncProfiler = pools.chunk().asyncProfiler;
    }

    /**
     * On the chunk's reading thread, with only its own pools; stacks are shared with the chunks before it that
     * define the same methods as the same frames.
     */
    static ChunkIds local(RecordingIds ids, ChunkPools chunk) {
        ChunkIds c = new ChunkIds(ids, PoolLookup.local(chunk));
        c.shared = c.pool(ids.repeated);
        if (c.shared != null) c.sameStacks = c.shared.sameStacks(chunk);
        if (c.sameStacks != null) c.sameStacks.copyTo(c.stacks);
        return c;
    }

    /**
     * The stacks shared with earlier chunks of this chunk's method pool, every method resolved as a Java frame
     * (whose class and method names also fix its native frame); null where a method needs another chunk's pools.
     */
    private RepeatedStacks.Shared pool(RepeatedStacks repeated) {
        long[] methodIds = pools.chunk().methods.ids();
        Arrays.sort(methodIds);
        int[] frames = new int[methodIds.length];
        try {
            for (int i = 0; i < methodIds.length; i++) frames[i] = frame(methodIds[i], FrameTypes.INTERPRETED);
        } catch (PoolLookup.NotLocal notLocal) {
            return null;
        }
        return repeated.of(RepeatedStacks.Pool.of(asyncProfiler, methodIds, frames));
    }

    /** In order, once every chunk is indexed: ids the chunk lacks resolve to earlier chunks'. */
    static ChunkIds searchingBack(RecordingIds ids, List<ChunkPools> chunks, int index) {
        return new ChunkIds(ids, PoolLookup.searchingBack(chunks, index));
    }

    /** The tally with its ids translated. */
    StackTally translate(StackTally tally) {
        StackTally out = new StackTally();
        tally.forEach((stack, thread, weight, events, squares) ->
                out.add(stack(stack), thread(thread), weight, events, squares));
        if (sameStacks != null) sameStacks.addFrom(stacks);
        return out;
    }

    /** The samples with their ids translated. */
    KeptSamples translate(KeptSamples samples) {
        KeptSamples out = samples.translated(this::stack, this::thread);
        if (sameStacks != null) sameStacks.addFrom(stacks);
        return out;
    }

    int stack(int stackTraceId) {
        int id = stacks.get(stackTraceId, -1);
        if (id < 0) {
            id = decodeStack(stackTraceId);
            stacks.put(stackTraceId, id);
        }
        return id;
    }

    int thread(int threadId) {
        int id = threads.get(threadId, -1);
        if (id < 0) {
            id = ids.thread(threadName(threadId));
            threads.put(threadId, id);
        }
        return id;
    }

    /** The chunk's name of a thread, null where it has none. */
    String threadName(int threadId) {
        JfrCursor t = pools.find(p -> p.threads, threadId);
        if (t == null) return null;
        t.getVarlong(); // id
        return ChunkPools.threadName(t);
    }

    /** A stack as the chunk holds it: its method ids and frame types, leaf first. */
    record Stack(long[] methods, byte[] types) {}

    private static final Stack EMPTY = new Stack(new long[0], NONE);

    Stack decode(int stackTraceId) {
        JfrCursor c = stackEntry(stackTraceId);
        if (c == null) return EMPTY;
        int depth = c.getVarint();
        long[] methods = new long[depth];
        byte[] types = new byte[depth];
        for (int i = 0; i < depth; i++) {
            methods[i] = c.getVarlong();
            c.skipVarint(); // line
            c.skipVarint(); // bytecode index
            types[i] = c.getByte();
        }
        return new Stack(methods, types);
    }

    /** A stack entry's cursor at its depth (its id and truncated flag read), or null where no chunk defines it. */
    private JfrCursor stackEntry(int stackTraceId) {
        JfrCursor c = pools.find(p -> p.stackTraces, stackTraceId);
        if (c != null) {
            c.getVarlong(); // id
            c.getVarint(); // truncated
        }
        return c;
    }

    /**
     * As {@link #decode}, each method id turned into its recording-wide frame, in arrays reused from stack to
     * stack: most stacks are met before (another chunk's, or one that differs only in line numbers), and
     * {@link RecordingIds#stack} copies only a new one. The stack was walked whole when its pool was indexed.
     */
    private int decodeStack(int stackTraceId) {
        JfrCursor c = stackEntry(stackTraceId);
        if (c == null) return ids.stack(frames, types, 0);
        int from = c.pos;
        if (shared != null) {
            int id = shared.get(c.buffer(), from, c.limit());
            if (id >= 0) return id;
        }
        int depth = c.getVarint();
        if (depth > frames.length) {
            frames = new long[depth];
            types = new byte[depth];
        }
        c.frames(depth, frames, types);
        for (int i = 0; i < depth; i++) frames[i] = frame(frames[i], types[i]);
        int id = ids.stack(frames, types, depth);
        if (shared != null) shared.put(c.buffer(), from, c.limit(), id);
        return id;
    }

    /** The recording-wide frame of a method id in a stack frame of this type. */
    Frame frameOf(long methodId, byte frameType) {
        return ids.frame(frame(methodId, frameType), frameType);
    }

    private int frame(long methodId, byte frameType) {
        boolean nativeFrame = FrameTypes.isNative(frameType, asyncProfiler);
        LongIntMap cache = nativeFrame ? nativeFrames : javaFrames;
        int id = cache.get(methodId, -1);
        if (id < 0) {
            id = resolve(methodId, nativeFrame);
            cache.put(methodId, id);
        }
        return id;
    }

    private int resolve(long methodId, boolean nativeFrame) {
        JfrCursor m = pools.find(p -> p.methods, methodId);
        if (m == null) return ids.frame(NONE, UNKNOWN);
        m.getVarlong(); // id
        long cls = m.getVarlong();
        byte[] method = symbol(m.getVarlong());
        if (nativeFrame) return ids.frame(NONE, method);
        JfrCursor c = pools.find(p -> p.classes, cls);
        byte[] className = NONE;
        if (c != null) {
            c.getVarlong(); // id
            c.getVarlong(); // class loader
            className = symbol(c.getVarlong());
        }
        return ids.frame(className, method);
    }

    private byte[] symbol(long id) {
        JfrCursor s = pools.find(p -> p.symbols, id);
        if (s == null) return NONE;
        s.getVarlong(); // id
        s.getByte(); // encoding, 3 (UTF-8) as ChunkPools checked
        int n = s.getVarint();
        return s.bytesAt(s.pos, n);
    }
}
