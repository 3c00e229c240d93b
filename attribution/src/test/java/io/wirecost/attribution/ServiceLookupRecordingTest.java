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
        long lookups = 0;
        try (Recording r = new Recording()) {
            r.enable("jdk.ExecutionSample").withPeriod(java.time.Duration.ofMillis(2));
            r.start();
            long end = System.nanoTime() + 3_000_000_000L;
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
            r.stop();
            r.dump(file);
        }
        RuleSet rules = RuleSet.defaults();
        Attributor attributor = new Attributor(rules, SampleMode.CPU, AttributionMode.SELF);
        CategoryCounts counts = attributor.newCounts();
        attributor.read(file, counts);
        long middleware = 0;
        StringBuilder nonZero = new StringBuilder();
        for (int i = 0; i < rules.categories().size(); i++) {
            if (rules.category(i).isMiddleware()) middleware += counts.samples(i);
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
        assertTrue(middleware >= 50, "too few samples to judge: " + seen);
        assertTrue(percent >= 80, seen);
    }
}
