package io.wirecost.attribution;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * One mapped chunk's header, metadata and constant pools, indexed but not decoded: for threads, classes,
 * symbols, methods and stack traces, the offset of each entry by id. Entries are decoded only when a
 * sampled stack reaches them ({@link ChunkIds}). The pools are walked in the order and with the
 * layouts async-profiler's {@code JfrReader.readConstantPool} assumes, so that both readers see the same
 * entries (a later definition of an id replaces an earlier one, as in its dictionaries).
 */
final class ChunkPools {

    static final int HEADER = 68;
    private static final int MAGIC = 0x464c5200;

    /** The chunk as mapped: entries are read from it again, one at a time, when a sink asks for them. */
    final ByteBuffer map;

    final long startNanos;
    final long startTicks;
    final long ticksPerSec;
    final JfrMetadata meta;
    final boolean asyncProfiler;

    final OffsetIndex threads = new OffsetIndex();
    final OffsetIndex classes = new OffsetIndex();
    final OffsetIndex symbols = new OffsetIndex();
    final OffsetIndex methods = new OffsetIndex();
    final OffsetIndex stackTraces = new OffsetIndex();
    /** This chunk's jdk.types.ThreadState constants, or null when it has none (the previous chunk's then hold). */
    Map<Integer, String> threadStates;

    /** Where the chunk's stack-trace pools lie, count included: start and end of each, in the order read. */
    private int[] stackRegions = new int[0];

    /** The chunk's bytes while it is indexed and scanned; null after, when the reading thread reuses them. */
    private byte[] data;

    private final int size;
    private final int classFields;
    private final int threadFields;

    /**
     * @param data     the chunk's bytes, read into a buffer of the reading thread's that is only used during this call
     * @param metadata parsed metadata by its bytes: the chunks of one recording mostly repeat the same
     */
    ChunkPools(byte[] data, int size, ByteBuffer map, Map<Bytes, JfrMetadata> metadata) {
        this.map = map;
        this.data = data;
        this.size = size;
        JfrCursor h = new JfrCursor(data, size, 0);
        if (size < HEADER || h.getInt(0) != MAGIC) throw new JfrCursor.Unreadable("no chunk magic");
        long declared = h.getLong(8);
        long cpOffset = h.getLong(16);
        long metaOffset = h.getLong(24);
        if (declared != size || cpOffset <= 0 || cpOffset >= size || metaOffset <= 0 || metaOffset >= size)
            throw new JfrCursor.Unreadable("chunk header");
        startNanos = h.getLong(32);
        startTicks = h.getLong(48);
        ticksPerSec = h.getLong(56);
        meta = metadata(new JfrCursor(data, size, (int) metaOffset), metadata);
        asyncProfiler = meta.isAsyncProfiler();
        JfrMetadata.Type cls = meta.byName.get("java.lang.Class");
        JfrMetadata.Type thread = meta.byName.get("java.lang.Thread");
        classFields = cls == null ? 0 : cls.fields.size();
        threadFields = thread == null ? 0 : thread.fields.size();
        readConstantPools((int) cpOffset);
    }

    /** Bytes as a key: a metadata event's, under which its parsed form is shared between chunks; a symbol's. */
    record Bytes(byte[] bytes, int hash) {
        static Bytes of(byte[] bytes) {
            return new Bytes(bytes, Arrays.hashCode(bytes));
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Bytes m && m.hash == hash && Arrays.equals(m.bytes, bytes);
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public String toString() {
            return bytes.length + " bytes";
        }
    }

    static Map<Bytes, JfrMetadata> metadataCache() {
        return new ConcurrentHashMap<>();
    }

    private static JfrMetadata metadata(JfrCursor c, Map<Bytes, JfrMetadata> cache) {
        int start = c.pos;
        int length = c.getVarint();
        if (length <= 0 || length > c.limit() - start) throw new JfrCursor.Unreadable("metadata size");
        Bytes key = Bytes.of(c.bytesAt(start, length));
        JfrMetadata m = cache.get(key);
        if (m == null) {
            c.pos = start;
            m = JfrMetadata.read(c);
            cache.put(key, m);
        }
        return m;
    }

