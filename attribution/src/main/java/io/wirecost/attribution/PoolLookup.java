package io.wirecost.attribution;

import java.util.List;

/**
 * Where {@link ChunkIds} finds the pool entry of an id. On a reading thread only the chunk's own pools are at
 * hand ({@link #local}): an id the chunk does not define throws {@link NotLocal}, and the chunk is translated
 * again in order ({@link #searchingBack}), where an id resolves to the latest earlier chunk that defines it,
 * as async-profiler's reader, whose dictionaries live across chunks, resolves it.
 */
final class PoolLookup {

    /** An id this chunk does not define, met on a reading thread. */
    static final class NotLocal extends RuntimeException {
        private static final long serialVersionUID = 1L;

        NotLocal() {
            super(null, null, false, false);
        }
    }

    /** Which of a chunk's pools an id is looked up in. */
    interface Pool {
        OffsetIndex of(ChunkPools p);
    }

    private final List<ChunkPools> chunks;
    private final int index;
    private final boolean local;

    private PoolLookup(List<ChunkPools> chunks, int index, boolean local) {
        this.chunks = chunks;
        this.index = index;
        this.local = local;
    }

    /** On the chunk's reading thread, with only its own pools. */
    static PoolLookup local(ChunkPools chunk) {
        return new PoolLookup(List.of(chunk), 0, true);
    }

    /** In order, once every chunk is indexed: ids the chunk lacks resolve to earlier chunks'. */
    static PoolLookup searchingBack(List<ChunkPools> chunks, int index) {
        return new PoolLookup(chunks, index, false);
    }

    /** The chunk whose ids are looked up. */
    ChunkPools chunk() {
        return chunks.get(index);
    }

    /** The pool entry of {@code id}, or null when no chunk (this one, or an earlier) defines it. */
    JfrCursor find(Pool pool, long id) {
        for (int k = index; k >= 0; k--) {
            ChunkPools p = chunks.get(k);
            long span = pool.of(p).get(id);
            if (span >= 0) return p.entry(span);
        }
        if (local) throw new NotLocal();
        return null;
    }
}
