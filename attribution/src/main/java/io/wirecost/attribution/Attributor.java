package io.wirecost.attribution;

import java.nio.file.Path;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Read, classify, merge: the one way from recordings to category counts, used alike by the agent's live
 * metrics, {@code wirecost run} and {@code wirecost attribute}, so the same samples give the same shares
 * whichever of them counts.
 *
 * <pre>
 * Attributor a = new Attributor(Attributor.rules(List.of("my.rules")), SampleMode.CPU, AttributionMode.SELF);
 * CategoryCounts counts = a.newCounts();
 * a.read(Path.of("app.jfr"), counts);
 * Attribution shares = counts.toAttribution("cpu samples", AttributionMode.SELF);
 * </pre>
 */
public final class Attributor {

    private final RuleSet rules;
    private final SampleMode sampleMode;
    private final AttributionMode mode;

    public Attributor(RuleSet rules, SampleMode sampleMode, AttributionMode mode) {
        this.rules = rules;
        this.sampleMode = sampleMode;
        this.mode = mode;
    }

    /**
     * The one rule loader: the built-in rules with the user's layers on top (files, or {@code pack:NAME}),
     * later layers winning, exactly as {@code --rules} and the agent's {@code rules=} take them. A file that
     * completes the defaults (a few categories and rules, no fallback of its own) is the usual case.
     * {@code pack:auto} needs the recording's frames and is {@link RuleLayers#load}'s alone.
     */
    public static RuleSet rules(List<String> layers) {
        return RuleLayers.load(layers, true, null);
    }

    public RuleSet rules() {
        return rules;
    }

    public CategoryCounts newCounts() {
        return new CategoryCounts(rules.categories());
    }

    /** The sink that classifies samples into {@code into}, for a reader that feeds several sinks at once. */
    public SampleSink classifier(CategoryCounts into) {
        return new StackClassifier(rules, into, mode);
    }

    public SampleMode sampleMode() {
        return sampleMode;
    }

    /** Classifies every sample of a JFR recording or a collapsed-stack file into {@code into}. */
    public RecordingSummary read(Path file, CategoryCounts into) throws RecordingException {
        return read(file, into, UnaryOperator.identity());
    }

    /** Like {@link #read(Path, CategoryCounts)}, through a filter (threads, a time window) in front of the classifier. */
    public RecordingSummary read(Path file, CategoryCounts into, UnaryOperator<SampleSink> filter)
            throws RecordingException {
        return Recordings.read(file, sampleMode, filter.apply(classifier(into)));
    }
}
