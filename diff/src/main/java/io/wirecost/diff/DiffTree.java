package io.wirecost.diff;

import io.wirecost.attribution.LongIntMap;
import io.wirecost.attribution.StackPaths;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The frames of a differential flame graph's two sides, each with its share of its side's total: a stack's weight is
 * added to every frame on it, and divided by the side's total once, so that a frame's share is the same whatever the
 * order its stacks come in (a recording's chunks are read in parallel, so that order changes from one reading to the
 * next). A node's child is found by (node, name) ids, each side's names made ids once.
 */
final class DiffTree {

    /** A frame: its name, its weights in the baseline and in the candidate, and its children. */
    static final class Node {
        final String name;
        long base;
        long cand;
        /** Ordered by name by {@link #of}: the layout left to right, whatever order the stacks came in. */
        final List<Node> children = new ArrayList<>();

        Node(String name) {
            this.name = name;
        }

        void add(long weight, boolean baseline) {
            if (baseline) base += weight;
            else cand += weight;
        }
    }

    private final List<Node> nodes = new ArrayList<>();
    private final LongIntMap children = new LongIntMap();
    private final Map<String, Integer> nameIds = new HashMap<>();

    private DiffTree() {
        nodes.add(new Node("all"));
    }

    /** The root of both sides' frames, each node's children ordered by name. */
    static Node of(StackPaths base, StackPaths cand) {
        DiffTree tree = new DiffTree();
        tree.add(base, true);
        tree.add(cand, false);
        for (Node n : tree.nodes) n.children.sort(Comparator.comparing((Node c) -> c.name));
        return tree.nodes.get(0);
    }

    private void add(StackPaths side, boolean baseline) {
        if (side.total() == 0) return;
        List<String> names = side.names();
        int[] ids = ids(names);
        side.forEach((frames, depth, weight) -> {
            int node = 0;
            nodes.get(node).add(weight, baseline);
            for (int i = 0; i < depth; i++) {
                int id = ids[frames[i]];
                if (id < 0) continue; // an empty name: a joined key's ";;", no frame
                node = child(node, id, names.get(frames[i]));
                nodes.get(node).add(weight, baseline);
            }
        });
    }

    /** A side's name ids as this tree's, -1 for the empty name, which the graph skips. */
    private int[] ids(List<String> names) {
        int[] ids = new int[names.size()];
        for (int i = 0; i < ids.length; i++)
            ids[i] = names.get(i).isEmpty() ? -1 : nameIds.computeIfAbsent(names.get(i), n -> nameIds.size());
        return ids;
    }

    private int child(int node, int nameId, String name) {
        long key = ((long) node << 32) | nameId;
        int c = children.get(key, -1);
        if (c >= 0) return c;
        Node n = new Node(name);
        nodes.get(node).children.add(n);
        nodes.add(n);
        children.put(key, nodes.size() - 1);
        return nodes.size() - 1;
    }
}
