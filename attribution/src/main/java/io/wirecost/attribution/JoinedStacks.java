package io.wirecost.attribution;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link StackTree}'s stacks as {@link StackCounts} keys them (names with {@code ;} made {@code :}, joined root first
 * by {@code ;}, the frame type dropped), each distinct key once with its summed weight: what the differential flame
 * graph drew from StackCounts, without making a string per stack and splitting it again. Two tree stacks whose frames
 * differ only in type, or in a {@code ;} against a {@code :}, are one key.
 *
 * <pre>
 * DiffFlameGraph.render(title, JoinedStacks.of(baseTree), JoinedStacks.of(candidateTree));
 * </pre>
 */
public final class JoinedStacks implements StackPaths {

    private final List<String> names = new ArrayList<>();
    private final Map<String, Integer> nameIds = new HashMap<>();
    /** The keys, as paths of name ids. */
    private final PathTrie trie = new PathTrie();

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
        for (int k = 0; k < tree.stacks(); k++) {
            int node = tree.sampledNode(k);
            j.trie.add(joined[node], tree.weight(node));
        }
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

    /** Every key with samples, in the order its node was made. */
    @Override
    public void forEach(Visitor v) {
        int[] path = new int[16];
        for (int node = 0; node < trie.count(); node++) {
            if (trie.weight(node) == 0) continue;
            path = trie.labels(node, path);
            v.stack(path, trie.depth(node), trie.weight(node));
        }
    }

    /**
     * The node of {@code node}'s key with {@code ;name} appended. StackCounts put no {@code ;} before a name while
     * its key was empty, so empty names at the root add nothing.
     */
    private int append(int node, int nameId) {
        return node == PathTrie.ROOT && names.get(nameId).isEmpty() ? node : trie.child(node, nameId);
    }

    private int nameId(String s) {
        Integer id = nameIds.get(s);
        if (id != null) return id;
        names.add(s);
        nameIds.put(s, names.size() - 1);
        return names.size() - 1;
    }
}
