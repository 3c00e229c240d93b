package io.wirecost.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reads real JDK Flight Recorder recordings made in this JVM (no checked-in binaries) and compares what
 * {@link RecordingReader} counts with what the JDK's own parser, {@link RecordingFile}, sees in the same file.
 */
class RecordingReaderTest {

    private static final String EXECUTION = "jdk.ExecutionSample";
    private static final String NATIVE = "jdk.NativeMethodSample";
    private static final String ACCEPT_THREAD = "wirecost-test-blocked-in-accept";

    @TempDir
    static Path dir;

    /** About 1.5 s of a CPU-busy main thread and a thread blocked in ServerSocket.accept(): one chunk. */
    static Path first;
    /** A second, shorter recording of the same kind, for multi-chunk files. */
    static Path second;

    static Map<String, Long> firstCounts;
    static Map<String, Long> secondCounts;

    private static volatile double blackhole; // keeps the busy loop from being optimised away

    @BeforeAll
    @SuppressWarnings("try") // the server socket is closed early on purpose: the acceptor thread ends on it
    static void record() throws Exception {
        first = record("first.jfr", 1500);
        second = record("second.jfr", 600);
        firstCounts = jdkCounts(first);
        secondCounts = jdkCounts(second);
        // preconditions of the tests below, checked here so a failure says which one broke
        assertTrue(firstCounts.getOrDefault(EXECUTION, 0L) > 0, "no execution samples recorded: " + firstCounts);
        assertTrue(firstCounts.getOrDefault(NATIVE, 0L) > 0, "no native method samples recorded: " + firstCounts);
        assertTrue(secondCounts.getOrDefault(EXECUTION, 0L) > 0, "no execution samples recorded: " + secondCounts);
    }

    private static Path record(String name, long busyMillis) throws Exception {
        Path file = dir.resolve(name);
        try (Recording recording = new Recording();
                ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            recording.enable(EXECUTION).withPeriod(Duration.ofMillis(10));
            recording.enable(NATIVE).withPeriod(Duration.ofMillis(10));
            // blocked in native accept(): only jdk.NativeMethodSample sees this thread
            Thread acceptor = new Thread(
                    () -> {
                        try {
                            server.accept().close();
                        } catch (IOException closedByTheTest) {
                            // expected: the test closes the server socket to end the thread
                        }
                    },
                    ACCEPT_THREAD);
            acceptor.setDaemon(true);
            recording.start();
            acceptor.start();
            busy(busyMillis);
            recording.stop();
            server.close();
            acceptor.join(10_000);
            recording.dump(file);
        }
        return file;
    }

    /** Burns CPU in Java code of this package (the default rules call it 'application'). */
    private static void busy(long millis) {
        long end = System.nanoTime() + millis * 1_000_000;
        double x = 0;
        while (System.nanoTime() < end) {
            for (int i = 1; i < 10_000; i++) x += Math.sqrt(i) / i;
        }
        blackhole = x;
    }

    /** Events per type as the JDK's own parser reads them. */
    private static Map<String, Long> jdkCounts(Path file) throws IOException {
        Map<String, Long> counts = new TreeMap<>();
        for (RecordedEvent e : RecordingFile.readAllEvents(file))
            counts.merge(e.getEventType().getName(), 1L, Long::sum);
        return counts;
    }

    /** Keeps every sample resolved to thread name and frames, leaf first. */
    static final class Collector implements SampleSink {
        final List<String> threads = new ArrayList<>();
        final List<List<Frame>> stacks = new ArrayList<>();
        long weight;
        int chunks;
        private ChunkView chunk;

        @Override
        public void beginChunk(ChunkView chunk) {
            this.chunk = chunk;
            chunks++;
        }

        @Override
        public void sample(int stackTraceId, int threadId, long ticks, long weight) {
            List<Frame> frames = chunk.frames(stackTraceId);
            threads.add(chunk.threadName(threadId));
            stacks.add(frames);
            this.weight += weight;
        }

        long samplesOnThread(String name) {
            return threads.stream().filter(name::equals).count();
        }

        boolean anyStackHas(String className, String method) {
            Frame f = Frame.java(className, method);
            return stacks.stream().anyMatch(s -> s.contains(f));
        }
    }

    // ---- what is counted

