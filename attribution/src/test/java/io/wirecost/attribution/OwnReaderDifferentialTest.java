package io.wirecost.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.zip.GZIPOutputStream;
import jdk.jfr.Configuration;
import jdk.jfr.Recording;
import one.profiler.AsyncProfiler;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * wirecost's own JFR reader against async-profiler's, on every recording the tests have: the fixtures,
 * recordings made here by async-profiler (cpu, wall, alloc, lock) and by JDK Flight Recorder 17 and 25
 * (execution, native-method, allocation and CPU-time samples), and the awkward forms of them (several
 * producers concatenated into one multi-chunk file, a truncated last chunk, gzip). For every mode, the
 * counts per stack, per category and per event type, the producer, chunks, warnings and the CPU contention
 * verdict (its CPU load figures) must be the same,
 * and the own reader must be the one that ran wherever it reads the mode.
 */
class OwnReaderDifferentialTest {

    private static final Path JDK25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");
    private static final RuleSet RULES = RuleSet.defaults();

    @TempDir
    static Path dir;

    static final Map<String, Path> RECORDINGS = new LinkedHashMap<>();

    private static volatile long blackhole;
    private static final Object LOCK = new Object();

    @BeforeAll
    static void recordings() throws Exception {
        for (String f : List.of("ap29-cpu.jfr", "ap29-wall.jfr", "ap29-cpu-alloc-lock.jfr"))
            RECORDINGS.put(f, fixture(f));
        RECORDINGS.put("ap-cpu-alloc-lock", asyncProfiler("cpu", "alloc=32k,lock=10us"));
        RECORDINGS.put("ap-wall", asyncProfiler("wall", ""));
        RECORDINGS.put("ap-chunks", asyncProfilerChunks());
        RECORDINGS.put("jdk17", jdk17());
        assertTrue(Files.isDirectory(JDK25), "Temurin 25 is part of this project's machines: " + JDK25);
        RECORDINGS.put("jdk25-cpu-time", jdk25());
        Path mixed = concatenate(
                "mixed.jfr",
                RECORDINGS.get("ap-cpu-alloc-lock"),
                RECORDINGS.get("jdk17"),
                RECORDINGS.get("ap29-cpu.jfr"),
                RECORDINGS.get("ap29-wall.jfr"),
                RECORDINGS.get("jdk25-cpu-time"),
                RECORDINGS.get("ap-wall"));
        RECORDINGS.put("concatenated", mixed);
        // chunks that repeat one recording's method and stack pools between chunks whose same ids name other
        // frames: repeated stacks are shared only between chunks that define their methods alike (RepeatedStacks).
        // "spun" holds the same stack pool byte for byte, but its method spin is named spun
        Path ap = RECORDINGS.get("ap-cpu-alloc-lock");
        Path spun = renamed(ap, "spin", "spun");
        RECORDINGS.put(
                "repeated",
                concatenate(
                        "repeated.jfr",
                        ap,
                        spun,
                        ap,
                        RECORDINGS.get("ap-wall"),
                        ap,
                        spun,
                        ap,
                        RECORDINGS.get("ap29-cpu.jfr")));
        byte[] whole = Files.readAllBytes(mixed);
        long last = Files.size(RECORDINGS.get("ap-wall"));
        RECORDINGS.put("truncated", write("truncated.jfr", java.util.Arrays.copyOf(whole, (int)
                (whole.length - last / 2))));
        Path gz = dir.resolve("jdk17.jfr.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            Files.copy(RECORDINGS.get("jdk17"), out);
        }
        RECORDINGS.put("gzip", gz);
        // JDK Mission Control's test recordings where given (docs/recordings.md): other JDKs' layouts, and
        // formats before 2.0, which both sides hand to JMC's parser
        String jmc = System.getProperty("wirecost.jmc.recordings", "");
        if (!jmc.isEmpty()) {
            try (var files = Files.list(Path.of(jmc))) {
                files.filter(f -> f.toString().endsWith(".jfr"))
                        .sorted()
                        .forEach(f -> RECORDINGS.put("jmc/" + f.getFileName(), f));
            }
        }
    }

