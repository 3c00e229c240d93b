package io.wirecost.attribution;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Recording-wide stack ids by the bytes of their stack-pool entries, shared between the chunks of a recording
 * that define their methods alike: a repeated stack then costs one hash of its bytes instead of decoding and
 * translating each of its frames ({@link ChunkIds}).
 *
 * <p>async-profiler (2.5 on) writes into each chunk only the stacks sampled since the chunk before and only the
 * methods those stacks name; its method and stack ids stay the same through one recording. So its chunks' method
 * pools differ, each a part of one recording-wide table, and a stack sampled again names the same method ids.
 * Stacks are shared within a {@link Lineage}: a table of method id to recording-wide frame that a chunk joins
 * when each method id it defines is absent from the table or there as the same frame (it adds the ones absent).
 * A chunk defining an id otherwise (concatenated recordings, another producer, a JDK that reuses ids) joins or
 * starts another lineage.
 *
 * <p>The same bytes name the same frames only where every method id they name is defined as in the lineage: a
 * stack is entered with the lineage's indexes of its method ids, once decoded from its own chunk's pools alone
 * (so each is defined there), and is taken in another chunk only when that chunk defines each of them too. A
 * chunk lacking one (a damaged file; async-profiler writes a stack's methods into the stack's chunk) decodes the
 * stack, and resolves the id as the reference reader does.
 */
final class RepeatedStacks {

    /** Bytes of stack entries kept per recording: beyond it, repeated stacks are decoded again. */
    private static final long BUDGET_BYTES = 64L << 20;
    /** Lineages per recording: a file of more producers or conflicting chunks shares stacks within these only. */
    private static final int MAX_LINEAGES = 16;

    private final List<Lineage> lineages = new ArrayList<>(); // guarded by this
    private final Map<PoolKey, SamePool> byPool = new HashMap<>(); // guarded by this
    private final AtomicLong kept = new AtomicLong();
    private final LongAdder reused = new LongAdder();

    /**
     * The stacks a chunk shares, given its method pool as recording-wide frames (method ids ascending, the frame
     * of each): those of the first lineage of its producer that agrees with its methods, or of a new lineage; null
     * once the recording has {@link #MAX_LINEAGES} and none agrees.
     */
    synchronized Shared join(boolean asyncProfiler, long[] methodIds, int[] frames) {
        Lineage into = null;
        for (Lineage l : lineages) {
            if (l.asyncProfiler == asyncProfiler && l.agrees(methodIds, frames)) {
                into = l;
                break;
            }
        }
        if (into == null) {
            if (lineages.size() >= MAX_LINEAGES) return null;
            into = new Lineage(asyncProfiler);
            lineages.add(into);
        }
        int[] indexes = into.admit(methodIds, frames);
        long[] defined = bits(indexes);
        // two chunks of a lineage with the same indexes have the same method pool: copies of one chunk
        // (a recording concatenated with itself), whose stack-trace pools may be the same too. Only a pool met
        // again keeps them.
        SamePool same = null;
        PoolKey key = new PoolKey(into, defined, Arrays.hashCode(defined));
        SamePool met = byPool.get(key);
        if (met != null) {
            same = met;
        } else if (kept.addAndGet(8L * defined.length) <= BUDGET_BYTES) {
            byPool.put(key, new SamePool());
        }
        return new Shared(into, methodIds, indexes, defined, same);
    }

    private static long[] bits(int[] indexes) {
        int max = -1;
        for (int k : indexes) max = Math.max(max, k);
        long[] out = new long[(max >> 6) + 1];
        for (int k : indexes) out[k >> 6] |= 1L << k;
        return out;
    }

    /** A method pool as the lineage's indexes it defines. */
    private record PoolKey(Lineage lineage, long[] defined, int hash) {
        @Override
        public boolean equals(Object o) {
            return o instanceof PoolKey p
                    && p.hash == hash
                    && p.lineage == lineage
                    && Arrays.equals(p.defined, defined);
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public String toString() {
            return defined.length * 64 + " method indexes";
        }
    }

    /** Stack ids the chunks took from earlier chunks instead of decoding them: what sharing saved, for tests. */
    long reused() {
        return reused.sum();
    }

