package io.wirecost.attribution;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Samples per distinct stack, keyed by its frame names joined root first by {@code ;} (a name's own {@code ;} made
 * {@code :}). The differential flame graph draws {@link JoinedStacks}, which gives the same stacks in the same order
 * without joining names into strings; this stays as the plain statement of what that must equal.
 */
public final class StackCounts implements SummingSink {

    private final Map<String, Long> counts = new HashMap<>();
    private final Map<Integer, String> keys = new HashMap<>();
    private ChunkView chunk;
    private long total;

    @Override
    public void beginChunk(ChunkView chunk) {
        this.chunk = chunk;
        keys.clear();
    }

    @Override
    public void samples(int stackTraceId, int threadId, long weight, long events, double weightSquares) {
        String key = keys.computeIfAbsent(stackTraceId, id -> {
            long[] m = chunk.stackMethods(id);
            byte[] types = chunk.stackTypes(id);
            StringBuilder sb = new StringBuilder();
            for (int i = m.length - 1; i >= 0; i--) {
                if (sb.length() > 0) sb.append(';');
                sb.append(
                        chunk.frame(m[i], ChunkView.typeAt(types, i)).toString().replace(';', ':'));
            }
            return sb.toString();
        });
        counts.merge(key, weight, Long::sum);
        total += weight;
    }

    public Map<String, Long> counts() {
        return counts;
    }

    public long total() {
        return total;
    }

    /** The keys split at {@code ;} again, in the map's order, as the differential flame graph reads a side. */
    public StackPaths paths() {
        List<String> names = new ArrayList<>();
        Map<String, Integer> ids = new HashMap<>();
        List<int[]> stacks = new ArrayList<>();
        List<Long> weights = new ArrayList<>();
        for (Map.Entry<String, Long> e : counts.entrySet()) {
            String[] frames = e.getKey().split(";");
            int[] path = new int[frames.length];
            for (int i = 0; i < frames.length; i++)
                path[i] = ids.computeIfAbsent(frames[i], n -> {
                    names.add(n);
                    return names.size() - 1;
                });
            stacks.add(path);
            weights.add(e.getValue());
        }
        long sum = total;
        return new StackPaths() {
            @Override
            public List<String> names() {
                return names;
            }

            @Override
            public long total() {
                return sum;
            }

            @Override
            public void forEach(Visitor v) {
                for (int i = 0; i < stacks.size(); i++) v.stack(stacks.get(i), stacks.get(i).length, weights.get(i));
            }
        };
    }
}
