package io.wirecost.attribution;

import java.util.HashMap;
import java.util.Map;

/**
 * Applies a {@link RuleSet} to the samples of a recording, caching per chunk: each distinct method is
 * matched against the rules once, each distinct stack and thread classified once. Counts go to a
 * {@link CategoryCounts}.
 */
public final class StackClassifier implements SampleSink {

    private static final int UNMATCHED = -1;

    private final RuleSet rules;
    private final CategoryCounts counts;
    private final Map<Long, Integer> methodCategory = new HashMap<>();
    private final Map<Integer, Integer> stackCategory = new HashMap<>();
    private final Map<Integer, Integer> threadCategory = new HashMap<>();
    private ChunkView chunk;

    public StackClassifier(RuleSet rules, CategoryCounts counts) {
        this.rules = rules;
        this.counts = counts;
    }

    @Override
    public void beginChunk(ChunkView chunk) {
        // ids are per chunk: a new chunk may reuse them for other methods, stacks and threads
        this.chunk = chunk;
        methodCategory.clear();
        stackCategory.clear();
        threadCategory.clear();
    }

    @Override
    public void sample(int stackTraceId, int threadId, long ticks, long weight) {
        counts.add(classify(stackTraceId, threadId), weight);
    }

    public int classify(int stackTraceId, int threadId) {
        Integer byThread = threadCategory.get(threadId);
        if (byThread == null) {
            byThread = rules.threadCategory(chunk.threadName(threadId));
            threadCategory.put(threadId, byThread);
        }
        if (byThread >= 0) return byThread;
        Integer cached = stackCategory.get(stackTraceId);
        if (cached != null) return cached;
        int category = rules.fallbackIndex();
        for (long methodId : chunk.stackMethods(stackTraceId)) {
            int c = categoryOf(methodId);
            if (c != UNMATCHED) {
                category = c;
                break;
            }
        }
        stackCategory.put(stackTraceId, category);
        return category;
    }

    private int categoryOf(long methodId) {
        Integer c = methodCategory.get(methodId);
        if (c == null) {
            Rule r = rules.ruleFor(chunk.frame(methodId));
            c = r == null ? UNMATCHED : r.categoryIndex();
            methodCategory.put(methodId, c);
        }
        return c;
    }
}
