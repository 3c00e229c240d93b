package io.wirecost.attribution;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Samples per distinct stack as one tree of frames (name and drawn type, root first), merged across chunks: what a
 * flame graph of a reading draws ({@link FlameGraphSink#addAll}) and what a differential graph joins its stacks from
 * ({@link JoinedStacks}). Built from the chunk's stack and method ids, so a frame's name is made once per method, not
 * once per stack it appears on, and a stack seen in every chunk is one path.
 *
 * <p>Keeps the order in which its stacks were first sampled, which is the order {@link #forEach} gives them in.
 *
 * <pre>
 * StackTree tree = new StackTree();
 * Recordings.read(file, SampleMode.CPU, tree);
 * flame.addAll(tree);
 * </pre>
 */
public final class StackTree implements SummingSink {

    static final int ROOT = PathTrie.ROOT;

    private final List<String> names = new ArrayList<>();
    private final Map<String, Integer> nameIds = new HashMap<>();
    /** A frame is a name and the type the graph draws it with: (name id << 8 | type) to frame id. */
    private final LongIntMap frameIds = new LongIntMap();

    private int[] frameName = new int[256];
    private byte[] frameType = new byte[256];
    private int frameCount;

    /** The stacks, as paths of frame ids. */
    private final PathTrie trie = new PathTrie();

    private boolean[] sampled = new boolean[1024];

    /** The sampled nodes in the order of their first sample. */
    private int[] order = new int[256];

    private int orderCount;
    private long total;

    // valid for the chunk being read only
    private ChunkView chunk;
    private final LongIntMap stackNodes = new LongIntMap();
    /** Per frame type as the chunk resolves it ({@code type & 0xFF}): method id to frame id. */
    private final LongIntMap[] methodFrames = new LongIntMap[256];

    @Override
    public void beginChunk(ChunkView chunk) {
        this.chunk = chunk;
        stackNodes.clear();
        for (LongIntMap m : methodFrames) if (m != null) m.clear();
    }

    @Override
    public void samples(int stackTraceId, int threadId, long weight, long events, double weightSquares) {
        int node = stackNodes.get(stackTraceId, -1);
        if (node < 0) {
            node = path(stackTraceId);
            stackNodes.put(stackTraceId, node);
        }
        // a sample of weight 0 still makes its stack one of the graph's, as it makes a key of StackCounts
        if (node >= sampled.length) sampled = Arrays.copyOf(sampled, Math.max(node + 1, sampled.length * 2));
        if (!sampled[node]) {
            sampled[node] = true;
            if (orderCount == order.length) order = Arrays.copyOf(order, orderCount * 2);
            order[orderCount++] = node;
        }
        trie.add(node, weight);
        total += weight;
    }

    /** The summed weight of every sample. */
    public long total() {
        return total;
    }

    /** The distinct stacks sampled, across every chunk read. */
    public int stacks() {
        return orderCount;
    }

    /** Each sampled stack as frame ids ({@link #frameName}, {@link #frameType}), in the order of its first sample. */
    void forEach(StackPaths.Visitor v) {
        int[] path = new int[16];
        for (int k = 0; k < orderCount; k++) {
            int node = order[k];
            path = trie.labels(node, path);
            v.stack(path, trie.depth(node), trie.weight(node));
        }
    }

    // the tree as JoinedStacks reads it: nodes are numbered after their parents
    int nodeCount() {
        return trie.count();
    }

    int parent(int node) {
        return trie.parent(node);
    }

    int frame(int node) {
        return trie.label(node);
    }

    long weight(int node) {
        return trie.weight(node);
    }

    int sampledNode(int k) {
        return order[k];
    }

    String frameName(int frameId) {
        return names.get(frameName[frameId]);
    }

    byte frameType(int frameId) {
        return frameType[frameId];
    }

    /**
     * The type a flame graph draws frame {@code i} of a stack with: the recorded one, else JIT-compiled, where
     * {@link ChunkView#typeAt} says "not recorded" to resolve the name.
     */
    static byte drawnType(byte[] types, int i) {
        return i < types.length ? types[i] : 1;
    }

    private int path(int stackTraceId) {
        long[] methods = chunk.stackMethods(stackTraceId);
        byte[] types = chunk.stackTypes(stackTraceId);
        int node = ROOT;
        for (int i = methods.length - 1; i >= 0; i--) node = trie.child(node, frameOf(methods[i], types, i));
        return node;
    }

    private int frameOf(long methodId, byte[] types, int i) {
        byte type = ChunkView.typeAt(types, i);
        LongIntMap byMethod = methodFrames[type & 0xFF];
        if (byMethod == null) methodFrames[type & 0xFF] = byMethod = new LongIntMap();
        int id = byMethod.get(methodId, -1);
        if (id < 0) {
            id = frameId(name(chunk.frame(methodId, type).toString()), drawnType(types, i));
            byMethod.put(methodId, id);
        }
        return id;
    }

    private int name(String name) {
        Integer id = nameIds.get(name);
        if (id != null) return id;
        nameIds.put(name, names.size());
        names.add(name);
        return names.size() - 1;
    }

    private int frameId(int nameId, byte type) {
        long key = ((long) nameId << 8) | (type & 0xFF);
        int id = frameIds.get(key, -1);
        if (id >= 0) return id;
        if (frameCount == frameName.length) {
            frameName = Arrays.copyOf(frameName, frameCount * 2);
            frameType = Arrays.copyOf(frameType, frameCount * 2);
        }
        frameName[frameCount] = nameId;
        frameType[frameCount] = type;
        frameIds.put(key, frameCount);
        return frameCount++;
    }
}