    @Test
    void sameCountsInEveryModeOnEveryRecording() throws Exception {
        List<String> compared = new ArrayList<>();
        for (Map.Entry<String, Path> r : RECORDINGS.entrySet()) {
            for (SampleMode mode : SampleMode.values()) {
                Outcome general =
                        read(r.getValue(), Map.of(mode, sinks()), false).get(mode);
                Outcome own = read(r.getValue(), Map.of(mode, sinks()), true).get(mode);
                String what = r.getKey() + " --mode " + mode;
                assertEquals(general.withoutReader(), own.withoutReader(), what);
                if (!general.error.isEmpty()) {
                    assertEquals("", own.reader, what + ": both fail alike");
                } else if (general.reader.equals("jmc")) {
                    assertEquals("jmc", own.reader, what);
                } else {
                    assertEquals("async-profiler", general.reader, what);
                    assertEquals(ChunkEvents.counts(mode) ? "wirecost" : "async-profiler", own.reader, what);
                }
                if (general.total > 0) compared.add(what + ": " + general.total);
            }
        }
        // the comparisons are about something: every recording counts in some mode, and all modes are met
        for (String name : RECORDINGS.keySet()) {
            if (name.startsWith("jmc/")) continue; // some of JMC's hold no samples, or none any tool reads
            assertTrue(
                    compared.stream().anyMatch(c -> c.startsWith(name + " ")), name + " counted nothing: " + compared);
        }
        for (SampleMode mode : SampleMode.values()) {
            if (mode == SampleMode.LOCK) continue;
            assertTrue(compared.stream().anyMatch(c -> c.contains("--mode " + mode + ":")), mode + ": " + compared);
        }
    }

    /**
     * Sinks that need each sample (export, collapsed and pprof graphs, {@code --from/--to}) get from the own reader
     * the samples async-profiler's gives: each one's frames, thread name, epoch time and weight, in the same order,
     * over the whole recording and through a time window ({@link SampleFilter}), in every mode it reads.
     */
    @Test
    void eachSampleAsTheGeneralReaderGivesIt() {
        Map<String, Integer> stackIds = new java.util.HashMap<>();
        long windowed = 0;
        long whole = 0;
        for (Map.Entry<String, Path> r : RECORDINGS.entrySet()) {
            for (SampleMode mode : SampleMode.values()) {
                for (long[] window : List.of(new long[] {0, Long.MAX_VALUE}, new long[] {100_000_000, 400_000_000})) {
                    String what = r.getKey() + " --mode " + mode + " window " + java.util.Arrays.toString(window);
                    EachSample general = eachSample(r.getValue(), mode, window, false, stackIds);
                    EachSample own = eachSample(r.getValue(), mode, window, true, stackIds);
                    assertEquals(general.error, own.error, what + ": error");
                    assertEquals(general.samples.size(), own.samples.size(), what + ": samples");
                    for (int i = 0; i < general.samples.size(); i++)
                        assertEquals(general.samples.get(i), own.samples.get(i), what + ": sample " + i);
                    if (general.error.isEmpty() && general.reader.equals("async-profiler"))
                        assertEquals(ChunkEvents.counts(mode) ? "wirecost" : "async-profiler", own.reader, what);
                    if (window[1] == Long.MAX_VALUE) whole += general.samples.size();
                    else windowed += general.samples.size();
                }
            }
        }
        // the window is about something: it keeps some samples, not all
        assertTrue(windowed > 0 && windowed < whole, windowed + " of " + whole + " samples in the window");
    }

    /** Each sample a reading gave, as text: its stack (by an id given per distinct frames), thread, time, weight. */
    private record EachSample(List<String> samples, String error, String reader) {}

