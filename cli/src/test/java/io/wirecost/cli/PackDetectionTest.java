package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wirecost.attribution.FramesSeen;
import io.wirecost.attribution.SampleCapture;
import io.wirecost.attribution.SampleMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** pack:auto keeps its readings for the command only while together they fit the bound; every file is still seen. */
class PackDetectionTest {

    @TempDir
    Path dir;

    @Test
    void readingsAreKeptOnlyWithinTheirBound() throws Exception {
        Path source =
                Path.of(System.getProperty("wirecost.home"), "cli/src/test/resources/recordings/workload-jdk.jfr");
        Path first = Files.copy(source, dir.resolve("first.jfr"));
        Path second = Files.copy(source, dir.resolve("second.jfr"));
        SampleCapture reading = SampleCapture.read(first, SampleMode.CPU, UnaryOperator.identity(), true);
        long one = reading.bytes();
        assertTrue(one > 0, "a capture of each sample takes room");
        assertTrue(!reading.frames().isEmpty(), "the recording has frames");
        for (long bound : new long[] {Long.MAX_VALUE, one, one - 1, 0}) {
            Map<Path, SampleCapture> kept = new HashMap<>();
            FramesSeen seen = PackDetection.seen(
                    List.of(first, second),
                    SampleMode.CPU,
                    UnaryOperator.identity(),
                    true,
                    SampleCapture.Keeps.EACH_SAMPLE,
                    kept,
                    bound);
            int expected = bound == Long.MAX_VALUE ? 2 : bound == one ? 1 : 0;
            assertEquals(expected, kept.size(), "bound " + bound + " of " + one + " bytes a reading: " + kept.keySet());
            if (expected == 1) assertTrue(kept.containsKey(first), "the first reading is the one kept");
            // what is not kept is still seen: the packs are detected over every file
            assertEquals(reading.frames(), seen.frames(), "bound " + bound);
        }
    }
}
