package io.wirecost.attribution;

import java.util.Arrays;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The recording-wide stacks of {@link RecordingIds}, each by its frames and their types, interned by the reading
 * threads. Most lookups find a stack already there: the chunks of one recording repeat their stacks, and within a
 * chunk stacks that differ only in line numbers are one stack here. So a lookup takes the caller's scratch arrays,
 * hashes them once, and copies them only for a new stack. The table is split into stripes by hash, each with its
 * own lock, so the reading threads, which look up every stack of every chunk, seldom wait for one another; an id
 * says its stripe in its low bits.
 */
final class StackTable {

    private static final int STRIPE_BITS = 4;
    private static final int STRIPE_MASK = (1 << STRIPE_BITS) - 1;
    private static final long[] NO_FRAMES = new long[0];
    private static final byte[] NO_TYPES = new byte[0];

    private final Stripe[] stripes = new Stripe[1 << STRIPE_BITS];

    StackTable() {
        for (int i = 0; i < stripes.length; i++) stripes[i] = new Stripe();
    }

    /**
     * The id of the stack of the first {@code depth} entries of {@code frames} and {@code types}, leaf first; the
     * arrays stay the caller's.
     */
    int intern(long[] frames, byte[] types, int depth) {
        int h = depth;
        for (int i = 0; i < depth; i++) h = 961 * h + 31 * Long.hashCode(frames[i]) + types[i];
        int hash = h * 0x9E3779B9; // spread: a polynomial hash of small ids leaves its low bits alike
        hash ^= hash >>> 15;
        Stripe s = stripes[hash >>> (32 - STRIPE_BITS)];
        int local;
        s.lock.lock();
        try {
            local = s.intern(frames, types, depth, hash);
        } finally {
            s.lock.unlock();
        }
        return local << STRIPE_BITS | hash >>> (32 - STRIPE_BITS);
    }

    /** The frames of stack {@code id}, or null where no stack has that id. */
    long[] frames(int id) {
        Stripe s = stripes[id & STRIPE_MASK];
        int local = id >>> STRIPE_BITS;
        return local < s.size ? s.frames[local] : null;
    }

    /** The frame types of stack {@code id}, or null where no stack has that id. */
    byte[] types(int id) {
        Stripe s = stripes[id & STRIPE_MASK];
        int local = id >>> STRIPE_BITS;
        return local < s.size ? s.types[local] : null;
    }

    /** One stripe: stacks numbered 0, 1, 2... as first met, found by open addressing on an int array. */
    private static final class Stripe {
        /**
         * Not the stripe's monitor: one that was ever contended stays inflated, and code compiled by C1 alone (the
         * CLI's) then enters it through the runtime on every lookup.
         */
        final ReentrantLock lock = new ReentrantLock();

        /** Slots of stack number + 1, 0 where free. */
        private int[] slots = new int[256];

        private int[] hashes = new int[64];
        private long[][] frames = new long[64][];
        private byte[][] types = new byte[64][];
        private int size;

        int intern(long[] f, byte[] t, int depth, int hash) {
            int mask = slots.length - 1;
            int i = hash & mask;
            for (int s; (s = slots[i]) != 0; i = (i + 1) & mask) {
                int n = s - 1;
                if (hashes[n] == hash
                        && frames[n].length == depth
                        && Arrays.equals(frames[n], 0, depth, f, 0, depth)
                        && Arrays.equals(types[n], 0, depth, t, 0, depth)) return n;
            }
            if (size == hashes.length) {
                hashes = Arrays.copyOf(hashes, size * 2);
                frames = Arrays.copyOf(frames, size * 2);
                types = Arrays.copyOf(types, size * 2);
            }
            hashes[size] = hash;
            frames[size] = depth == 0 ? NO_FRAMES : Arrays.copyOf(f, depth);
            types[size] = depth == 0 ? NO_TYPES : Arrays.copyOf(t, depth);
            slots[i] = ++size;
            if (size * 2 > slots.length) rehash(slots.length * 2);
            return size - 1;
        }

        private void rehash(int capacity) {
            slots = new int[capacity];
            int mask = capacity - 1;
            for (int n = 0; n < size; n++) {
                int i = hashes[n] & mask;
                while (slots[i] != 0) i = (i + 1) & mask;
                slots[i] = n + 1;
            }
        }
    }
}
