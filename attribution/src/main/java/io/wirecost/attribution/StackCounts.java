package io.wirecost.attribution;

import java.util.HashMap;
import java.util.Map;

/** Samples per distinct stack (frame names, root first): the input of a differential flame graph. */
public final class StackCounts implements SampleSink {

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
    public boolean needsEachSample() {
        return false;
    }

    @Override
    public void sample(int stackTraceId, int threadId, long ticks, long weight) {
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
}
