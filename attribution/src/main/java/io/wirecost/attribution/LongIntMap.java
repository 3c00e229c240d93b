package io.wirecost.attribution;

import java.util.Arrays;

/**
 * A map from long to int on primitive arrays (open addressing, linear probing). The classifier looks up a
 * cached category per method, stack and thread for every distinct stack of every chunk: two million
 * lookups on a large recording, where a {@code HashMap<Long, Integer>} allocates a box per lookup and per
 * entry. Hand-written for the reason {@link StackTally} gives: the engine has no primitive collections
 * library, and two small maps do not justify adding one. Public for the differential flame graph, which finds a
 * frame's child by (node, name) ids the same way.
 *
 * <p>Keys below {@value #DENSE_LIMIT} index an array directly: async-profiler numbers its methods from 1,
 * so the classifier's per-frame lookup, its hottest loop, is one array load instead of a probe.
 */
public final class LongIntMap {

    static final int DENSE_LIMIT = 1 << 16;

    /** Values of the keys in [0, DENSE_LIMIT) with the sign bit flipped: 0 is "absent". Grown to the largest such key. */
    private int[] dense = new int[0];
    /** Dense slots written since the last clear: 0 to denseHigh (exclusive). */
    private int denseHigh;

    private int denseSize;
    private long[] keys = new long[64];
    private int[] values = new int[64];
    private boolean[] used = new boolean[64];
    private int size;

    /** The value of {@code key}, or {@code missing} where it has none. */
    public int get(long key, int missing) {
        if (key >= 0 && key < DENSE_LIMIT) {
            if (key >= denseHigh) return missing;
            int v = dense[(int) key];
            return v == 0 ? missing : v ^ Integer.MIN_VALUE;
        }
        int mask = keys.length - 1;
        for (int i = slot(key, mask); used[i]; i = (i + 1) & mask) {
            if (keys[i] == key) return values[i];
        }
        return missing;
    }

    /** @param value anything but Integer.MIN_VALUE, which callers keep as their "not cached" mark */
    public void put(long key, int value) {
        if (value == Integer.MIN_VALUE) throw new IllegalArgumentException("Integer.MIN_VALUE cannot be stored");
        if (key >= 0 && key < DENSE_LIMIT) {
            int k = (int) key;
            if (k >= dense.length)
                dense = Arrays.copyOf(dense, Math.min(DENSE_LIMIT, Math.max(k + 1, dense.length * 2)));
            if (k >= denseHigh) denseHigh = k + 1;
            if (dense[k] == 0) denseSize++;
            dense[k] = value ^ Integer.MIN_VALUE;
            return;
        }
        int mask = keys.length - 1;
        int i = slot(key, mask);
        while (used[i]) {
            if (keys[i] == key) {
                values[i] = value;
                return;
            }
            i = (i + 1) & mask;
        }
        used[i] = true;
        keys[i] = key;
        values[i] = value;
        if (++size * 2 > keys.length) grow();
    }

    /** One entry of the map. */
    interface Entry {
        void accept(long key, int value);
    }

    /** Passes every entry, in no particular order. */
    void forEach(Entry to) {
        for (int k = 0; k < denseHigh; k++) if (dense[k] != 0) to.accept(k, dense[k] ^ Integer.MIN_VALUE);
        for (int i = 0; i < keys.length; i++) if (used[i]) to.accept(keys[i], values[i]);
    }

    public int size() {
        return size + denseSize;
    }

    /** Empties the map, keeping its capacity: the next chunk has about as many entries. */
    void clear() {
        Arrays.fill(dense, 0, denseHigh, 0);
        denseHigh = 0;
        denseSize = 0;
        if (size == 0) return;
        Arrays.fill(used, false);
        size = 0;
    }

    private static int slot(long key, int mask) {
        long h = key * 0x9E3779B97F4A7C15L; // Fibonacci hashing: ids that are multiples of a power of two spread too
        return (int) (h ^ (h >>> 32)) & mask;
    }

    private void grow() {
        long[] oldKeys = keys;
        int[] oldValues = values;
        boolean[] oldUsed = used;
        keys = new long[oldKeys.length * 2];
        values = new int[oldKeys.length * 2];
        used = new boolean[oldKeys.length * 2];
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldUsed[i]) put(oldKeys[i], oldValues[i]);
        }
    }
}
