package io.wirecost.attribution;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Read, classify, merge: the one way from recordings to category counts, used alike by the agent's live
 * metrics ({@link #readSegment}), {@code wirecost run} and {@code wirecost attribute} ({@link #readAll}), so the
 * same samples give the same shares whichever of them counts. Which mode a profiler's samples are counted in is
 * {@link SampleMode#ofProfiler}'s to say.
 *
 * <pre>
 * Attributor a = new Attributor(Attributor.rules(List.of("my.rules")), SampleMode.CPU, AttributionMode.SELF);
 * Attributor.Attributed read = a.readAll(List.of(Attributor.Source.file("server", Path.of("server.jfr"))));
 * Attribution shares = read.all().toAttribution("cpu samples", AttributionMode.SELF);
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

    /** How one input is read into counts by an attributor: the file as it is, or through a command's filters. */
    @FunctionalInterface
    public interface Reading {
        RecordingSummary into(Attributor attributor, CategoryCounts counts) throws RecordingException;
    }

    /** One input of {@link #readAll}: its label (a role, a file) and how it is read. */
    public record Source(String label, Reading reading) {

        /** A recording or collapsed-stack file read as it is. */
        public static Source file(String label, Path file) {
            return new Source(label, (a, counts) -> a.read(file, counts));
        }

        /** A reading kept before (pack:auto's, {@link SampleCapture}), replayed into the classifier. */
        public static Source replayed(String label, SampleCapture kept) {
            return new Source(label, (a, counts) -> kept.replay(a.classifier(counts)));
        }
    }

    /** One input's counts and what was read. */
    public record Part(String label, CategoryCounts counts, RecordingSummary summary) {}

    /** Each input's counts in order, and all of them merged. */
    public record Attributed(List<Part> parts, CategoryCounts all) {

        public Attributed {
            parts = List.copyOf(parts);
        }

        /** Every input's summary, in order. */
        public List<RecordingSummary> summaries() {
            return parts.stream().map(Part::summary).toList();
        }
    }

    /** Read, classify, merge: each input into counts of its own, and every input into one total. */
    public Attributed readAll(List<Source> inputs) throws RecordingException {
        CategoryCounts all = newCounts();
        List<Part> parts = new ArrayList<>();
        for (Source in : inputs) {
            CategoryCounts counts = newCounts();
            RecordingSummary summary = in.reading().into(this, counts);
            all.merge(counts);
            parts.add(new Part(in.label(), counts, summary));
        }
        return new Attributed(parts, all);
    }

    /**
     * One pass over a recording that classifies its samples into {@code into} and feeds the same samples to
     * {@code alongside} (by artifact, by endpoint, to OTLP), and other events of the same pass to {@code otherModes}
     * (allocations): the agent's segment, read once whatever it counts.
     */
    public Map<SampleMode, RecordingSummary> readSegment(
            Path file, CategoryCounts into, List<SampleSink> alongside, Map<SampleMode, SampleSink> otherModes)
            throws RecordingException {
        return readSegment(new RecordingReader(sampleMode), file, into, alongside, otherModes);
    }

    /**
     * As {@link #readSegment(Path, CategoryCounts, List, Map)}, through {@code reader} (made for this attributor's
     * mode): {@code wirecost bench window} times the agent's read with each reader this way.
     */
    public Map<SampleMode, RecordingSummary> readSegment(
            RecordingReader reader,
            Path file,
            CategoryCounts into,
            List<SampleSink> alongside,
            Map<SampleMode, SampleSink> otherModes)
            throws RecordingException {
        List<SampleSink> forMode = new ArrayList<>(List.of(classifier(into)));
        forMode.addAll(alongside);
        Map<SampleMode, SampleSink> sinks = new EnumMap<>(SampleMode.class);
        sinks.put(sampleMode, forMode.size() == 1 ? forMode.get(0) : new FanOutSink(forMode));
        sinks.putAll(otherModes);
        return reader.readEach(file, sinks);
    }
}
