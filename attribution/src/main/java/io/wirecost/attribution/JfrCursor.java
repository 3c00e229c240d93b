package io.wirecost.attribution;

/**
 * A read position in the bytes of one JFR chunk (or one constant-pool entry of it), decoding the format's integers as async-profiler's
 * {@code JfrReader} does (LEB128 varints, the 9th byte of a varlong carrying 8 bits; string fields are read
 * by {@link JfrStrings}). Every read is bounded by the chunk:
 * a field that runs past it throws {@link IndexOutOfBoundsException}, which the mapped reader turns into
 * "not mine, let the general reader say what is wrong".
 */
final class JfrCursor {

    private final byte[] buf;
    private final int limit;
    int pos;

    JfrCursor(byte[] buf, int limit, int pos) {
        if (limit > buf.length) throw new IndexOutOfBoundsException("limit " + limit);
        this.buf = buf;
        this.limit = limit;
        this.pos = pos;
    }

    int limit() {
        return limit;
    }

    byte getByte() {
        if (pos >= limit) throw new IndexOutOfBoundsException("past the end");
        return buf[pos++];
    }

    int getInt(int at) {
        if (at < 0 || at + 4 > limit) throw new IndexOutOfBoundsException("past the end");
        return (buf[at] & 0xff) << 24 | (buf[at + 1] & 0xff) << 16 | (buf[at + 2] & 0xff) << 8 | buf[at + 3] & 0xff;
    }

    long getLong(int at) {
        return (long) getInt(at) << 32 | getInt(at + 4) & 0xffffffffL;
    }

    /** As JfrReader's getVarint: the shift wraps past 32 bits, so a long run of continuation bytes is kept as it would. */
    int getVarint() {
        int p = pos;
        if (limit - p >= 5) {
            // away from the end no byte needs its own bounds check: most varints of an event are one or two bytes
            byte[] b = buf;
            int x = b[p];
            if (x >= 0) {
                pos = p + 1;
                return x;
            }
            int result = x & 0x7f;
            x = b[p + 1];
            if (x >= 0) {
                pos = p + 2;
                return result | x << 7;
            }
            result |= (x & 0x7f) << 7;
            x = b[p + 2];
            if (x >= 0) {
                pos = p + 3;
                return result | x << 14;
            }
            result |= (x & 0x7f) << 14;
            x = b[p + 3];
            if (x >= 0) {
                pos = p + 4;
                return result | x << 21;
            }
        }
        return getVarintSlowly();
    }

    private int getVarintSlowly() {
        int result = 0;
        for (int shift = 0; ; shift += 7) {
            byte b = getByte();
            result |= (b & 0x7f) << shift;
            if (b >= 0) return result;
        }
    }

    long getVarlong() {
        int p = pos;
        if (limit - p >= 9) {
            byte[] b = buf;
            long result = 0;
            for (int shift = 0; shift < 56; shift += 7) {
                byte x = b[p++];
                result |= (x & 0x7fL) << shift;
                if (x >= 0) {
                    pos = p;
                    return result;
                }
            }
            pos = p + 1;
            return result | (b[p] & 0xffL) << 56;
        }
        return getVarlongSlowly();
    }

    private long getVarlongSlowly() {
        long result = 0;
        for (int shift = 0; shift < 56; shift += 7) {
            byte b = getByte();
            result |= (b & 0x7fL) << shift;
            if (b >= 0) return result;
        }
        return result | (getByte() & 0xffL) << 56;
    }

    /** A count of entries that follow, each at least one byte: larger than the bytes left is corruption. */
    int getCount() {
        int n = getVarint();
        if (n < 0 || n > limit - pos) throw new IndexOutOfBoundsException("implausible count " + n);
        return n;
    }

    /** Moves past a varint without decoding it: where {@link #getVarint} would land, failing where it would. */
    void skipVarint() {
        byte[] b = buf;
        int p = pos;
        do {
            if (p >= limit) throw new IndexOutOfBoundsException("past the end");
        } while (b[p++] < 0);
        pos = p;
    }

    /**
     * Moves past {@code depth} stack frames (a method varlong, line and bytecode-index varints, a type byte) without
     * decoding them, landing where those four reads would and failing where they would: indexing a chunk's stack
     * pool needs only where each entry ends, and four calls per frame cost more than the bytes.
     */
    void skipFrames(int depth) {
        byte[] b = buf;
        int p = pos;
        for (int f = 0; f < depth; f++) {
            // the method: at most 8 bytes with the continuation bit, then a 9th taken whole (as getVarlong)
            for (int n = 0; ; ) {
                if (p >= limit) throw new IndexOutOfBoundsException("past the end");
                if (b[p++] >= 0) break;
                if (++n == 8) {
                    if (p >= limit) throw new IndexOutOfBoundsException("past the end");
                    p++;
                    break;
                }
            }
            for (int v = 0; v < 2; v++) { // line, bytecode index
                do {
                    if (p >= limit) throw new IndexOutOfBoundsException("past the end");
                } while (b[p++] < 0);
            }
            if (p >= limit) throw new IndexOutOfBoundsException("past the end");
            p++; // frame type
        }
        pos = p;
    }

    /**
     * Reads {@code depth} stack frames into {@code methods} and {@code types}, skipping their line and bytecode
     * index: the reads {@link #getVarlong}, two {@link #skipVarint} and {@link #getByte} would make, in one loop,
     * as decoding the frames of every sampled stack is the reader's hottest work. Only for an entry already
     * walked by {@link #skipFrames}: a frame that runs past the limit fails as those reads would.
     */
    void frames(int depth, long[] methods, byte[] types) {
        byte[] b = buf;
        int p = pos;
        for (int f = 0; f < depth; f++) {
            if (limit - p < 9) {
                pos = p;
                methods[f] = getVarlong();
                skipVarint();
                skipVarint();
                types[f] = getByte();
                p = pos;
                continue;
            }
            long method = 0;
            for (int shift = 0; ; shift += 7) {
                byte x = b[p++];
                if (shift == 56) {
                    method |= (x & 0xffL) << 56;
                    break;
                }
                method |= (x & 0x7fL) << shift;
                if (x >= 0) break;
            }
            methods[f] = method;
            for (int v = 0; v < 2; v++) { // line, bytecode index
                do {
                    if (p >= limit) throw new IndexOutOfBoundsException("past the end");
                } while (b[p++] < 0);
            }
            if (p >= limit) throw new IndexOutOfBoundsException("past the end");
            types[f] = b[p++];
        }
        pos = p;
    }

    void skip(int bytes) {
        if (bytes < 0 || bytes > limit - pos) throw new IndexOutOfBoundsException("skip " + bytes);
        pos += bytes;
    }

    /** The bytes read: a key over a range of them ({@link RepeatedStacks}) needs no copy. */
    byte[] buffer() {
        return buf;
    }

    byte[] bytesAt(int at, int n) {
        if (at < 0 || n < 0 || at + n > limit) throw new IndexOutOfBoundsException("past the end");
        return java.util.Arrays.copyOfRange(buf, at, at + n);
    }

    /** Thrown where the file is sound as far as we know but holds something this reader leaves to the general one. */
    static final class Unreadable extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Unreadable(String what) {
            super(what, null, false, false);
        }
    }
}