    /** Method ids made dense, each with its frame, and the stacks entered by the chunks that joined. */
    private static final class Lineage {
        private final boolean asyncProfiler;
        private final LongIntMap index = new LongIntMap();
        private int[] frames = new int[256];
        private int size;
        private final ConcurrentHashMap<Key, Stack> stacks = new ConcurrentHashMap<>();

        Lineage(boolean asyncProfiler) {
            this.asyncProfiler = asyncProfiler;
        }

        boolean agrees(long[] methodIds, int[] methodFrames) {
            for (int i = 0; i < methodIds.length; i++) {
                int k = index.get(methodIds[i], -1);
                if (k >= 0 && frames[k] != methodFrames[i]) return false;
            }
            return true;
        }

        /** The index of each method, those the table lacks added. */
        int[] admit(long[] methodIds, int[] methodFrames) {
            int[] out = new int[methodIds.length];
            for (int i = 0; i < out.length; i++) {
                int k = index.get(methodIds[i], -1);
                if (k < 0) {
                    k = size++;
                    if (k == frames.length) frames = Arrays.copyOf(frames, k * 2);
                    frames[k] = methodFrames[i];
                    index.put(methodIds[i], k);
                }
                out[i] = k;
            }
            return out;
        }
    }

    /** A stack entered: its recording-wide id and the lineage's indexes of the method ids it names, ascending. */
    private record Stack(int id, int[] methods) {}

    /** One chunk's part in its lineage: which of the lineage's methods it defines. */
    final class Shared {
        private final Lineage lineage;
        /** The chunk's method ids, ascending, and the lineage's index of each. */
        private final long[] methodIds;

        private final int[] indexes;
        /** The lineage's indexes the chunk defines, as bits. */
        private final long[] defined;

        private final SamePool same;

        private Shared(Lineage lineage, long[] methodIds, int[] indexes, long[] defined, SamePool same) {
            this.lineage = lineage;
            this.methodIds = methodIds;
            this.indexes = indexes;
            this.defined = defined;
            this.same = same;
        }

        /** The recording-wide id of the stack whose entry is {@code bytes[from, to)}, or -1. */
        int get(byte[] bytes, int from, int to) {
            Stack s = lineage.stacks.get(new Key(bytes, from, to, Key.hash(bytes, from, to)));
            if (s == null) return -1;
            for (int k : s.methods) {
                if ((k >> 6) >= defined.length || (defined[k >> 6] & 1L << k) == 0) return -1;
            }
            reused.increment();
            return s.id;
        }

        /** @param methods the method ids the entry names, each defined in this chunk (else it is not entered) */
        void put(byte[] bytes, int from, int to, long[] methods, int id) {
            int[] k = new int[methods.length];
            for (int i = 0; i < k.length; i++) {
                int at = Arrays.binarySearch(methodIds, methods[i]);
                if (at < 0) return;
                k[i] = indexes[at];
            }
            Arrays.sort(k);
            int n = 0;
            for (int i = 0; i < k.length; i++) if (n == 0 || k[i] != k[n - 1]) k[n++] = k[i];
            if (kept.addAndGet(to - from + 4L * n) > BUDGET_BYTES) return;
            byte[] copy = Arrays.copyOfRange(bytes, from, to);
            lineage.stacks.putIfAbsent(
                    new Key(copy, 0, copy.length, Key.hash(copy, 0, copy.length)), new Stack(id, Arrays.copyOf(k, n)));
        }

        /**
         * The chunks of this chunk's method pool whose stack-trace pools are byte for byte the chunk's: their stack
         * ids name the same stacks, so a stack id translated in one is translated in all. Null for the first chunk
         * of its method pool, or when the budget is spent.
         */
        SameStacks sameStacks(ChunkPools chunk) {
            return same == null ? null : same.sameStacks(chunk);
        }
    }

    /** The chunks after the first of one method pool, by their stack-trace pools' bytes. */
    private final class SamePool {
        private final List<SameStacks> sameStacks = new ArrayList<>();

        synchronized SameStacks sameStacks(ChunkPools chunk) {
            for (SameStacks s : sameStacks) {
                if (chunk.sameStackPools(s.stackPools)) return s;
            }
            if (kept.addAndGet(chunk.stackPoolsLength()) > BUDGET_BYTES) return null;
            SameStacks s = new SameStacks(chunk.stackPools());
            sameStacks.add(s);
            return s;
        }
    }

    /** Stack ids translated by the chunks of one method pool and one stack-trace pool. */
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