    @Test
    void cpuModeCountsExactlyTheExecutionSamples() throws Exception {
        Collector c = new Collector();
        RecordingSummary s = new RecordingReader(SampleMode.CPU).read(first, c);

        long expected = firstCounts.get(EXECUTION);
        assertEquals(Map.of(EXECUTION, expected), s.eventCounts(), "jdk.NativeMethodSample must not count as CPU");
        assertEquals(expected, s.samples());
        assertEquals(expected, c.weight);
        assertEquals(expected, c.stacks.size());
        assertEquals("jdk", s.producer());
        assertEquals(first.toString(), s.file());
        assertEquals(1, s.chunks());
        assertEquals(1, c.chunks);
        assertEquals(0, s.lostBytes());
        assertEquals(List.of(), s.warnings());
        // the thread blocked in accept() never runs Java code: no CPU sample may show it
        assertEquals(0, c.samplesOnThread(ACCEPT_THREAD));
        assertFalse(c.anyStackHas("java.net.ServerSocket", "accept"));
        // stacks resolve to dotted Java names, and the busy loop is on them
        assertTrue(c.anyStackHas(RecordingReaderTest.class.getName(), "busy"), "busy loop not among the CPU stacks");
    }

    @Test
    void wallModeCountsExecutionAndNativeMethodSamples() throws Exception {
        Collector c = new Collector();
        RecordingSummary s = new RecordingReader(SampleMode.WALL).read(first, c);

        long execution = firstCounts.get(EXECUTION);
        long nativ = firstCounts.get(NATIVE);
        assertEquals(Map.of(EXECUTION, execution, NATIVE, nativ), s.eventCounts());
        assertEquals(execution + nativ, s.samples());
        assertEquals(execution + nativ, c.weight);
        assertEquals(List.of(), s.warnings());
        // now the blocked thread is there, blocked in accept()
        assertTrue(c.samplesOnThread(ACCEPT_THREAD) > 0, "no native samples of the thread blocked in accept()");
        for (int i = 0; i < c.stacks.size(); i++) {
            if (ACCEPT_THREAD.equals(c.threads.get(i))) {
                List<Frame> stack = c.stacks.get(i);
                assertTrue(
                        stack.contains(Frame.java("java.net.ServerSocket", "accept")),
                        "accept thread sampled outside accept(): " + stack);
                // the JDK's "Native" frame type is a Java native method: still a Java frame with its class
                assertEquals(Frame.java("sun.nio.ch.Net", "accept"), stack.get(0), "leaf of " + stack);
            }
        }
    }

    // ---- attribution of a real recording

    @Test
    void attributionOfARealRecording() throws Exception {
        RuleSet rules = RuleSet.defaults();
        for (SampleMode mode :
                List.of(SampleMode.CPU, SampleMode.WALL)) { // a JDK 17 recording has no jdk.CPUTimeSample
            CategoryCounts counts = new CategoryCounts(rules.categories());
            Collector collected = new Collector();
            StackClassifier classifier = new StackClassifier(rules, counts);
            RecordingSummary s = new RecordingReader(mode).read(first, new Tee(classifier, collected));
            Attribution at = counts.toAttribution(mode.name());

            assertEquals(s.samples(), at.totalSamples(), mode.name());
            assertTrue(at.middlewareSamples() > 0, mode.name());
            assertEquals(
                    100.0,
                    at.middleware().stream().mapToDouble(CategoryShare::percent).sum(),
                    1e-6,
                    mode.name());

            // the cached classifier agrees, category by category, with classifying every stack from scratch
            long[] uncached = new long[rules.categories().size()];
            for (int i = 0; i < collected.stacks.size(); i++) {
                uncached[rules.classify(collected.stacks.get(i), collected.threads.get(i))]++;
            }
            for (int i = 0; i < uncached.length; i++) {
                assertEquals(
                        uncached[i],
                        counts.samples(i),
                        mode + " " + rules.category(i).name());
            }
            // CPU: the test's busy loop (package io.wirecost: 'application') is most of the middleware time
            if (mode == SampleMode.CPU) {
                assertTrue(at.percent("application") > 50, "application " + at.percent("application") + " %");
            }
        }
    }

    /** Feeds one reading to two sinks. */
    record Tee(SampleSink a, SampleSink b) implements SampleSink {
        @Override
        public void beginChunk(ChunkView chunk) {
            a.beginChunk(chunk);
            b.beginChunk(chunk);
        }

        @Override
        public void sample(int stackTraceId, int threadId, long ticks, long weight) {
            a.sample(stackTraceId, threadId, ticks, weight);
            b.sample(stackTraceId, threadId, ticks, weight);
        }
    }

    // ---- multi-chunk files

