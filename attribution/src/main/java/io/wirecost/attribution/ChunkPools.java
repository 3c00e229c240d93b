package io.wirecost.attribution;

import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One mapped chunk's header, metadata and constant pools, indexed but not decoded: for threads, classes,
 * symbols, methods and stack traces, the offset of each entry by id. Entries are decoded only when a
 * sampled stack reaches them ({@link MappedChunkView}). The pools are walked in the order and with the
 * layouts async-profiler's {@code JfrReader.readConstantPool} assumes, so that both readers see the same
 * entries (a later definition of an id replaces an earlier one, as in its dictionaries).
 */
final class ChunkPools {

    static final int HEADER = 68;
    private static final int MAGIC = 0x464c5200;

    final ByteBuffer buf;
    final long startNanos;
    final long startTicks;
    final long ticksPerSec;
    final JfrMetadata meta;
    final boolean asyncProfiler;

    final LongIntMap threads = new LongIntMap();
    final LongIntMap classes = new LongIntMap();
    final LongIntMap symbols = new LongIntMap();
    final LongIntMap methods = new LongIntMap();
    final LongIntMap stackTraces = new LongIntMap();
    /** This chunk's jdk.types.ThreadState constants, or null when it has none (the previous chunk's then hold). */
    Map<Integer, String> threadStates;

    private final int classFields;
    private final int threadFields;

    ChunkPools(ByteBuffer buf) {
        this.buf = buf;
        if (buf.getInt(0) != MAGIC) throw new JfrCursor.Unreadable("no chunk magic");
        long size = buf.getLong(8);
        long cpOffset = buf.getLong(16);
        long metaOffset = buf.getLong(24);
        if (size != buf.limit() || cpOffset <= 0 || cpOffset >= size || metaOffset <= 0 || metaOffset >= size)
            throw new JfrCursor.Unreadable("chunk header");
        startNanos = buf.getLong(32);
        startTicks = buf.getLong(48);
        ticksPerSec = buf.getLong(56);
        meta = JfrMetadata.read(new JfrCursor(buf, (int) metaOffset));
        asyncProfiler = meta.isAsyncProfiler();
        JfrMetadata.Type cls = meta.byName.get("java.lang.Class");
        JfrMetadata.Type thread = meta.byName.get("java.lang.Thread");
        classFields = cls == null ? 0 : cls.fields.size();
        threadFields = thread == null ? 0 : thread.fields.size();
        readConstantPools((int) cpOffset);
    }

    private void readConstantPools(int cpOffset) {
        JfrCursor c = new JfrCursor(buf, cpOffset);
        Set<Integer> visited = new HashSet<>();
        long offset = cpOffset;
        long delta;
        do {
            if (offset <= 0 || offset >= buf.limit() || !visited.add((int) offset))
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
            case "java.lang.Thread" -> {
                int n = c.getCount();
                for (int i = 0; i < n; i++) {
                    int at = c.pos;
                    long id = c.getVarlong();
                    threadName(c); // validated now: a view must not fail once sinks have seen samples
                    skipVarlongs(c, threadFields - 4);
                    threads.put(id, at);
                }
            }
            case "java.lang.Class" -> {
                int n = c.getCount();
                for (int i = 0; i < n; i++) {
                    int at = c.pos;
                    long id = c.getVarlong();
                    skipVarlongs(c, 3); // loader, name, package
                    c.getVarint(); // modifiers
                    skipVarlongs(c, classFields - 4);
                    classes.put(id, at);
                }
            }
            case "java.lang.String" -> {
                int n = c.getCount();
                for (int i = 0; i < n; i++) {
                    c.getVarlong();
                    c.skipString();
                }
            }
            case "jdk.types.Symbol" -> {
                int n = c.getCount();
                for (int i = 0; i < n; i++) {
                    int at = c.pos;
                    long id = c.getVarlong();
                    if (c.getByte() != 3) throw new JfrCursor.Unreadable("symbol encoding");
                    c.skip(c.getCount());
                    symbols.put(id, at);
                }
            }
            case "jdk.types.Method" -> {
                int n = c.getCount();
                for (int i = 0; i < n; i++) {
                    int at = c.pos;
                    long id = c.getVarlong();
                    skipVarlongs(c, 3); // class, name, signature
                    c.getVarint(); // modifiers
                    c.getVarint(); // hidden
                    methods.put(id, at);
                }
            }
            case "jdk.types.StackTrace" -> {
                int n = c.getCount();
                for (int i = 0; i < n; i++) {
                    int at = c.pos;
                    long id = c.getVarlong();
                    c.getVarint(); // truncated
                    int depth = c.getCount();
                    for (int f = 0; f < depth; f++) {
                        c.getVarlong(); // method
                        c.getVarint(); // line
                        c.getVarint(); // bytecode index
                        c.getByte(); // frame type
                    }
                    stackTraces.put(id, at);
                }
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

    private void readEnum(JfrCursor c, String name) {
        boolean states = name.equals("jdk.types.ThreadState");
        Map<Integer, String> values = states ? new HashMap<>() : null;
        int n = c.getCount();
        for (int i = 0; i < n; i++) {
            int key = (int) c.getVarlong();
            if (states) {
                values.put(key, c.getString());
            } else {
                c.skipString();
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
                    c.skipString();
                }
            }
        }
    }

    private static void skipVarlongs(JfrCursor c, int n) {
        for (int i = 0; i < n; i++) c.getVarlong();
    }

    /** At a thread entry's name fields: the Java name, or the OS name for threads without one. */
    static String threadName(JfrCursor c) {
        String osName = c.getString();
        c.getVarint(); // OS thread id
        String javaName = c.getString();
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