    private static EachSample eachSample(
            Path f, SampleMode mode, long[] window, boolean own, Map<String, Integer> stackIds) {
        List<String> samples = new ArrayList<>();
        SampleSink sink = new SampleSink() {
            private ChunkView chunk;
            private final Map<Integer, Integer> stacksOfChunk = new java.util.HashMap<>();

            @Override
            public void beginChunk(ChunkView c) {
                chunk = c;
                stacksOfChunk.clear();
            }

            @Override
            public void sample(int stackTraceId, int threadId, long ticks, long weight) {
                int stack = stacksOfChunk.computeIfAbsent(stackTraceId, id -> {
                    long[] methods = chunk.stackMethods(id);
                    byte[] types = chunk.stackTypes(id);
                    StringBuilder b = new StringBuilder();
                    for (int i = 0; i < methods.length; i++)
                        b.append(chunk.frame(methods[i], ChunkView.typeAt(types, i)))
                                .append(';');
                    return stackIds.computeIfAbsent(b.toString(), k -> stackIds.size());
                });
                samples.add("stack " + stack + " thread " + chunk.threadName(threadId) + " at "
                        + chunk.epochNanos(ticks) + " weight " + weight);
            }
        };
        RecordingReader reader = new RecordingReader(mode, new JmcRecordingReader()).ownReader(own);
        try {
            reader.read(f, new SampleFilter(sink, null, window[0], window[1]));
            return new EachSample(samples, "", reader.readerUsed());
        } catch (RecordingException e) {
            return new EachSample(List.of(), e.getMessage(), "");
        }
    }

    /** The agent reads CPU and allocation in one pass: the same as two passes of the general reader. */
    @Test
    void severalModesInOnePass() throws Exception {
        for (Map.Entry<String, Path> r : RECORDINGS.entrySet()) {
            Map<SampleMode, Outcome> general =
                    read(r.getValue(), Map.of(SampleMode.CPU, sinks(), SampleMode.ALLOC, sinks()), false);
            Map<SampleMode, Outcome> own =
                    read(r.getValue(), Map.of(SampleMode.CPU, sinks(), SampleMode.ALLOC, sinks()), true);
            for (SampleMode m : general.keySet()) {
                assertEquals(general.get(m).withoutReader(), own.get(m).withoutReader(), r.getKey() + " " + m);
                if (general.get(m).error.isEmpty() && !general.get(m).reader.equals("jmc"))
                    assertEquals("wirecost", own.get(m).reader, r.getKey() + " " + m);
            }
        }
    }

    /**
     * async-profiler's own chunks (its {@code chunksize}): since 2.5 each holds only the stacks sampled since the
     * chunk before and the methods those name, under method and stack ids that stay the same through the
     * recording, so no two chunks define the same methods. The own reader counts as the reference does; the
     * stacks its chunks repeat are decoded once ({@link RepeatedStacks}).
     */
    @Test
    void chunksOfOneRecordingShareTheirStacks() throws Exception {
        Path f = RECORDINGS.get("ap-chunks");
        Outcome general = read(f, Map.of(SampleMode.CPU, sinks()), false).get(SampleMode.CPU);
        Sinks own = sinks();
        RecordingIds ids = new RecordingIds();
        RecordingSummary summary = MappedRecordingReader.read(
                        f, f.toString(), ChunkScan.of(f), Map.of(SampleMode.CPU, own.fan()), 3, new CpuLoadTally(), ids)
                .get(SampleMode.CPU);
        assertTrue(summary.chunks() >= 3, "async-profiler wrote " + summary.chunks() + " chunk(s)");
        assertEquals(general.stacks(), own.stacks().counts(), "counts per stack");
        assertEquals(general.categories(), categories(own.categories()), "counts per category");
        System.out.printf(
                "ap-chunks: %d chunks, %d distinct stacks, %d stacks taken from an earlier chunk%n",
                summary.chunks(), own.stacks().counts().size(), ids.repeated.reused());
    }