    /** A cursor over the whole chunk's events, while its bytes are at hand. */
    JfrCursor events() {
        return new JfrCursor(held(), size, HEADER);
    }

    private byte[] held() {
        if (data == null) throw new IllegalStateException("the chunk's bytes are no longer held");
        return data;
    }

    /**
     * The bytes of the chunk's stack-trace pools one after another, while the chunk's bytes are held: two chunks
     * with the same have the same stacks under the same ids.
     */
    byte[] stackPools() {
        byte[] out = new byte[stackPoolsLength()];
        int at = 0;
        for (int i = 0; i < stackRegions.length; i += 2) {
            int n = stackRegions[i + 1] - stackRegions[i];
            System.arraycopy(held(), stackRegions[i], out, at, n);
            at += n;
        }
        return out;
    }

    int stackPoolsLength() {
        int n = 0;
        for (int i = 0; i < stackRegions.length; i += 2) n += stackRegions[i + 1] - stackRegions[i];
        return n;
    }

    /** Whether {@link #stackPools} would equal {@code other}, without copying them. */
    boolean sameStackPools(byte[] other) {
        if (other.length != stackPoolsLength()) return false;
        byte[] b = held();
        int at = 0;
        for (int i = 0; i < stackRegions.length; i += 2) {
            int n = stackRegions[i + 1] - stackRegions[i];
            if (!Arrays.equals(b, stackRegions[i], stackRegions[i + 1], other, at, at + n)) return false;
            at += n;
        }
        return true;
    }

    /** Lets go of the reading thread's buffer. */
    void release() {
        data = null;
    }

    /** The chunk's bytes again, from the mapping (an event scan that needs what earlier chunks set). */
    void reload() {
        byte[] b = new byte[size];
        map.get(0, b);
        data = b;
    }

    /** The bytes of one indexed entry: in the chunk's bytes while they are held, else copied out of the mapped chunk. */
    JfrCursor entry(long span) {
        int start = OffsetIndex.start(span);
        if (data != null) return new JfrCursor(data, OffsetIndex.end(span), start); // on the reading thread
        byte[] b = new byte[OffsetIndex.end(span) - start];
        map.get(start, b);
        return new JfrCursor(b, b.length, 0);
    }

    private void readConstantPools(int cpOffset) {
        JfrCursor c = new JfrCursor(data, size, cpOffset);
        Set<Integer> visited = new HashSet<>();
        long offset = cpOffset;
        long delta;
        do {
            if (offset <= 0 || offset >= size || !visited.add((int) offset))
                throw new JfrCursor.Unreadable("constant pool chain");
            c.pos = (int) offset;
            c.getVarint(); // size
            c.getVarint(); // type
            c.getVarlong(); // start
            c.getVarlong(); // duration
            delta = c.getVarlong();
            c.getVarint(); // flush
            int pools = c.getCount();
            for (int i = 0; i < pools; i++) {
                JfrMetadata.Type type = meta.poolTypes.get(c.getVarint());
                if (type == null) throw new JfrCursor.Unreadable("constant pool of an undeclared type");
                readConstants(c, type);
            }
            offset += delta;
        } while (delta != 0);
    }

