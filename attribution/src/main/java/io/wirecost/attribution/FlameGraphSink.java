package io.wirecost.attribution;

import java.io.PrintStream;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import one.convert.Arguments;
import one.convert.CallStack;
import one.convert.FlameGraph;

/**
 * Feeds samples into async-profiler's own {@link FlameGraph}, which renders its interactive HTML
 * template or collapsed stacks: no hand-written renderer. Optionally puts each sample's category as the
 * root frame, so the graph groups by category ({@link CategoryFilter} keeps only one category), or the
 * artifact of the leaf Java frame ({@link #byArtifact}), so it groups by the library the CPU is in.
 */
public final class FlameGraphSink implements SampleSink {

    private static final byte TYPE_CPP = 4;

    private final FlameGraph graph;
    private final RuleSet rules;
    private final boolean categoryRoot;
    private final boolean html;
    /** With a root by artifact: the leaf Java frame's class to its artifact; else null. */
    private final Function<String, String> artifactOfClass;

    private final Map<Integer, String> artifactRoots = new HashMap<>();
    private final Map<Integer, String[]> names = new HashMap<>();
    private final CallStack stack = new CallStack();
    /** With a category root, one for the recording: it keeps each frame's rule across chunks. Else null. */
    private final StackClassifier classifier;

    private ChunkView chunk;

    /**
     * @param format       {@code html} or {@code collapsed}
     * @param categoryRoot put each sample's category (by {@code rules}) under the root
     */
    public FlameGraphSink(String format, String title, RuleSet rules, boolean categoryRoot) {
        this(format, title, rules, categoryRoot, null);
    }

    /** Each sample under a root frame {@code [ARTIFACT]}: its leaf Java frame's jar or module, as {@code attribute --by artifact}. */
    public static FlameGraphSink byArtifact(String format, String title, RuleSet rules, ArtifactIndex artifacts) {
        return new FlameGraphSink(format, title, rules, false, artifacts::artifactOf);
    }

    private FlameGraphSink(
            String format,
            String title,
            RuleSet rules,
            boolean categoryRoot,
            Function<String, String> artifactOfClass) {
        Arguments args = new Arguments();
        args.output = format;
        this.html = format.equals("html");
        args.title = title;
        args.dot = true;
        this.graph = new FlameGraph(args);
        this.rules = rules;
        this.categoryRoot = categoryRoot;
        this.classifier = categoryRoot ? StackClassifier.classifyOnly(rules) : null;
        this.artifactOfClass = artifactOfClass;
    }

    @Override
    public void beginChunk(ChunkView chunk) {
        this.chunk = chunk;
        names.clear();
        artifactRoots.clear();
        if (categoryRoot) classifier.beginChunk(chunk);
    }

    /**
     * An HTML graph is drawn by stack (and thread, for a category root) and sorted by name when written, so the
     * reader's sums per (stack, thread) draw the same graph as each sample would, and {@code pack:auto}'s kept reading
     * can be replayed into it. Collapsed stacks are written in the order the stacks first arrive, which sums would
     * change.
     */
    @Override
    public boolean needsEachSample() {
        return !html;
    }

    /** {@link #needsEachSample} of a graph in {@code format}, for a caller that must know before the graph exists. */
    public static boolean needsEachSample(String format) {
        return !format.equals("html");
    }

    @Override
    public void sample(int stackTraceId, int threadId, long ticks, long weight) {
        long[] methods = chunk.stackMethods(stackTraceId);
        byte[] types = chunk.stackTypes(stackTraceId);
        String[] frameNames = names.computeIfAbsent(stackTraceId, id -> {
            String[] n = new String[methods.length];
            for (int i = 0; i < methods.length; i++)
                n[i] = chunk.frame(methods[i], ChunkView.typeAt(types, i)).toString();
            return n;
        });
        stack.clear();
        if (categoryRoot)
            stack.push(
                    "["
                            + rules.category(classifier.classify(stackTraceId, threadId))
                                    .name() + "]",
                    TYPE_CPP);
        if (artifactOfClass != null) {
            stack.push(
                    "[" + artifactRoots.computeIfAbsent(stackTraceId, id -> LeafKey.of(chunk, id, artifactOfClass))
                            + "]",
                    TYPE_CPP);
        }
        for (int i = methods.length - 1; i >= 0; i--) { // the flame graph wants the root first
            stack.push(frameNames[i], StackTree.drawnType(types, i));
        }
        graph.addSample(stack, weight);
    }

    /**
     * Adds a tree's stacks, each once with its summed weight: the graph sums by path and sorts when written, so this
     * draws what sampling them one by one draws, with a name made once per frame, not per stack. A tree keeps no
     * threads or categories, so a graph rooted by category or artifact cannot take one.
     */
    public void addAll(StackTree tree) {
        if (categoryRoot || artifactOfClass != null)
            throw new IllegalStateException("a stack tree keeps no categories or artifacts to root the graph by");
        tree.forEach((frames, depth, weight) -> {
            stack.clear();
            for (int i = 0; i < depth; i++) stack.push(tree.frameName(frames[i]), tree.frameType(frames[i]));
            graph.addSample(stack, weight);
        });
    }

    public void write(PrintStream out) {
        graph.dump(out);
    }
}
