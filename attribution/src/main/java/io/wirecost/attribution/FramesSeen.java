package io.wirecost.attribution;

import java.util.HashSet;
import java.util.Set;

/** The distinct frames on the stacks of a recording: what {@code pack:auto} detects libraries from. */
public final class FramesSeen implements SummingSink {

    private final Set<Frame> frames = new HashSet<>();
    private final Set<Long> methodsOfChunk = new HashSet<>();
    private final Set<Integer> stacksOfChunk = new HashSet<>();
    private ChunkView chunk;
    /** {@link #names}, until a frame is added. */
    private Names names;

    @Override
    public void beginChunk(ChunkView chunk) {
        this.chunk = chunk;
        methodsOfChunk.clear();
        stacksOfChunk.clear();
    }

    @Override
    public void samples(int stackTraceId, int threadId, long weight, long events, double weightSquares) {
        if (!stacksOfChunk.add(stackTraceId)) return;
        long[] methods = chunk.stackMethods(stackTraceId);
        byte[] types = chunk.stackTypes(stackTraceId);
        for (int i = 0; i < methods.length; i++) {
            if (methodsOfChunk.add(methods[i]) && frames.add(chunk.frame(methods[i], ChunkView.typeAt(types, i))))
                names = null;
        }
    }

    /** Frames another reading saw (a {@link SampleCapture}'s), as if this sink had been fed its samples. */
    public void addAll(Set<Frame> seen) {
        if (frames.addAll(seen)) names = null;
    }

    public Set<Frame> frames() {
        return frames;
    }

    /**
     * Whether {@code rule} claims one of the frames. Package and class rules are looked up among the names the frames
     * hold: {@code pack:auto} asks this of every pack's rules, and a recording holds thousands of distinct frames.
     */
    boolean anyMatches(Rule rule) {
        return switch (rule.kind()) {
            case PACKAGE -> names().packages.contains(rule.pattern());
            case CLASS -> names().classes.contains(rule.pattern());
            case THREAD -> false;
            default -> {
                for (Frame f : frames) if (rule.matches(f)) yield true;
                yield false;
            }
        };
    }

    /** Every package the frames' classes are in, with its parents ({@code a.b.C} gives {@code a} and {@code a.b}). */
    Set<String> packages() {
        return names().packages;
    }

    /**
     * The frames' Java packages with their parents, and classes with their outer classes ({@code a.b.C$D} gives
     * {@code a.b.C$D} and {@code a.b.C}): what a package or a class rule matches, as {@link Rule#matches} reads it.
     */
    private record Names(Set<String> packages, Set<String> classes) {}

    private Names names() {
        if (names != null) return names;
        Set<String> packages = new HashSet<>();
        Set<String> classes = new HashSet<>();
        for (Frame f : frames) {
            String cls = f.className();
            if (cls.isEmpty() || !classes.add(cls)) continue;
            for (int i = cls.indexOf('.'); i > 0; i = cls.indexOf('.', i + 1)) packages.add(cls.substring(0, i));
        }
        Set<String> outer = new HashSet<>();
        for (String cls : classes)
            for (int i = cls.indexOf('$'); i >= 0; i = cls.indexOf('$', i + 1)) outer.add(cls.substring(0, i));
        classes.addAll(outer);
        names = new Names(packages, classes);
        return names;
    }
}
