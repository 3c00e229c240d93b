package io.wirecost.attribution;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Applies a {@link RuleSet} to the samples of a recording, caching per chunk: each distinct method is
 * matched against the rules once per recording, each distinct stack and thread classified once per chunk. Counts go to a
 * {@link CategoryCounts}, in {@link AttributionMode#SELF} or {@link AttributionMode#INCLUSIVE} mode.
 */
public final class StackClassifier implements SummingSink {

    private static final int UNMATCHED = -1;
    /** Not cached yet: below every cached value (an index, UNMATCHED, or a passthrough's -2 - index). */
    private static final int MISSING = Integer.MIN_VALUE;
    /** Covering rules' categories are cached as COVERS + index, above every plain index. */
    private static final int COVERS = 1 << 24;

    private final RuleSet rules;
    private final CategoryCounts counts;
    private final AttributionMode mode;
    private final LongIntMap methodCategory = new LongIntMap();
    private final LongIntMap stackCategory = new LongIntMap();
    private final Map<Integer, int[]> stackCategories = new HashMap<>();
    private final LongIntMap threadCategory = new LongIntMap();
    /** Across chunks: a frame's rule depends on its names only, and concatenated chunks repeat the same frames. */
    private final Map<Frame, Integer> frameCategory = new HashMap<>();

    private ChunkView chunk;

    public StackClassifier(RuleSet rules, CategoryCounts counts) {
        this(rules, counts, AttributionMode.SELF);
    }

    public StackClassifier(RuleSet rules, CategoryCounts counts, AttributionMode mode) {
        this.rules = rules;
        this.counts = counts;
        this.mode = mode;
    }

    /** For a sink that asks only {@link #classify} (a filter, a flame graph's category root): no counts are read. */
    public static StackClassifier classifyOnly(RuleSet rules) {
        return new StackClassifier(rules, new CategoryCounts(rules.categories()));
    }

    @Override
    public void beginChunk(ChunkView chunk) {
        // ids are per chunk: a new chunk may reuse them for other methods, stacks and threads
        this.chunk = chunk;
        methodCategory.clear();
        stackCategory.clear();
        stackCategories.clear();
        threadCategory.clear();
    }

    @Override
    public void samples(int stackTraceId, int threadId, long weight, long events, double weightSquares) {
        if (mode == AttributionMode.SELF) {
            counts.add(classify(stackTraceId, threadId), weight, events, weightSquares);
        } else {
            counts.addAll(categoriesOf(stackTraceId, threadId), weight, events, weightSquares);
        }
    }

    /** Self attribution: the one category of this sample. */
    public int classify(int stackTraceId, int threadId) {
        int byThread = threadCategory(threadId);
        if (byThread >= 0) return byThread;
        int cached = stackCategory.get(stackTraceId, MISSING);
        if (cached != MISSING) return cached;
        int category = rules.fallbackIndex();
        boolean claimed = false;
        boolean leafRun = true; // only passthrough frames so far, from the leaf
        long[] methods = chunk.stackMethods(stackTraceId);
        byte[] types = chunk.stackTypes(stackTraceId);
        for (int i = 0; i < methods.length; i++) {
            int c = categoryOf(methods[i], ChunkView.typeAt(types, i));
            if (c == UNMATCHED) {
                leafRun = false;
            } else if (c >= COVERS) {
                category = c - COVERS; // a covering frame decides everything below it
                break;
            } else if (!claimed && (c >= 0 || leafRun)) {
                category = c >= 0 ? c : passthroughCategory(c);
                claimed = true;
                if (!rules.hasCoveringRules()) break; // else a covering frame nearer the root may still decide
            }
        }
        stackCategory.put(stackTraceId, category);
        return category;
    }

    /** Inclusive attribution: every category some frame (or the thread) of this sample is claimed by. */
    private int[] categoriesOf(int stackTraceId, int threadId) {
        int byThread = threadCategory(threadId);
        if (byThread >= 0) return new int[] {byThread};
        return stackCategories.computeIfAbsent(stackTraceId, id -> {
            boolean[] seen = new boolean[rules.categories().size()];
            boolean leafRun = true;
            long[] methods = chunk.stackMethods(id);
            byte[] types = chunk.stackTypes(id);
            for (int i = 0; i < methods.length; i++) {
                int c = categoryOf(methods[i], ChunkView.typeAt(types, i));
                if (c == UNMATCHED) {
                    leafRun = false;
                } else if (c >= COVERS) {
                    seen[c - COVERS] = true;
                } else if (c >= 0) {
                    seen[c] = true;
                } else if (leafRun) {
                    seen[passthroughCategory(c)] = true; // a passthrough frame is a layer only where its own code runs
                }
            }
            int[] out = new int[seen.length];
            int n = 0;
            for (int i = 0; i < seen.length; i++) if (seen[i]) out[n++] = i;
            return n == 0 ? new int[] {rules.fallbackIndex()} : Arrays.copyOf(out, n);
        });
    }

    private int threadCategory(int threadId) {
        int byThread = threadCategory.get(threadId, MISSING);
        if (byThread == MISSING) {
            byThread = rules.threadCategory(chunk.threadName(threadId));
            threadCategory.put(threadId, byThread);
        }
        return byThread;
    }

    /** Passthrough rules' categories are cached as -2 - index, apart from UNMATCHED (-1). */
    private static int passthroughCategory(int cached) {
        return -2 - cached;
    }

    /** The cached category of a method: an index, UNMATCHED, a passthrough category (below -1) or COVERS + index. */
    private int categoryOf(long methodId, byte frameType) {
        int c = methodCategory.get(methodId, MISSING);
        if (c == MISSING) {
            c = frameCategory.computeIfAbsent(chunk.frame(methodId, frameType), f -> {
                Rule r = rules.ruleFor(f);
                if (r == null) return UNMATCHED;
                switch (r.reach()) {
                    case PASSTHROUGH:
                        return -2 - r.categoryIndex();
                    case COVERS:
                        return COVERS + r.categoryIndex();
                    default:
                        return r.categoryIndex();
                }
            });
            methodCategory.put(methodId, c);
        }
        return c;
    }
}
