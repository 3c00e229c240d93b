package io.wirecost.agent;

import io.wirecost.attribution.ArtifactIndex;
import io.wirecost.attribution.AttributionMode;
import io.wirecost.attribution.Attributor;
import io.wirecost.attribution.CategoryCounts;
import io.wirecost.attribution.EndpointSink;
import io.wirecost.attribution.FanOutSink;
import io.wirecost.attribution.OtlpExport;
import io.wirecost.attribution.PackageProfile;
import io.wirecost.attribution.RecordingException;
import io.wirecost.attribution.RecordingSummary;
import io.wirecost.attribution.RuleSet;
import io.wirecost.attribution.SampleMode;
import io.wirecost.attribution.SampleSink;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Counts a completed segment with the CLI's own {@link Attributor}, the rules loaded as {@code --rules} loads them,
 * so the live view and {@code wirecost attribute} agree on the same samples. One pass over the segment feeds every
 * counter asked for into the {@link LiveTotals} and, with otlp.endpoint, sends the segment's profile. The session's
 * worker thread alone reads.
 */
final class SegmentReader {

    private static final java.util.logging.Logger LOG = AgentLog.LOG;

    private final AgentOptions options;
    private final RuleSet rules;
    private final LiveTotals totals;
    /** otlp.endpoint: sends each segment's profile; null when not asked for. */
    private final OtlpShipper shipper;
    /** Package to artifact of the classes loaded so far; refreshed when a package is new. */
    private Map<String, String> artifactOfPackage = Map.of();

    private boolean artifactsRefreshed;

    SegmentReader(AgentOptions options, RuleSet rules, LiveTotals totals, OtlpShipper shipper) {
        this.options = options;
        this.rules = rules;
        this.totals = totals;
        this.shipper = shipper;
    }

    /**
     * The user's rules layered over the built-in ones, as {@code wirecost attribute --rules} layers them. A file
     * that cannot be used logs one warning and the built-in rules count instead: the metrics stay useful, and
     * the warning says why the user's categories are missing.
     */
    static RuleSet rules(AgentOptions options) {
        if (options.rules() == null) return RuleSet.defaults();
        try {
            return Attributor.rules(List.of(options.rules().toString()));
        } catch (RuntimeException e) {
            LOG.warning("wirecost agent: rules file " + options.rules() + " not used (" + e.getMessage()
                    + "); counting with the built-in rules");
            return RuleSet.defaults();
        }
    }

    /** How the agent counts a completed segment: the attribution entry point the CLI uses, in self mode. */
    static Attributor attributor(AgentOptions options, RuleSet rules) {
        return new Attributor(rules, sampleMode(options), AttributionMode.SELF);
    }

    static SampleMode sampleMode(AgentOptions options) {
        return SampleMode.ofProfiler(options.engine(), options.event());
    }

    void read(Path file) {
        CategoryCounts c = new CategoryCounts(rules.categories());
        try {
            // one pass over the segment feeds every counter asked for: the categories, the artifacts (same
            // samples) and the allocated bytes (another event of the same pass)
            Attributor attributor = attributor(options, rules);
            PackageProfile byArtifact = totals.countsArtifacts() ? new PackageProfile(this::artifactOf) : null;
            CategoryCounts bytes = totals.countsAllocations() ? new CategoryCounts(rules.categories()) : null;
            OtlpSink otlp = shipper == null ? null : new OtlpSink(rules, options, this::artifactOf);
            EndpointSink byEndpoint =
                    totals.endpoints() == null ? null : totals.endpoints().sinkFor(file);
            List<SampleSink> alongside = new ArrayList<>();
            if (byArtifact != null) alongside.add(byArtifact);
            if (otlp != null) alongside.add(otlp.sink(attributor.sampleMode()));
            if (byEndpoint != null) alongside.add(byEndpoint);
            Map<SampleMode, SampleSink> otherModes = new EnumMap<>(SampleMode.class);
            if (bytes != null) {
                SampleSink alloc = new Attributor(rules, SampleMode.ALLOC, AttributionMode.SELF).classifier(bytes);
                otherModes.put(
                        SampleMode.ALLOC,
                        otlp == null ? alloc : new FanOutSink(List.of(alloc, otlp.sink(SampleMode.ALLOC))));
            }
            artifactsRefreshed = false;
            Map<SampleMode, RecordingSummary> read = attributor.readSegment(file, c, alongside, otherModes);
            if (otlp != null)
                otlp.ship(
                        shipper,
                        OtlpExport.producer(read.values()),
                        options.engine().equals("async") ? totals.event() : "");
            totals.add(c, bytes, byArtifact, byEndpoint);
        } catch (RecordingException | IOException | RuntimeException | LinkageError e) {
            totals.drop(c);
            totals.fail("read", e);
        }
    }

    private String artifactOf(String className) {
        int dot = className.lastIndexOf('.');
        String pkg = dot < 0 ? "" : className.substring(0, dot);
        String a = artifactOfPackage.get(pkg);
        // a package first seen in this segment: ask the JVM again, at most once per segment
        if (a == null && !artifactsRefreshed && Agent.instrumentation() != null) {
            artifactsRefreshed = true;
            artifactOfPackage = ArtifactMap.byPackage(Agent.instrumentation());
            a = artifactOfPackage.get(pkg);
        }
        return a == null ? ArtifactIndex.UNKNOWN : a;
    }
}
