package io.wirecost.attribution;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Locale;
import java.util.ServiceLoader;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.TransformerFactory;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real lookups, really sampled: this JVM asks JAXP for factories and {@link ServiceLoader} for providers in a loop,
 * as SAAJ and Metro do on every message, under JFR's execution sampler; the default rules must put most of the
 * middleware samples in service-lookup. Without the covering rules the same samples land in other, charset,
 * xml-parsing and reflection by their leaf frames, and service-lookup has none.
 */
class ServiceLookupRecordingTest {

    @TempDir
    Path dir;

    /** Not a provider anyone declares: ServiceLoader reads every jar of the class path to find none. */
    interface NobodyProvidesThis {}

    @Test
    void lookupsAreServiceLookupWhateverTheirLeafFrames() throws Exception {
        Path file = dir.resolve("lookups.jfr");
        RuleSet rules = RuleSet.defaults();
        Attributor attributor = new Attributor(rules, SampleMode.CPU, AttributionMode.SELF);
        long lookups = 0;
        CategoryCounts counts;
        long middleware;
        // Bounded by samples, not by time: JFR's sampler drops the ticks it cannot walk, and on a fresh CI machine
        // three seconds once gave 29 middleware samples where this one gives 220. The recording runs in rounds of a
        // second until it holds enough to judge, or a minute has gone.
        long giveUp = System.nanoTime() + 60_000_000_000L;
        try (Recording r = new Recording()) {
            r.enable("jdk.ExecutionSample").withPeriod(java.time.Duration.ofMillis(2));
            r.start();
            do {
                lookups += lookUpFor(1_000_000_000L);
                r.dump(file);
                counts = attributor.newCounts();
                attributor.read(file, counts);
                middleware = middlewareSamples(rules, counts);
            } while (middleware < 200 && System.nanoTime() < giveUp);
            r.stop();
        }
        StringBuilder nonZero = new StringBuilder();
        for (int i = 0; i < rules.categories().size(); i++) {
            if (counts.samples(i) > 0)
                nonZero.append(' ').append(rules.category(i).name()).append('=').append(counts.samples(i));
        }
        long lookup = counts.samples(rules.indexOf("service-lookup"));
        double percent = 100.0 * lookup / Math.max(1, middleware);
        String seen = String.format(
                Locale.ROOT,
                "%d lookups; service-lookup %d of %d middleware samples (%.1f %%); samples by category:%s",
                lookups,
                lookup,
                middleware,
                percent,
                nonZero);
        System.out.println(seen);
        assertTrue(middleware >= 200, "too few samples to judge: " + seen);
        assertTrue(percent >= 80, seen);
    }

    private static long middlewareSamples(RuleSet rules, CategoryCounts counts) {
        long middleware = 0;
        for (int i = 0; i < rules.categories().size(); i++) {
            if (rules.category(i).isMiddleware()) middleware += counts.samples(i);
        }
        return middleware;
    }

    /** Looks up for about {@code nanos} and returns how many rounds it made. */
    private static long lookUpFor(long nanos) {
        long lookups = 0;
        long end = System.nanoTime() + nanos;
        // The clock is read once in 16 lookups: JFR's sampler cannot walk a thread caught inside
        // System.nanoTime, so a loop that reads it every turn loses most of its samples
        // and leaves the loop's own frames a larger part of those it keeps.
        do {
            for (int i = 0; i < 16; i++) {
                TransformerFactory.newInstance();
                DocumentBuilderFactory.newInstance();
                ServiceLoader.load(NobodyProvidesThis.class).iterator().hasNext();
                lookups++;
            }
        } while (System.nanoTime() < end);
        return lookups;
    }
}
