package io.wirecost.attribution;

/** Passes on only the samples that self attribution gives to one category. */
public final class CategoryFilter implements SampleSink {

    private final int category;
    private final SampleSink next;
    /** One for the recording: it keeps each frame's rule across chunks, which repeat the same frames. */
    private final StackClassifier classifier;
    /** Events passed on: none means an empty output, which its command must say rather than write. */
    private long keptEvents;

    public CategoryFilter(RuleSet rules, int category, SampleSink next) {
        this.category = category;
        this.next = next;
        this.classifier = StackClassifier.classifyOnly(rules);
    }

    @Override
    public void beginChunk(ChunkView chunk) {
        classifier.beginChunk(chunk);
        next.beginChunk(chunk);
    }

    @Override
    public boolean needsEachSample() {
        return next.needsEachSample();
    }

    @Override
    public boolean needsRecordedClock() {
        return next.needsRecordedClock();
    }

    @Override
    public void sample(int stackTraceId, int threadId, long ticks, long weight) {
        if (classifier.classify(stackTraceId, threadId) == category) {
            keptEvents++;
            next.sample(stackTraceId, threadId, ticks, weight);
        }
    }

    @Override
    public void samples(int stackTraceId, int threadId, long weight, long events, double weightSquares) {
        if (classifier.classify(stackTraceId, threadId) == category) {
            keptEvents += events;
            next.samples(stackTraceId, threadId, weight, events, weightSquares);
        }
    }

    /** The sampled events of the category passed on so far. */
    public long keptEvents() {
        return keptEvents;
    }
}