    /**
     * {@code pack:auto} reads a recording once: what its detection kept ({@link SampleCapture}) replays into the
     * classifier. The replay must count as a reading does, per stack and per category, in every mode, with the same
     * summary; and the packs it detects from the kept frames must be those a rule-by-rule match over every frame finds.
     * A capture of each sample replays as the reader feeds a sink that needs each one ({@link
     * #eachSampleReplaysAsRead}).
     */
    @Test
    void aKeptReadingReplaysAsTheRecordingReads() throws Exception {
        int replayed = 0;
        int replayedEach = 0;
        for (Map.Entry<String, Path> r : RECORDINGS.entrySet()) {
            for (SampleMode mode : SampleMode.values()) {
                String what = r.getKey() + " --mode " + mode;
                Sinks read = sinks();
                Sinks replay = sinks();
                FramesSeen seen = new FramesSeen();
                String readSummary;
                String replaySummary;
                try {
                    readSummary = Recordings.read(r.getValue(), mode, new FanOutSink(List.of(read.fan(), seen)))
                            .toString();
                } catch (RecordingException e) {
                    readSummary = e.getMessage();
                }
                try {
                    SampleCapture kept = SampleCapture.read(r.getValue(), mode, s -> s);
                    replaySummary = kept.replay(replay.fan()).toString();
                    assertEquals(seen.frames(), kept.frames(), what + ": frames");
                } catch (RecordingException e) {
                    replaySummary = e.getMessage();
                }
                assertEquals(readSummary, replaySummary, what + ": summary");
                assertEquals(read.stacks().counts(), replay.stacks().counts(), what + ": counts per stack");
                assertEquals(categories(read.categories()), categories(replay.categories()), what + ": categories");
                assertEquals(detectedOneFrameAtATime(seen), RulePacks.detect(seen), what + ": packs");
                if (read.stacks().total() > 0) replayed++;
                if (eachSampleReplaysAsRead(r.getValue(), mode, what)) replayedEach++;
            }
        }
        assertTrue(replayed >= RECORDINGS.size(), "replayed " + replayed + " readings with samples");
        assertTrue(replayedEach >= RECORDINGS.size(), "replayed " + replayedEach + " readings sample by sample");
    }

    /**
     * A capture of each sample (for export, collapsed and pprof graphs, endpoints) replays the samples a sink that
     * needs each one is read: stack, thread, time and weight, in order, chunk by chunk, and the same summary.
     *
     * @return whether there were samples to compare
     */
    private static boolean eachSampleReplaysAsRead(Path file, SampleMode mode, String what) {
        Timeline read = new Timeline();
        Timeline replay = new Timeline();
        String readSummary;
        String replaySummary;
        try {
            readSummary = Recordings.read(file, mode, read).toString();
        } catch (RecordingException e) {
            readSummary = e.getMessage();
        }
        try {
            SampleCapture kept = SampleCapture.read(file, mode, s -> s, true);
            replaySummary = kept.replay(replay).toString();
        } catch (RecordingException e) {
            replaySummary = e.getMessage();
        }
        assertEquals(readSummary, replaySummary, what + ": summary, each sample kept");
        assertEquals(read.seen.size(), replay.seen.size(), what + ": calls, each sample kept");
        for (int i = 0; i < read.seen.size(); i++)
            assertEquals(read.seen.get(i), replay.seen.get(i), what + ": call " + i + ", each sample kept");
        return read.samples > 0;
    }

    /**
     * What a sink that needs each sample sees, call by call, as text: ids, the frames and names they resolve to, times.
     * Ids are told by the order they appear in within their chunk: the own reader's recording-wide ids are handed out
     * by the threads that read the chunks, in whichever order they come.
     */
    private static final class Timeline implements SampleSink {
        final List<String> seen = new ArrayList<>();
        long samples;
        private ChunkView chunk;
        private final Map<Integer, Integer> stacksOfChunk = new java.util.HashMap<>();
        private final Map<Integer, Integer> threadsOfChunk = new java.util.HashMap<>();

