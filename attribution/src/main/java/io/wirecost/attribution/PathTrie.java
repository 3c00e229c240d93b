package io.wirecost.attribution;

import java.util.Arrays;

/**
 * Paths of int labels (frame or name ids, root first) as one tree on primitive arrays: node 0 is the empty path, a
 * node is numbered after its parent, and each node sums the weight of the samples whose path ends there. The stack
 * trees a flame graph and a differential graph are drawn from ({@link StackTree}, {@link JoinedStacks}).
 */
final class PathTrie {

    static final int ROOT = 0;

    /** (parent node << 32 | label) to the child node. */
    private final LongIntMap children = new LongIntMap();

    private int[] parent = new int[1024];
    private int[] label = new int[1024];
    private long[] weight = new long[1024];
    private int count = 1;

    /** The node of {@code node}'s path with {@code label} appended, made if new. */
    int child(int node, int label) {
        long key = ((long) node << 32) | label;
        int c = children.get(key, -1);
        if (c >= 0) return c;
        if (count == parent.length) {
            int n = count * 2;
            parent = Arrays.copyOf(parent, n);
            this.label = Arrays.copyOf(this.label, n);
            weight = Arrays.copyOf(weight, n);
        }
        parent[count] = node;
        this.label[count] = label;
        children.put(key, count);
        return count++;
    }

    void add(int node, long w) {
        weight[node] += w;
    }

    int count() {
        return count;
    }

    int parent(int node) {
        return parent[node];
    }

    int label(int node) {
        return label[node];
    }

    long weight(int node) {
        return weight[node];
    }

    int depth(int node) {
        int depth = 0;
        for (int n = node; n != ROOT; n = parent[n]) depth++;
        return depth;
    }

    /** {@code node}'s labels, root first, into {@code path} (grown if short); returns the array written. */
    int[] labels(int node, int[] path) {
        int depth = depth(node);
        int[] out = depth > path.length ? new int[Math.max(depth, path.length * 2)] : path;
        for (int n = node, i = depth; n != ROOT; n = parent[n]) out[--i] = label[n];
        return out;
    }
}
