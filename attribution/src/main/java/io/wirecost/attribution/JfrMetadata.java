package io.wirecost.attribution;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One chunk's metadata event, reduced to what the mapped reader needs: type ids by name, and for the
 * types that constant pools hold (those without a super type, as async-profiler's reader keeps them)
 * their fields. Parsed as async-profiler's {@code JfrReader.readMeta} parses it, so both readers see
 * the same types: a string table, then a tree of elements whose {@code class} and {@code field}
 * elements matter.
 */
final class JfrMetadata {

    /** Deeper element trees than any producer writes are corruption (and would overflow the stack). */
    private static final int MAX_DEPTH = 64;

    record Field(String name, int typeId, boolean constantPool, boolean array) {}

    static final class Type {
        final int id;
        final String name;
        final boolean simpleType;
        final List<Field> fields = new ArrayList<>(2);

        Type(int id, String name, boolean simpleType) {
            this.id = id;
            this.name = name;
            this.simpleType = simpleType;
        }
    }

    /** Types a constant pool may name, by id. */
    final Map<Integer, Type> poolTypes = new HashMap<>();
    /** Every type, event types included, by name. */
    final Map<String, Type> byName = new HashMap<>();
    /** Every type by id: what a field's type is. */
    final Map<Integer, Type> byId = new HashMap<>();

    private JfrMetadata() {}

    /**
     * A metadata event this parser cannot read. Definitive, unlike other failures of the own reader: async-profiler's
     * reader parses metadata the same way and fails on it too, after allocating what a corrupted count asks for
     * (a map sized by an attribute count, gigabytes, where this parser checks every count against the bytes left).
     */
    static final class Corrupt extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Corrupt(String what) {
            super(what, null, false, false);
        }
    }

    static JfrMetadata read(JfrCursor c) {
        try {
            return parse(c);
        } catch (RuntimeException | StackOverflowError e) {
            throw new Corrupt(e instanceof Exception ex ? ChunkScan.inWords(ex) : "its element tree is too deep");
        }
    }

    private static JfrMetadata parse(JfrCursor c) {
        JfrMetadata meta = new JfrMetadata();
        c.getVarint(); // size, checked by ChunkScan
        c.getVarint(); // event type
        c.getVarlong(); // start
        c.getVarlong(); // duration
        c.getVarlong(); // metadata id
        String[] strings = new String[c.getCount()];
        for (int i = 0; i < strings.length; i++) strings[i] = JfrStrings.read(c);
        meta.element(c, strings, null, 0);
        return meta;
    }

    /** -1 where the chunk has no such type, as in JfrReader's getTypeId. */
    int typeId(String name) {
        Type t = byName.get(name);
        return t == null ? -1 : t.id;
    }

    boolean isAsyncProfiler() {
        for (String name : byName.keySet()) {
            if (name != null && name.startsWith("profiler.")) return true;
        }
        return false;
    }

    private void element(JfrCursor c, String[] strings, Type parent, int depth) {
        if (depth > MAX_DEPTH) throw new IndexOutOfBoundsException("metadata nested too deep");
        String name = strings[c.getVarint()];
        int attributeCount = c.getCount();
        Map<String, String> attributes = new HashMap<>(attributeCount);
        for (int i = 0; i < attributeCount; i++) attributes.put(strings[c.getVarint()], strings[c.getVarint()]);
        Type type = null;
        if ("class".equals(name)) {
            type = new Type(
                    Integer.parseInt(attributes.get("id")),
                    attributes.get("name"),
                    "true".equals(attributes.get("simpleType")));
            if (!attributes.containsKey("superType")) poolTypes.put(type.id, type);
            byName.put(type.name, type);
            byId.put(type.id, type);
        } else if ("field".equals(name)) {
            Field f = new Field(
                    attributes.get("name"),
                    Integer.parseInt(attributes.get("class")),
                    "true".equals(attributes.get("constantPool")),
                    attributes.containsKey("dimension"));
            if (parent != null) parent.fields.add(f);
        }
        int children = c.getCount();
        for (int i = 0; i < children; i++) element(c, strings, type, depth + 1);
    }
}