    @Test
    void concatenatedRecordingsReadAsTwoChunks() throws Exception {
        Path both = dir.resolve("both.jfr");
        Files.write(both, concat(Files.readAllBytes(first), Files.readAllBytes(second)));

        Collector c = new Collector();
        RecordingSummary cpu = new RecordingReader(SampleMode.CPU).read(both, c);
        assertEquals(2, cpu.chunks());
        assertEquals(1, c.chunks, "wirecost's reader hands the sinks both chunks as one, under recording-wide ids");
        Collector general = new Collector();
        new RecordingReader(SampleMode.CPU).ownReader(false).read(both, general);
        assertEquals(2, general.chunks, "async-profiler's, chunk by chunk");
        assertEquals(Map.of(EXECUTION, firstCounts.get(EXECUTION) + secondCounts.get(EXECUTION)), cpu.eventCounts());
        assertEquals(0, cpu.lostBytes());
        assertEquals(List.of(), cpu.warnings());

        RecordingSummary wall = new RecordingReader(SampleMode.WALL).read(both, new Collector());
        assertEquals(
                Map.of(
                        EXECUTION,
                        firstCounts.get(EXECUTION) + secondCounts.get(EXECUTION),
                        NATIVE,
                        firstCounts.get(NATIVE) + secondCounts.getOrDefault(NATIVE, 0L)),
                wall.eventCounts());
        // and the JDK agrees that this is one file of both recordings
        assertEquals(wall.eventCounts().get(EXECUTION), jdkCounts(both).get(EXECUTION));
    }

    @Test
    void truncatedLastChunkIsSkippedWithAWarning() throws Exception {
        byte[] whole = Files.readAllBytes(first);
        byte[] next = Files.readAllBytes(second);
        byte[] half = Arrays.copyOf(next, next.length / 2);
        Path cut = dir.resolve("cut-second-chunk.jfr");
        Files.write(cut, concat(whole, half));

        Collector c = new Collector();
        RecordingSummary s = new RecordingReader(SampleMode.CPU).read(cut, c);

        assertEquals(1, s.chunks());
        assertEquals(
                Map.of(EXECUTION, firstCounts.get(EXECUTION)), s.eventCounts(), "exactly the first chunk's samples");
        assertEquals(firstCounts.get(EXECUTION), c.weight);
        assertEquals(half.length, s.lostBytes());
        assertEquals(1, s.warnings().size(), s.warnings().toString());
        assertTrue(s.warnings().get(0).contains("truncated"), s.warnings().get(0));
    }

    @Test
    void lastChunkCutInsideItsHeaderIsSkippedWithAWarning() throws Exception {
        // a process killed just after it began a new chunk: the chunks before it are whole and must be read
        byte[] whole = Files.readAllBytes(first);
        byte[] headerStart = Arrays.copyOf(Files.readAllBytes(second), 30);
        Path cut = dir.resolve("cut-second-header.jfr");
        Files.write(cut, concat(whole, headerStart));

        RecordingSummary s = new RecordingReader(SampleMode.WALL).read(cut, new Collector());

        assertEquals(1, s.chunks());
        assertEquals(Map.of(EXECUTION, firstCounts.get(EXECUTION), NATIVE, firstCounts.get(NATIVE)), s.eventCounts());
        assertEquals(30, s.lostBytes());
        assertEquals(1, s.warnings().size(), s.warnings().toString());
        assertTrue(s.warnings().get(0).contains("truncated"), s.warnings().get(0));
    }

    // ---- files that are not (whole) recordings

    @Test
    void missingFile() {
        assertRecordingError(dir.resolve("missing.jfr"), "no such file");
    }

    @Test
    void emptyFile() throws IOException {
        assertRecordingError(Files.write(dir.resolve("empty.jfr"), new byte[0]), "empty");
    }

    @Test
    void textFile() throws IOException {
        Path text = Files.writeString(
                dir.resolve("notes.jfr"),
                "this is a text file, long enough to hold a chunk header: " + "x".repeat(200) + "\n");
        assertRecordingError(text, "not a JFR recording");
    }

    @Test
    void shortTextFile() throws IOException {
        assertRecordingError(Files.writeString(dir.resolve("short.jfr"), "FL"), "not a JFR recording");
    }

    @Test
    void directory() throws IOException {
        assertRecordingError(Files.createDirectories(dir.resolve("a-directory.jfr")), "directory");
    }

    @Test
    void singleChunkCutInHalf() throws IOException {
        byte[] whole = Files.readAllBytes(first);
        Path cut = Files.write(dir.resolve("cut-in-half.jfr"), Arrays.copyOf(whole, whole.length / 2));
        RecordingException e = assertRecordingError(cut, "truncated");
        assertTrue(e.getMessage().contains((whole.length / 2) + " of " + whole.length + " bytes"), e.getMessage());
    }