        @Override
        public void beginChunk(ChunkView c) {
            chunk = c;
            stacksOfChunk.clear();
            threadsOfChunk.clear();
            seen.add("chunk from " + c.recordingStartNanos() + ", " + c.ticksPerSecond() + "/s, ticks "
                    + java.util.Arrays.toString(c.tickRange()));
        }

        @Override
        public void sample(int stackTraceId, int threadId, long ticks, long weight) {
            samples++;
            seen.add(stack(stackTraceId) + " thread " + thread(threadId) + " " + chunk.threadName(threadId) + " java "
                    + chunk.javaThreadId(threadId) + " at " + ticks + " = " + chunk.epochNanos(ticks) + "ns, weight "
                    + weight + (samples == 1 ? ", interval " + chunk.sampleIntervalNanos() : ""));
        }

        @Override
        public void samples(int stackTraceId, int threadId, long weight, long events, double weightSquares) {
            samples++;
            seen.add(stack(stackTraceId) + " thread " + thread(threadId) + " " + chunk.threadName(threadId) + " summed "
                    + weight + " of " + events + " (" + weightSquares + ")");
        }

        private int thread(int threadId) {
            return threadsOfChunk.computeIfAbsent(threadId, t -> threadsOfChunk.size());
        }

        /** The stack's place in the chunk, and its frames where the chunk meets it first. */
        private String stack(int stackTraceId) {
            Integer known = stacksOfChunk.get(stackTraceId);
            if (known != null) return "stack " + known;
            int id = stacksOfChunk.size();
            stacksOfChunk.put(stackTraceId, id);
            long[] methods = chunk.stackMethods(stackTraceId);
            byte[] types = chunk.stackTypes(stackTraceId);
            StringBuilder b = new StringBuilder("stack " + id + " [");
            for (int i = 0; i < methods.length; i++)
                b.append(chunk.frame(methods[i], ChunkView.typeAt(types, i))).append(' ');
            return b.append(']').toString();
        }
    }

    /** {@link RulePacks#detect} as it was before frames were indexed: each pack against each frame. */
    private static List<RulePack> detectedOneFrameAtATime(FramesSeen seen) {
        List<RulePack> out = new ArrayList<>();
        for (RulePack p : RulePacks.all()) {
            List<Rule> rules = p.file().rules().stream()
                    .filter(s -> s.kind() != Rule.Kind.THREAD)
                    .map(s -> new Rule(s.kind(), s.pattern(), 0, s.source(), s.line()))
                    .toList();
            boolean found = false;
            for (Frame f : seen.frames()) {
                String cls = f.className();
                found |= p.detectPackages().isEmpty()
                        ? rules.stream().anyMatch(r -> r.matches(f))
                        : p.detectPackages().stream()
                                .anyMatch(d -> cls.startsWith(d)
                                        && cls.length() > d.length()
                                        && cls.charAt(d.length()) == '.');
            }
            if (found) out.add(p);
        }
        return out;
    }

    /** The same with chunks read one at a time and on several threads. */
    @Test
    void threadsDoNotChangeCounts() throws Exception {
        for (String name : List.of("concatenated", "repeated")) threadsDoNotChangeCounts(RECORDINGS.get(name));
    }

    private static void threadsDoNotChangeCounts(Path f) throws Exception {
        Map<SampleMode, Outcome> expected = read(f, Map.of(SampleMode.WALL, sinks()), false);
        for (String threads : List.of("1", "3")) {
            System.setProperty("wirecost.reader.threads", threads);
            try {
                assertEquals(
                        expected.get(SampleMode.WALL).withoutReader(),
                        read(f, Map.of(SampleMode.WALL, sinks()), true)
                                .get(SampleMode.WALL)
                                .withoutReader(),
                        f.getFileName() + ", " + threads + " thread(s)");
            } finally {
                System.clearProperty("wirecost.reader.threads");
            }
        }
    }

