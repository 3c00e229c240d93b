package io.wirecost.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The engine's one entry point for several inputs, and the one rule for the mode a profiler's samples count in. */
class AttributorEntryTest {

    private static Path pack(String name) throws Exception {
        return Path.of(AttributorEntryTest.class
                .getResource("/io/wirecost/attribution/packs/" + name + ".collapsed")
                .toURI());
    }

    @Test
    void eachInputKeepsItsOwnCountsAndTheTotalIsTheirSum() throws Exception {
        Attributor a = new Attributor(RuleSet.defaults(), SampleMode.CPU, AttributionMode.SELF);
        Attributor.Attributed read = a.readAll(List.of(
                Attributor.Source.file("h2", pack("h2-server")),
                Attributor.Source.file("kafka", pack("kafka-broker"))));
        assertEquals(
                List.of("h2", "kafka"),
                read.parts().stream().map(Attributor.Part::label).toList());
        long h2 = read.parts().get(0).counts().total();
        long kafka = read.parts().get(1).counts().total();
        assertTrue(h2 > 0 && kafka > 0, h2 + ", " + kafka);
        assertEquals(h2 + kafka, read.all().total());
        for (int i = 0; i < RuleSet.defaults().categories().size(); i++)
            assertEquals(
                    read.parts().get(0).counts().samples(i)
                            + read.parts().get(1).counts().samples(i),
                    read.all().samples(i));
        // the same counts as one read of each file
        CategoryCounts alone = a.newCounts();
        a.read(pack("h2-server"), alone);
        assertEquals(alone.total(), h2);
        assertEquals(2, read.summaries().size());
    }

    @Test
    void onlyAsyncProfilersWallEventGivesWallSamples() {
        assertEquals(SampleMode.WALL, SampleMode.ofProfiler("async", "wall"));
        for (String event : List.of("cpu", "itimer", "ctimer"))
            assertEquals(SampleMode.CPU, SampleMode.ofProfiler("async", event));
        // JFR's method sampler takes no event: its samples are CPU samples whatever --event says
        assertEquals(SampleMode.CPU, SampleMode.ofProfiler("jfr", "wall"));
        assertEquals("wall", SampleMode.WALL.samplesWord());
        assertEquals("CPU", SampleMode.CPU.samplesWord());
    }
}
