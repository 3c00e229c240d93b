package io.wirecost.attribution;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Chunks read by several threads into counts of their own, then merged, give exactly the counts and the
 * summary of one thread reading them all, on recordings of several chunks that reuse each other's ids.
 */
class SplitReadingTest {

    private static final Path DIR = Path.of("src/test/resources/recordings");
    private static final RuleSet RULES = Attributor.rules(List.of());

    /** wall, cpu+alloc+lock, wall, cpu+alloc+lock, wall: five chunks of two producers' shapes, ids reused. */
    private static Path fiveChunks(Path tmp) throws Exception {
        byte[] a = Files.readAllBytes(DIR.resolve("ap29-wall.jfr"));
        byte[] b = Files.readAllBytes(DIR.resolve("ap29-cpu-alloc-lock.jfr"));
        Path multi = tmp.resolve("five.jfr");
        Files.write(multi, a);
        for (byte[] next : List.of(b, a, b, a)) Files.write(multi, next, java.nio.file.StandardOpenOption.APPEND);
        return multi;
    }

    private static long[] flat(CategoryCounts c) {
        long[] out = new long[c.categories().size() + 1];
        for (int i = 0; i < c.categories().size(); i++) out[i] = c.samples(i);
        out[out.length - 1] = c.total();
        return out;
    }

    @Test
    void everyThreadCountGivesTheCountsAndSummaryOfOneThread(@TempDir Path tmp) throws Exception {
        Path file = fiveChunks(tmp);
        for (SampleMode sampleMode : List.of(SampleMode.CPU, SampleMode.WALL, SampleMode.ALLOC, SampleMode.LOCK)) {
            for (AttributionMode mode : AttributionMode.values()) {
                Attributor a = new Attributor(RULES, sampleMode, mode);
                CategoryCounts one = a.newCounts();
                RecordingSummary s1 = a.read(file, one);
                assertTrue(one.total() > 0, sampleMode + ": nothing to compare");
                for (int threads : new int[] {2, 3, 4, 8}) {
                    CategoryCounts split = a.newCounts();
                    RecordingSummary s = a.readSplit(file, split, threads);
                    String what = sampleMode + " " + mode + " " + threads + " threads";
                    assertArrayEquals(flat(one), flat(split), what + ": " + Arrays.toString(flat(split)));
                    assertEquals(s1.eventCounts(), s.eventCounts(), what);
                    assertEquals(5, s.chunks(), what);
                    assertEquals(s1.producer(), s.producer(), what);
                }
            }
        }
    }

    @Test
    void runsShareTheChunksBytesInOrderAndCoverEveryChunkOnce(@TempDir Path tmp) throws Exception {
        ChunkScan scan = ChunkScan.of(fiveChunks(tmp));
        assertEquals(6, scan.chunkBounds().size(), "five chunks: six bounds");
        for (int n = 2; n <= 8; n++) {
            List<int[]> runs = RecordingReader.runs(scan, n);
            assertTrue(runs.size() >= 2 && runs.size() <= Math.min(n, 5), n + ": " + runs.size() + " runs");
            int next = 0;
            for (int[] run : runs) {
                assertEquals(next, run[0], "runs follow each other");
                assertTrue(run[1] >= 1, "no empty run");
                next += run[1];
            }
            assertEquals(5, next, "every chunk once");
        }
        assertEquals(List.of(), RecordingReader.runs(scan, 1), "one thread: no split");
    }

    @Test
    void oneChunkIsReadInOnePassAndABadFileFailsAsItDoesUnsplit(@TempDir Path tmp) throws Exception {
        Attributor a = new Attributor(RULES, SampleMode.CPU, AttributionMode.SELF);
        CategoryCounts one = a.newCounts();
        RecordingSummary s = a.readSplit(DIR.resolve("ap29-cpu.jfr"), one, 4);
        assertEquals(1, s.chunks());
        assertTrue(one.total() > 0);

        Path bad = tmp.resolve("bad.jfr");
        Files.writeString(bad, "not a recording");
        RecordingException split = assertThrows(RecordingException.class, () -> a.readSplit(bad, a.newCounts(), 2));
        RecordingException unsplit = assertThrows(RecordingException.class, () -> a.read(bad, a.newCounts()));
        assertEquals(unsplit.getMessage(), split.getMessage());
    }
}