    record Outcome(
            Map<String, Long> stacks,
            Map<String, String> categories,
            Map<String, Long> eventCounts,
            String summary,
            String error,
            long total,
            String reader) {
        Outcome withoutReader() {
            return new Outcome(stacks, categories, eventCounts, summary, error, total, "");
        }
    }

    private record Sinks(StackCounts stacks, CategoryCounts categories, FanOutSink fan) {}

    private static Sinks sinks() {
        StackCounts stacks = new StackCounts();
        CategoryCounts categories = new CategoryCounts(RULES.categories());
        return new Sinks(stacks, categories, new FanOutSink(List.of(stacks, new StackClassifier(RULES, categories))));
    }

    private static Map<SampleMode, Outcome> read(Path f, Map<SampleMode, Sinks> sinks, boolean own) {
        RecordingReader reader = new RecordingReader(SampleMode.CPU, new JmcRecordingReader()).ownReader(own);
        Map<SampleMode, SampleSink> fans = new EnumMap<>(SampleMode.class);
        sinks.forEach((m, s) -> fans.put(m, s.fan()));
        Map<SampleMode, Outcome> out = new EnumMap<>(SampleMode.class);
        try {
            Map<SampleMode, RecordingSummary> summaries = reader.readEach(f, fans);
            sinks.forEach((m, s) -> {
                RecordingSummary x = summaries.get(m);
                Map<String, String> categories = categories(s.categories());
                String summary = x.producer() + ", " + x.chunks() + " chunks, " + x.lostBytes() + " lost, "
                        + x.warnings() + ", held " + new TreeMap<>(x.eventsHeld()) + ", modes " + x.otherModes()
                        + ", contention " + x.cpuContention();
                out.put(
                        m,
                        new Outcome(
                                s.stacks().counts(),
                                categories,
                                new TreeMap<>(x.eventCounts()),
                                summary,
                                "",
                                s.stacks().total(),
                                reader.readerUsed()));
            });
        } catch (RecordingException e) {
            sinks.keySet()
                    .forEach(m -> out.put(m, new Outcome(Map.of(), Map.of(), Map.of(), "", e.getMessage(), 0, "")));
        }
        return out;
    }

    private static Map<String, String> categories(CategoryCounts counts) {
        Map<String, String> out = new TreeMap<>();
        for (int i = 0; i < counts.categories().size(); i++)
            out.put(counts.categories().get(i).name(), counts.samples(i) + " in " + counts.events(i));
        return out;
    }

    private static Path fixture(String name) throws IOException {
        try (InputStream in = OwnReaderDifferentialTest.class.getResourceAsStream("/recordings/" + name)) {
            return write(name, in.readAllBytes());
        }
    }

    private static Path write(String name, byte[] bytes) throws IOException {
        return Files.write(dir.resolve(name), bytes);
    }

    /** A copy whose one symbol {@code from} (UTF-8, its length before it) reads {@code to}, of the same length. */
    private static Path renamed(Path recording, String from, String to) throws IOException {
        byte[] b = Files.readAllBytes(recording);
        byte[] symbol = ("\3" + (char) from.length() + from).getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        int at = -1;
        for (int i = 0; i + symbol.length <= b.length && at < 0; i++) {
            if (java.util.Arrays.equals(b, i, i + symbol.length, symbol, 0, symbol.length)) at = i;
        }
        assertTrue(at >= 0, "symbol " + from + " in " + recording);
        byte[] name = to.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        System.arraycopy(name, 0, b, at + 2, name.length);
        return write(to + ".jfr", b);
    }

    private static Path concatenate(String name, Path... parts) throws IOException {
        Path out = dir.resolve(name);
        try (OutputStream o = Files.newOutputStream(out)) {
            for (Path p : parts) Files.copy(p, o);
        }
        return out;
    }

