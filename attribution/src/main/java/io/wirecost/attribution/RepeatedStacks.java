package io.wirecost.attribution;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Recording-wide stack ids by the bytes of their stack-pool entries, shared between the chunks of a recording
 * that define the same methods: a repeated stack then costs one hash of its bytes instead of decoding and
 * translating each of its frames ({@link ChunkIds}).
 *
 * <p>async-profiler (2.5 on) writes into each chunk only the stacks sampled since the chunk before and only the
 * methods those stacks name; its method and stack ids stay the same through one recording. Whole method pools
 * are therefore alike only where chunks are copies of one another (a recording concatenated with itself), not
 * between the chunks async-profiler writes.
 *
 * <p>The same bytes name the same frames only in chunks whose method ids do: a stack may name method ids that
 * another chunk defines differently (concatenated recordings, another producer). Stacks are therefore shared
 * only between chunks of one {@link Pool}: the same producer and every method id of the chunk's method pool
 * resolving to the same recording-wide frame. A stack is entered only once decoded from its own chunk's pools
 * alone, so each method id it names is defined, as the same frame, in every chunk of its pool.
 */
final class RepeatedStacks {

    /** Bytes of stack entries kept per recording: beyond it, repeated stacks are decoded again. */
    private static final long BUDGET_BYTES = 64L << 20;

    private final ConcurrentHashMap<Pool, Shared> byPool = new ConcurrentHashMap<>();
    private final AtomicLong kept = new AtomicLong();
    private final LongAdder reused = new LongAdder();

    /** A chunk's method pool as recording-wide frames: method ids in ascending order and the frame of each. */
    record Pool(boolean asyncProfiler, long[] methodIds, int[] frames, int hash) {
        static Pool of(boolean asyncProfiler, long[] methodIds, int[] frames) {
            int h = 31 * Arrays.hashCode(methodIds) + Arrays.hashCode(frames);
            return new Pool(asyncProfiler, methodIds, frames, asyncProfiler ? h : ~h);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Pool p
                    && p.hash == hash
                    && p.asyncProfiler == asyncProfiler
                    && Arrays.equals(p.methodIds, methodIds)
                    && Arrays.equals(p.frames, frames);
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public String toString() {
            return methodIds.length + " methods";
        }
    }

    /**
     * The stacks of the chunks before this one with the same pool, or null for the first chunk of its pool: only
     * a pool met again keeps its stacks, so a recording whose chunks each define other methods (the JDK writes only
     * the methods each chunk uses) keeps none.
     */
    Shared of(Pool pool) {
        Shared s = byPool.computeIfAbsent(pool, p -> new Shared());
        return s.chunks.incrementAndGet() > 1 ? s : null;
    }

    /** Stack ids the chunks took from earlier chunks instead of decoding them: what sharing saved, for tests. */
    long reused() {
        return reused.sum();
    }

    /** The stacks of one pool, by the bytes of their entries after the id and truncated flag. */
    final class Shared {
        private final AtomicInteger chunks = new AtomicInteger();
        private final ConcurrentHashMap<Key, Integer> stacks = new ConcurrentHashMap<>();
        /** Chunks of this pool by their stack-trace pools' bytes. */
        private final List<SameStacks> sameStacks = new ArrayList<>();

        /**
         * The chunks of this pool whose stack-trace pools are byte for byte the chunk's: their stack ids name the
         * same stacks, so a stack id translated in one is translated in all (async-profiler writes every stack
         * it holds into each chunk). Null when the budget is spent.
         */
        synchronized SameStacks sameStacks(ChunkPools chunk) {
            for (SameStacks s : sameStacks) {
                if (chunk.sameStackPools(s.stackPools)) return s;
            }
            if (kept.addAndGet(chunk.stackPoolsLength()) > BUDGET_BYTES) return null;
            SameStacks s = new SameStacks(chunk.stackPools());
            sameStacks.add(s);
            return s;
        }

        /** The recording-wide id of the stack whose entry is {@code bytes[from, to)}, or -1. */
        int get(byte[] bytes, int from, int to) {
            Integer id = stacks.get(new Key(bytes, from, to, Key.hash(bytes, from, to)));
            if (id == null) return -1;
            reused.increment();
            return id;
        }

        void put(byte[] bytes, int from, int to, int id) {
            if (kept.addAndGet(to - from) > BUDGET_BYTES) return;
            byte[] copy = Arrays.copyOfRange(bytes, from, to);
            stacks.putIfAbsent(new Key(copy, 0, copy.length, Key.hash(copy, 0, copy.length)), id);
        }
    }

    /** Stack ids translated by the chunks of one pool and one stack-trace pool. */
    final class SameStacks {
        private final byte[] stackPools;
        private final LongIntMap ids = new LongIntMap();

        private SameStacks(byte[] stackPools) {
            this.stackPools = stackPools;
        }

        synchronized void copyTo(LongIntMap stacks) {
            ids.forEach(stacks::put);
            reused.add(ids.size());
        }

        synchronized void addFrom(LongIntMap stacks) {
            stacks.forEach(ids::put);
        }
    }

    /** A range of bytes as a key: the chunk's own bytes to look up, a copy of them to keep. */
    private static final class Key {
        private final byte[] bytes;
        private final int from;
        private final int to;
        private final int hash;

        Key(byte[] bytes, int from, int to, int hash) {
            this.bytes = bytes;
            this.from = from;
            this.to = to;
            this.hash = hash;
        }

        static int hash(byte[] b, int from, int to) {
            int h = 1;
            for (int i = from; i < to; i++) h = 31 * h + b[i];
            return h;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.hash == hash && Arrays.equals(k.bytes, k.from, k.to, bytes, from, to);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }
}
