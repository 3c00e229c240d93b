package io.wirecost.attribution;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reader sums a chunk's samples per (stack, thread) before classifying when the sink allows it;
 * these tests hold that the shares are exactly those of classifying every sample, on the checked-in
 * recordings, in every mode, self and inclusive, through a thread filter, and across chunks that
 * reuse ids (a recording concatenated with another). The events per category and the shares' intervals,
 * which over bytes and nanoseconds need each event's weight squared, must be the same too.
 */
class PerStackCountingTest {

    private static final Path DIR = Path.of("src/test/resources/recordings");
    private static final RuleSet RULES = Attributor.rules(List.of());

    /** Hides a sink's "sums only" answer, so the reader passes it every sample: the reference path. */
    private record EverySample(SampleSink next) implements SampleSink {
        @Override
        public void beginChunk(ChunkView chunk) {
            next.beginChunk(chunk);
        }

        @Override
        public void sample(int stackTraceId, int threadId, long ticks, long weight) {
            next.sample(stackTraceId, threadId, ticks, weight);
        }
    }

    private static CategoryCounts read(
            Path file, SampleMode sampleMode, AttributionMode mode, boolean perSample, Pattern threads)
            throws RecordingException {
        CategoryCounts c = new CategoryCounts(RULES.categories());
        SampleSink sink = new StackClassifier(RULES, c, mode);
        if (threads != null) sink = new SampleFilter(sink, threads, 0, Long.MAX_VALUE);
        if (perSample) sink = new EverySample(sink);
        assertEquals(!perSample, !sink.needsEachSample());
        Recordings.read(file, sampleMode, sink);
        return c;
    }

    /** Summed weight, then events, per category, and the total weight last. */
    private static long[] counts(
            Path file, SampleMode sampleMode, AttributionMode mode, boolean perSample, Pattern threads)
            throws RecordingException {
        CategoryCounts c = read(file, sampleMode, mode, perSample, threads);
        int n = c.categories().size();
        long[] out = new long[2 * n + 1];
        for (int i = 0; i < n; i++) {
            out[i] = c.samples(i);
            out[n + i] = c.events(i);
        }
        out[out.length - 1] = c.total();
        return out;
    }

    /** Every share's interval, low and high, in category order. */
    private static double[] intervals(
            Path file, SampleMode sampleMode, AttributionMode mode, boolean perSample, Pattern threads)
            throws RecordingException {
        Attribution a = read(file, sampleMode, mode, perSample, threads).toAttribution("test", mode);
        List<CategoryShare> shares = new java.util.ArrayList<>(a.middleware());
        shares.addAll(a.jvm());
        double[] out = new double[2 * shares.size()];
        for (int i = 0; i < shares.size(); i++) {
            out[2 * i] = shares.get(i).ciLow();
            out[2 * i + 1] = shares.get(i).ciHigh();
        }
        return out;
    }

    private static void assertSame(Path file, SampleMode sampleMode, Pattern threads) throws RecordingException {
        for (AttributionMode mode : AttributionMode.values()) {
            long[] perSample = counts(file, sampleMode, mode, true, threads);
            long[] perStack = counts(file, sampleMode, mode, false, threads);
            assertTrue(perSample[perSample.length - 1] > 0, file + " " + sampleMode + ": no samples to compare");
            assertArrayEquals(
                    perSample,
                    perStack,
                    file + " " + sampleMode + " " + mode + ": " + Arrays.toString(perSample) + " per sample vs "
                            + Arrays.toString(perStack) + " per stack");
            // the squares are summed in another order: equal to rounding
            assertArrayEquals(
                    intervals(file, sampleMode, mode, true, threads),
                    intervals(file, sampleMode, mode, false, threads),
                    1e-9,
                    file + " " + sampleMode + " " + mode + ": intervals");
        }
    }

    @Test
    void everyModeOfTheCheckedInRecordingsGivesTheSameCounts() throws Exception {
        assertSame(DIR.resolve("ap29-cpu.jfr"), SampleMode.CPU, null);
        assertSame(DIR.resolve("ap29-wall.jfr"), SampleMode.WALL, null);
        assertSame(DIR.resolve("ap29-cpu-alloc-lock.jfr"), SampleMode.CPU, null);
        assertSame(DIR.resolve("ap29-cpu-alloc-lock.jfr"), SampleMode.ALLOC, null);
        assertSame(DIR.resolve("ap29-cpu-alloc-lock.jfr"), SampleMode.LOCK, null);
    }

    @Test
    void aThreadFilterStillSumsPerStackAndGivesTheSameCounts() throws Exception {
        assertSame(DIR.resolve("ap29-wall.jfr"), SampleMode.WALL, Pattern.compile("contender|sleeper|Thread#"));
    }

    @Test
    void concatenatedChunksReusingIdsGiveTheSameCounts(@TempDir Path tmp) throws Exception {
        Path multi = tmp.resolve("multi.jfr");
        byte[] a = Files.readAllBytes(DIR.resolve("ap29-wall.jfr"));
        byte[] b = Files.readAllBytes(DIR.resolve("ap29-cpu-alloc-lock.jfr"));
        byte[] all = new byte[2 * a.length + b.length];
        System.arraycopy(a, 0, all, 0, a.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        System.arraycopy(a, 0, all, a.length + b.length, a.length);
        Files.write(multi, all);
        assertSame(multi, SampleMode.WALL, null);
        assertSame(multi, SampleMode.CPU, null);
    }

    @Test
    void aTimeWindowKeepsEverySample() {
        SampleSink windowed = new SampleFilter(
                new StackClassifier(RULES, new CategoryCounts(RULES.categories())), null, 1, Long.MAX_VALUE);
        assertTrue(windowed.needsEachSample(), "a time window needs each sample's time");
    }
}
