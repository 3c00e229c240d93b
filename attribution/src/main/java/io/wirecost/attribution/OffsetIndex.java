package io.wirecost.attribution;

/**
 * Where each entry of one constant pool lies in its chunk: id to [start, end) offsets, on primitive arrays
 * sized from the pool's own count (open addressing, linear probing). {@link LongIntMap}'s direct-indexed
 * part would give each of hundreds of chunks arrays as long as the largest id (thread ids are OS thread
 * ids), where an index sized by its entries keeps every chunk's indexes in memory at once affordable.
 */
final class OffsetIndex {

    /**
     * Each slot's id and span side by side, so a probe reads one cache line; a span is never 0 (an entry ends after
     * its id), so 0 marks a free slot.
     */
    private long[] table = new long[16];

    private int size;

    /** Room for {@code more} entries without growing: a pool says its count before its entries. */
    void expect(int more) {
        int needed = Integer.highestOneBit(Math.max(4, (size + more) / 3 * 4)) << 1;
        if (needed > slots()) resize(needed);
    }

    /** A later entry with the same id replaces the earlier, as in async-profiler's dictionaries. */
    void put(long id, int start, int end) {
        long span = span(start, end);
        int mask = slots() - 1;
        int i = slot(id, mask);
        while (table[2 * i + 1] != 0) {
            if (table[2 * i] == id) {
                table[2 * i + 1] = span;
                return;
            }
            i = (i + 1) & mask;
        }
        table[2 * i] = id;
        table[2 * i + 1] = span;
        // filled up to three quarters: every chunk's indexes are kept until the last chunk is read
        if (++size > slots() / 4 * 3) resize(slots() * 2);
    }

    /** The entry's start in the high half and end in the low half; -1 when the pool has no such id. */
    long get(long id) {
        long[] t = table;
        int mask = (t.length >> 1) - 1;
        for (int i = slot(id, mask); ; i = (i + 1) & mask) {
            long span = t[2 * i + 1];
            if (span == 0) return -1;
            if (t[2 * i] == id) return span;
        }
    }

    /** The ids of the pool's entries, in no particular order. */
    long[] ids() {
        long[] out = new long[size];
        int n = 0;
        for (int i = 0; i < slots(); i++) if (table[2 * i + 1] != 0) out[n++] = table[2 * i];
        return out;
    }

    static int start(long span) {
        return (int) (span >>> 32);
    }

    static int end(long span) {
        return (int) span;
    }

    private static long span(int start, int end) {
        if (end <= start || start < 0) throw new IllegalArgumentException("entry [" + start + ", " + end + ")");
        return (long) start << 32 | (end & 0xffffffffL);
    }

    private int slots() {
        return table.length >> 1;
    }

    private static int slot(long id, int mask) {
        long h = id * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32)) & mask;
    }

    private void resize(int capacity) {
        long[] old = table;
        table = new long[capacity * 2];
        size = 0;
        for (int i = 0; i < old.length; i += 2) {
            if (old[i + 1] != 0) put(old[i], start(old[i + 1]), end(old[i + 1]));
        }
    }
}
