package io.wirecost.attribution;

/** Passes on only the samples that self attribution gives to one category. */
public final class CategoryFilter implements SampleSink {

    private final int category;
    private final SampleSink next;
    /** One for the recording: it keeps each frame's rule across chunks, which repeat the same frames. */
    private final StackClassifier classifier;

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
        if (classifier.classify(stackTraceId, threadId) == category) next.sample(stackTraceId, threadId, ticks, weight);
    }

    @Override
    public void samples(int stackTraceId, int threadId, long weight, long events, double weightSquares) {
        if (classifier.classify(stackTraceId, threadId) == category)
            next.samples(stackTraceId, threadId, weight, events, weightSquares);
    }
}
