package io.wirecost.diff;

import io.wirecost.attribution.LongIntMap;
import io.wirecost.attribution.StackPaths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The frames of a differential flame graph's two sides, each with its share of its side's total: a stack's share is
 * added to every frame on it. A node's child is found by (node, name) ids, each side's names made ids once.
 */
final class DiffTree {

    /** A frame: its name, its shares of the baseline and of the candidate, and its children. */
    static final class Node {
        final String name;
        double base;
        double cand;
        /** In the order the graph first met them, which lays them out left to right. */
        final List<Node> children = new ArrayList<>();

        Node(String name) {
            this.name = name;
        }

        void add(double share, boolean baseline) {
            if (baseline) base += share;
            else cand += share;
        }
    }

    private final List<Node> nodes = new ArrayList<>();
    private final LongIntMap children = new LongIntMap();
    private final Map<String, Integer> nameIds = new HashMap<>();

    private DiffTree() {
        nodes.add(new Node("all"));
    }

    /** The root of both sides' frames, the baseline's met first. */
    static Node of(StackPaths base, StackPaths cand) {
        DiffTree tree = new DiffTree();
        tree.add(base, true);
        tree.add(cand, false);
        return tree.nodes.get(0);
    }

    /** Adds the side's stacks in its order: the shares' sums depend on it in the last bit, the layout wholly. */
    private void add(StackPaths side, boolean baseline) {
        long total = side.total();
        if (total == 0) return;
        List<String> names = side.names();
        int[] ids = ids(names);
        side.forEach((frames, depth, weight) -> {
            double v = (double) weight / total;
            int node = 0;
            nodes.get(node).add(v, baseline);
            for (int i = 0; i < depth; i++) {
                int id = ids[frames[i]];
                if (id < 0) continue; // an empty name: a joined key's ";;", no frame
                node = child(node, id, names.get(frames[i]));
                nodes.get(node).add(v, baseline);
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