    @Test
    void singleChunkCutInsideItsHeader() throws IOException {
        // fewer bytes than a chunk header (68) but the right magic: a truncated recording, not a corrupt one
        byte[] whole = Files.readAllBytes(first);
        Path cut = Files.write(dir.resolve("cut-in-header.jfr"), Arrays.copyOf(whole, 20));
        assertRecordingError(cut, "truncated");
    }

    /**
     * A corrupted metadata event is the answer, not a reason to try async-profiler's reader, which parses metadata
     * the same way and would fail on it too: here the root element's name index becomes a varint too long for an
     * int. The message says what is broken in words, without the JDK's wording for the parser's failure.
     */
    @Test
    void corruptedMetadataIsNamedWithoutTheGeneralReader() throws IOException {
        byte[] bytes = Files.readAllBytes(first);
        int metaOffset = (int) java.nio.ByteBuffer.wrap(bytes, 24, 8).getLong();
        JfrCursor c = new JfrCursor(bytes, bytes.length, metaOffset);
        for (int i = 0; i < 5; i++) c.getVarlong(); // size, type, start, duration, metadata id
        int strings = c.getVarint();
        for (int i = 0; i < strings; i++) JfrStrings.read(c);
        Arrays.fill(bytes, c.pos, c.pos + 5, (byte) 0xff);
        bytes[c.pos + 5] = 0x0f;
        Path broken = Files.write(dir.resolve("broken-metadata.jfr"), bytes);
        // async-profiler's reader would have said "corrupted recording (1 chunk(s) looked intact): Index -1 out of ..."
        RuleSet rules = RuleSet.defaults();
        StackClassifier counting = new StackClassifier(rules, new CategoryCounts(rules.categories()));
        RecordingException e = assertThrows(
                RecordingException.class, () -> new RecordingReader(SampleMode.CPU).read(broken, counting));
        assertTrue(
                e.getMessage()
                        .contains("a chunk's metadata, which describes its events, is unreadable: an id, count or size "
                                + "in it points outside the data it was written with"),
                e.getMessage());
        assertFalse(e.getMessage().contains("Index"), e.getMessage());
    }

    /**
     * async-profiler's reader sizes its buffer by a constant pool's declared size: one past the chunk's end would
     * have it allocate and zero up to 2 GB before failing. wirecost's own reader cannot skip that event either and
     * leaves the file to it; the file is refused, in words, before that reader opens it.
     */
    @Test
    void constantPoolSizedPastItsChunkIsRefusedBeforeTheGeneralReader() throws Exception {
        byte[] bytes = Files.readAllBytes(first);
        int cpOffset = (int) java.nio.ByteBuffer.wrap(bytes, 16, 8).getLong();
        JfrCursor c = new JfrCursor(bytes, bytes.length, cpOffset);
        c.getVarint();
        int length = c.pos - cpOffset; // the size field rewritten in place, as large as its bytes can say
        Arrays.fill(bytes, cpOffset, cpOffset + length - 1, (byte) 0xff);
        bytes[cpOffset + length - 1] = 0x7f;
        long size = (1L << 7 * length) - 1;
        assertTrue(size > bytes.length && size <= Integer.MAX_VALUE, "a size field of " + length + " bytes");
        Path broken = Files.write(dir.resolve("huge-constant-pool.jfr"), bytes);
        RuleSet rules = RuleSet.defaults();
        for (boolean own : new boolean[] {true, false}) {
            StackClassifier counting = new StackClassifier(rules, new CategoryCounts(rules.categories()));
            RecordingException e = assertThrows(
                    RecordingException.class,
                    () -> new RecordingReader(SampleMode.CPU).ownReader(own).read(broken, counting));
            assertTrue(
                    e.getMessage()
                            .endsWith("its constant pool at offset " + cpOffset + " declares " + size
                                    + " bytes, past the chunk's end"),
                    e.getMessage());
        }
    }

    private static RecordingException assertRecordingError(Path file, String reason) {
        RecordingException e = assertThrows(
                RecordingException.class, () -> new RecordingReader(SampleMode.CPU).read(file, new Collector()));
        assertTrue(e.getMessage().startsWith(file.toString() + ": "), "file name first: " + e.getMessage());
        assertTrue(e.getMessage().contains(reason), "expected '" + reason + "' in: " + e.getMessage());
        return e;
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