    private static Path asyncProfiler(String event, String extra) throws Exception {
        Path f = dir.resolve("ap-" + event + ".jfr");
        AsyncProfiler profiler = AsyncProfiler.getInstance();
        String options = (extra.isEmpty() ? "" : extra + ",") + "jfr,file=" + f;
        try {
            profiler.execute("start,event=" + event + ",interval=1ms," + options);
        } catch (IllegalStateException perfEventsRefused) {
            profiler.execute("start,event=itimer,interval=1ms," + options);
        }
        try {
            work(600);
        } finally {
            profiler.execute("stop");
        }
        return f;
    }

    /**
     * async-profiler starting a chunk every 256 KB (its smallest) and at each dump, as a continuous profiler
     * flushes its recording, while threads recurse to many depths: a recording of many chunks as async-profiler
     * itself writes them.
     */
    private static Path asyncProfilerChunks() throws Exception {
        Path f = dir.resolve("ap-chunks.jfr");
        AsyncProfiler profiler = AsyncProfiler.getInstance();
        String options = "interval=100us,chunksize=262144,jfr,file=" + f;
        try {
            profiler.execute("start,event=cpu," + options);
        } catch (IllegalStateException perfEventsRefused) {
            profiler.execute("start,event=itimer," + options);
        }
        try {
            for (int i = 0; i < 6; i++) {
                Varied.run(600);
                profiler.execute("dump,jfr");
            }
        } finally {
            profiler.execute("stop");
        }
        return f;
    }

    private static Path jdk17() throws Exception {
        Path f = dir.resolve("jdk17.jfr");
        try (Recording r = new Recording(Configuration.getConfiguration("profile"))) {
            r.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(1));
            r.enable("jdk.NativeMethodSample").withPeriod(Duration.ofMillis(5));
            r.enable("jdk.ObjectAllocationInNewTLAB");
            r.enable("jdk.ObjectAllocationOutsideTLAB");
            r.start();
            work(600);
            r.stop();
            r.dump(f);
        }
        return f;
    }

    private static Path jdk25() throws Exception {
        Path f = dir.resolve("jdk25.jfr");
        Process p = new ProcessBuilder(
                        JDK25.resolve("bin/java").toString(),
                        "-XX:StartFlightRecording=filename=" + f + ",settings=profile,jdk.CPUTimeSample#enabled=true,"
                                + "jdk.CPUTimeSample#throttle=1ms",
                        "-cp",
                        System.getProperty("java.class.path"),
                        Work.class.getName())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("jdk25.log").toFile())
                .start();
        assertEquals(0, p.waitFor(), "JDK 25 recording failed: " + Files.readString(dir.resolve("jdk25.log")));
        return f;
    }

    /** The recorded program: compression (native code), allocation, and two threads contending for a monitor. */
    public static final class Work {
        public static void main(String[] args) {
            work(600);
        }
    }

    static void work(long millis) {
        long end = System.nanoTime() + millis * 1_000_000;
        Thread contender = new Thread(() -> {
            while (System.nanoTime() < end)
                synchronized (LOCK) {
                    spin(20_000);
                }
        });
        contender.setDaemon(true);
        contender.start();
        byte[] input = new byte[1 << 14];
        new Random(7).nextBytes(input);
        byte[] output = new byte[1 << 15];
        long total = 0;
        while (System.nanoTime() < end) {
            synchronized (LOCK) {
                total += spin(20_000);
            }
            java.util.zip.Deflater d = new java.util.zip.Deflater();
            d.setInput(input);
            d.finish();
            while (!d.finished()) total += d.deflate(output);
            d.end();
            total += new byte[1 << 16].length + String.valueOf(total).length();
        }
        blackhole = total;
    }

    private static long spin(int n) {
        double x = 0;
        for (int i = 0; i < n; i++) x += Math.sqrt(i);
        return (long) x;
    }
}
