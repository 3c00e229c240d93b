package io.wirecost.attribution;

/**
 * Where each entry of one constant pool lies in its chunk: id to [start, end) offsets, on primitive arrays
 * sized from the pool's own count (open addressing, linear probing). {@link LongIntMap}'s direct-indexed
 * part would give each of hundreds of chunks arrays as long as the largest id (thread ids are OS thread
 * ids), where an index sized by its entries keeps every chunk's indexes in memory at once affordable.
 */
final class OffsetIndex {

    private long[] keys = new long[8];
    private long[] spans = new long[8];
    private boolean[] used = new boolean[8];
    private int size;

    /** Room for {@code more} entries without growing: a pool says its count before its entries. */
    void expect(int more) {
        int needed = Integer.highestOneBit(Math.max(4, (size + more) * 2 - 1)) << 1;
        if (needed > keys.length) resize(needed);
    }

    /** A later entry with the same id replaces the earlier, as in async-profiler's dictionaries. */
    void put(long id, int start, int end) {
        int mask = keys.length - 1;
        int i = slot(id, mask);
        while (used[i]) {
            if (keys[i] == id) {
                spans[i] = span(start, end);
                return;
            }
            i = (i + 1) & mask;
        }
        used[i] = true;
        keys[i] = id;
        spans[i] = span(start, end);
        if (++size * 2 > keys.length) resize(keys.length * 2);
    }

    /** The entry's start in the high half and end in the low half; -1 when the pool has no such id. */
    long get(long id) {
        int mask = keys.length - 1;
        for (int i = slot(id, mask); used[i]; i = (i + 1) & mask) {
            if (keys[i] == id) return spans[i];
        }
        return -1;
    }

    /** The ids of the pool's entries, in no particular order. */
    long[] ids() {
        long[] out = new long[size];
        int n = 0;
        for (int i = 0; i < keys.length; i++) if (used[i]) out[n++] = keys[i];
        return out;
    }

    static int start(long span) {
        return (int) (span >>> 32);
    }

    static int end(long span) {
        return (int) span;
    }

    private static long span(int start, int end) {
        return (long) start << 32 | (end & 0xffffffffL);
    }

    private static int slot(long id, int mask) {
        long h = id * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32)) & mask;
    }

    private void resize(int capacity) {
        long[] oldKeys = keys;
        long[] oldSpans = spans;
        boolean[] oldUsed = used;
        keys = new long[capacity];
        spans = new long[capacity];
        used = new boolean[capacity];
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldUsed[i]) put(oldKeys[i], start(oldSpans[i]), end(oldSpans[i]));
        }
    }
}