    private void readConstants(JfrCursor c, JfrMetadata.Type type) {
        if (type.name == null) throw new JfrCursor.Unreadable("unnamed type");
        switch (type.name) {
            case "jdk.types.ChunkHeader" -> c.skip(HEADER + 3);
            case "java.lang.Thread" ->
                index(c, threads, e -> {
                    threadName(e); // validated now: a view must not fail once sinks have seen samples
                    skipVarlongs(e, threadFields - 4);
                });
            case "java.lang.Class" ->
                index(c, classes, e -> {
                    skipVarlongs(e, 3); // loader, name, package
                    e.getVarint(); // modifiers
                    skipVarlongs(e, classFields - 4);
                });
            case "java.lang.String" -> {
                int n = c.getCount();
                for (int i = 0; i < n; i++) {
                    c.getVarlong();
                    JfrStrings.skip(c);
                }
            }
            case "jdk.types.Symbol" ->
                index(c, symbols, e -> {
                    if (e.getByte() != 3) throw new JfrCursor.Unreadable("symbol encoding");
                    e.skip(e.getCount());
                });
            case "jdk.types.Method" ->
                index(c, methods, e -> {
                    skipVarlongs(e, 3); // class, name, signature
                    e.getVarint(); // modifiers
                    e.getVarint(); // hidden
                });
            case "jdk.types.StackTrace" -> {
                int from = c.pos;
                index(c, stackTraces, e -> {
                    e.getVarint(); // truncated
                    e.skipFrames(e.getCount());
                });
                stackRegions = Arrays.copyOf(stackRegions, stackRegions.length + 2);
                stackRegions[stackRegions.length - 2] = from;
                stackRegions[stackRegions.length - 1] = c.pos;
            }
            default -> {
                if (type.simpleType && type.fields.size() == 1) {
                    readEnum(c, type.name);
                } else {
                    readOther(c, type.fields);
                }
            }
        }
    }

    /**
     * One pool's count, then its entries, each indexed by its id from where it starts to where {@code rest}, which
     * passes over the fields after the id, leaves the cursor.
     */
    private static void index(JfrCursor c, OffsetIndex pool, Consumer<JfrCursor> rest) {
        int n = c.getCount();
        pool.expect(n);
        for (int i = 0; i < n; i++) {
            int at = c.pos;
            long id = c.getVarlong();
            rest.accept(c);
            pool.put(id, at, c.pos);
        }
    }

    private void readEnum(JfrCursor c, String name) {
        boolean states = name.equals("jdk.types.ThreadState");
        Map<Integer, String> values = states ? new HashMap<>() : null;
        int n = c.getCount();
        for (int i = 0; i < n; i++) {
            int key = (int) c.getVarlong();
            if (states) {
                values.put(key, JfrStrings.read(c));
            } else {
                JfrStrings.skip(c);
            }
        }
        if (states) threadStates = values;
    }

    private void readOther(JfrCursor c, List<JfrMetadata.Field> fields) {
        int stringType = meta.typeId("java.lang.String");
        boolean[] numeric = new boolean[fields.size()];
        for (int i = 0; i < numeric.length; i++)
            numeric[i] = fields.get(i).constantPool() || fields.get(i).typeId() != stringType;
        int n = c.getCount();
        for (int i = 0; i < n; i++) {
            c.getVarlong();
            for (boolean isNumber : numeric) {
                if (isNumber) {
                    c.getVarlong();
                } else {
                    JfrStrings.skip(c);
                }
            }
        }
    }

    private static void skipVarlongs(JfrCursor c, int n) {
        for (int i = 0; i < n; i++) c.getVarlong();
    }

    /** At a thread entry's name fields: the Java name, or the OS name for threads without one. */
    static String threadName(JfrCursor c) {
        String osName = JfrStrings.read(c);
        c.getVarint(); // OS thread id
        String javaName = JfrStrings.read(c);
        c.getVarlong(); // Java thread id
        return javaName != null ? javaName : osName;
    }

    /** The key of STATE_DEFAULT among thread states, as EventSelection finds it; MIN_VALUE where absent. */
    static int stateDefault(Map<Integer, String> states) {
        if (states != null) {
            for (Map.Entry<Integer, String> s : states.entrySet()) {
                if ("STATE_DEFAULT".equals(s.getValue())) return s.getKey();
            }
        }
        return Integer.MIN_VALUE;
    }
}
