package io.wirecost.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JMC fallback on recordings from JDK Mission Control's own test suite (not in this repository: read
 * from where {@link JmcRecordingsTest} finds them, skipped with the reason when absent). Expected counts: {@code jfr summary} for format 1.0, which the
 * JDK's tool reads; JMC 9.1.1's own loader for the gzip-compressed 0.9 files, which it does not.
 */
class JmcRecordingReaderTest {

    @TempDir
    Path dir;

    /** One of JMC's test recordings, which this repository may not hold: skipped with the reason when absent. */
    static Path fixture(String name) {
        Path f = JmcRecordingsTest.dir().resolve(name);
        Assumptions.assumeTrue(Files.isRegularFile(f), f + " is missing (see JmcRecordingsTest's class comment)");
        return f;
    }

    /** Counts samples and checks every one has a resolvable, non-empty stack. */
    static final class CountingSink implements SampleSink {
        ChunkView chunk;
        long samples;
        int chunks;
        final Set<String> leaves = new HashSet<>();

        @Override
        public void beginChunk(ChunkView chunk) {
            this.chunk = chunk;
            chunks++;
        }

        @Override
        public void sample(int stackTraceId, int threadId, long ticks, long weight) {
            samples += weight;
            long[] methods = chunk.stackMethods(stackTraceId);
            if (methods.length > 0)
                leaves.add(chunk.frame(methods[0], ChunkView.typeAt(chunk.stackTypes(stackTraceId), 0))
                        .toString());
        }
    }

    @Test
    void jdk9FormatOneZeroCountsAsJfrSummary() throws Exception {
        Path f = fixture("allocation_10s_before.jfr");
        CountingSink sink = new CountingSink();
        RecordingSummary s = Recordings.read(f, SampleMode.CPU, sink);
        // jfr summary: com.oracle.jdk.ExecutionSample 756, Version 1.0, Chunks 1
        assertEquals(Map.of("jdk.ExecutionSample", 756L), s.eventCounts());
        assertEquals(756, sink.samples);
        assertEquals(1, s.chunks());
        assertTrue(s.warnings().get(0).contains("format 1.0"), s.warnings().toString());
        assertTrue(sink.leaves.stream().anyMatch(l -> l.contains(".")), "no Java leaf frame: " + sink.leaves);
    }

    @Test
    void gzipJdk8FormatZeroNineCountsAsJmc() throws Exception {
        // JMC 9.1.1's loader: 8u40.jfr 19 execution samples, parallel-gc_cpu.jfr 272; jfr summary refuses 0.9
        assertEquals(
                19,
                Recordings.read(fixture("8u40.jfr"), SampleMode.CPU, new CountingSink())
                        .samples());
        CountingSink sink = new CountingSink();
        RecordingSummary s = Recordings.read(fixture("parallel-gc_cpu.jfr"), SampleMode.CPU, sink);
        assertEquals(272, s.samples());
        assertEquals(272, sink.samples);
        assertTrue(s.warnings().get(0).contains("format 0.9"), s.warnings().toString());
    }

    @Test
    void everyChunkOfAConcatenatedFileCountsLikeJfrSummary() throws Exception {
        // three copies of one chunk: JMC's loader keeps one (same start time), jfr summary counts 2268
        Path f = dir.resolve("three-copies.jfr");
        byte[] one = Files.readAllBytes(fixture("allocation_10s_before.jfr"));
        try (OutputStream out = Files.newOutputStream(f)) {
            for (int i = 0; i < 3; i++) out.write(one);
        }
        CountingSink sink = new CountingSink();
        RecordingSummary s = Recordings.read(f, SampleMode.CPU, sink);
        assertEquals(3 * 756, s.samples());
        assertEquals(3, s.chunks());
        assertEquals(3, sink.chunks);
        long jmcOwn = 0;
        for (org.openjdk.jmc.common.item.IItemIterable events :
                org.openjdk.jmc.flightrecorder.JfrLoaderToolkit.loadEvents(f.toFile())) {
            if (events.getType().getIdentifier().equals("jdk.ExecutionSample")) jmcOwn += events.getItemCount();
        }
        assertEquals(756, jmcOwn, "JMC's own loader no longer drops repeated chunks: update docs/analysis.md");
    }

    @Test
    void takesOnlyTheFormatsAsyncProfilersReaderRefuses() {
        JmcRecordingReader jmc = new JmcRecordingReader();
        assertTrue(jmc.reads(new JfrFormat(0, 9, "")));
        assertTrue(jmc.reads(new JfrFormat(1, 0, "")));
        assertFalse(jmc.reads(new JfrFormat(2, 1, "")));
    }

    @Test
    void garbageInsideGzipIsOneLine() throws IOException {
        Path f = dir.resolve("bad.jfr");
        try (OutputStream out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(f))) {
            out.write("hello".getBytes());
        }
        RecordingException e =
                assertThrows(RecordingException.class, () -> Recordings.read(f, SampleMode.CPU, new CountingSink()));
        assertTrue(e.getMessage().contains("not a JFR recording"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }
}
