package io.wirecost.attribution;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link StackTree}'s stacks as {@link StackCounts} keys them (names with {@code ;} made {@code :}, joined root first
 * by {@code ;}, the frame type dropped), in the order StackCounts' map iterates its keys: what the differential flame
 * graph drew from StackCounts, without making a string per stack and splitting it again.
 *
 * <p>Each distinct joined string is one node of a tree of names, and the string's {@link String#hashCode} is composed
 * from its names' hashes. The graph lays out siblings in the order it meets them, which for StackCounts was a
 * {@code HashMap}'s order of the joined strings; a {@code HashMap} of one key per node, with the string's hash, filled
 * in the order StackCounts filled its own, iterates in that same order (its buckets, resizes and overfull bins depend
 * on the hashes, the insertion order and, for overfull bins, {@link Comparable}, which a key answers as its string).
 *
 * <pre>
 * DiffFlameGraph.render(title, JoinedStacks.of(baseTree), JoinedStacks.of(candidateTree));
 * </pre>
 */
public final class JoinedStacks implements StackPaths {

    private static final int ROOT = 0;

    private final List<String> names = new ArrayList<>();
    private final Map<String, Integer> nameIds = new HashMap<>();
    /**
     * Per name id, for appending {@code ;name} to a string: 31 to the power of that tail's length, what the string's
     * hash is multiplied by, and the tail's own hash, which is then added.
     */
    private int[] appendFactor = new int[256];

    private int[] tailHash = new int[256];

    private final LongIntMap children = new LongIntMap();
    private int[] parent = new int[1024];
    private int[] name = new int[1024];
    private int[] hash = new int[1024];
    private long[] weight = new long[1024];
    private Key[] keys = new Key[1024];
    private int nodeCount = 1;

    /** The keys in StackCounts' map order. */
    private final List<Key> order = new ArrayList<>();

    private final long total;

    private JoinedStacks(long total) {
        this.total = total;
    }

    public static JoinedStacks of(StackTree tree) {
        JoinedStacks j = new JoinedStacks(tree.total());
        // a tree node's joined node; the tree numbers a node after its parent, so one pass in order suffices
        int[] joined = new int[tree.nodeCount()];
        int[] frameNames = new int[0];
        for (int n = 1; n < joined.length; n++) {
            int f = tree.frame(n);
            if (f >= frameNames.length) {
                int from = frameNames.length;
                frameNames = Arrays.copyOf(frameNames, Math.max(f + 1, frameNames.length * 2));
                Arrays.fill(frameNames, from, frameNames.length, -1);
            }
            if (frameNames[f] < 0) frameNames[f] = j.nameId(tree.frameName(f).replace(';', ':'));
            joined[n] = j.append(joined[tree.parent(n)], frameNames[f]);
        }
        // StackCounts merged each sample into its map, which added a key at its first sample; the same merges of the
        // keys
        // in that order give the same map (merge puts a new key at the head of its bin, put at the tail)
        Map<Key, Long> map = new HashMap<>();
        Key last = null;
        boolean lastAdded = false;
        for (int k = 0; k < tree.stacks(); k++) {
            int node = tree.sampledNode(k);
            int to = joined[node];
            lastAdded = j.keys[to] == null;
            if (lastAdded) {
                last = j.keys[to] = new Key(j, to);
                map.merge(last, 0L, Long::sum);
            }
            j.weight[to] += tree.weight(node);
        }
        // and a merge grows a full map before it looks for its key, so the map grew once more if any sample came after
        // the last new key's first: the tree's last sample was not its stack's first, or its stack joins as an older
        // key
        if (last != null && !(tree.lastSampleWasFirst() && lastAdded)) map.merge(last, 0L, Long::sum);
        j.order.addAll(map.keySet());
        return j;
    }

    @Override
    public List<String> names() {
        return names;
    }

    @Override
    public long total() {
        return total;
    }

    @Override
    public void forEach(Visitor v) {
        int[] path = new int[16];
        for (Key k : order) {
            int depth = depth(k.node);
            if (depth > path.length) path = new int[Math.max(depth, path.length * 2)];
            int i = depth;
            for (int n = k.node; n != ROOT; n = parent[n]) path[--i] = name[n];
            v.stack(path, depth, weight[k.node]);
        }
    }

    /** The joined string of {@code node}, as StackCounts keyed it. */
    String joined(int node) {
        int depth = depth(node);
        String[] parts = new String[depth];
        for (int n = node; n != ROOT; n = parent[n]) parts[--depth] = names.get(name[n]);
        return String.join(";", parts);
    }

    private int depth(int node) {
        int depth = 0;
        for (int n = node; n != ROOT; n = parent[n]) depth++;
        return depth;
    }

    /**
     * The node of {@code node}'s string with {@code ;name} appended. StackCounts put no {@code ;} before a name while
     * its string was empty, so empty names at the root add nothing.
     */
    private int append(int node, int nameId) {
        if (node == ROOT && names.get(nameId).isEmpty()) return ROOT;
        long key = ((long) node << 32) | nameId;
        int c = children.get(key, -1);
        if (c >= 0) return c;
        if (nodeCount == parent.length) {
            int n = nodeCount * 2;
            parent = Arrays.copyOf(parent, n);
            name = Arrays.copyOf(name, n);
            hash = Arrays.copyOf(hash, n);
            weight = Arrays.copyOf(weight, n);
            keys = Arrays.copyOf(keys, n);
        }
        String s = names.get(nameId);
        // String.hashCode of a + b is hash(a) * 31^length(b) + hash(b), in int arithmetic as String computes it
        hash[nodeCount] = node == ROOT ? s.hashCode() : hash[node] * appendFactor[nameId] + tailHash[nameId];
        parent[nodeCount] = node;
        name[nodeCount] = nameId;
        children.put(key, nodeCount);
        return nodeCount++;
    }

    private int nameId(String s) {
        Integer id = nameIds.get(s);
        if (id != null) return id;
        int n = names.size();
        names.add(s);
        nameIds.put(s, n);
        if (n == appendFactor.length) {
            appendFactor = Arrays.copyOf(appendFactor, n * 2);
            tailHash = Arrays.copyOf(tailHash, n * 2);
        }
        int power = 1; // 31^length(name)
        for (int i = 0; i < s.length(); i++) power *= 31;
        appendFactor[n] = power * 31;
        tailHash[n] = ';' * power + s.hashCode();
        return n;
    }

    /**
     * One joined string as a map key: its String hash, equal only to itself (one key per node), ordered as the strings
     * are (a HashMap orders an overfull bin so; static and directly {@code Comparable<Key>}, as HashMap requires).
     */
    private static final class Key implements Comparable<Key> {
        final JoinedStacks stacks;
        final int node;

        Key(JoinedStacks stacks, int node) {
            this.stacks = stacks;
            this.node = node;
        }

        @Override
        public int hashCode() {
            return stacks.hash[node];
        }

        @Override
        public int compareTo(Key o) {
            return stacks.joined(node).compareTo(stacks.joined(o.node));
        }
    }
}
