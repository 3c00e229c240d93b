package io.wirecost.attribution;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import one.jfr.ClassRef;
import one.jfr.JfrReader;
import one.jfr.MethodRef;
import one.jfr.StackTrace;
import one.jfr.event.Event;

/**
 * Streams the samples of a JFR recording, from async-profiler or JDK Flight Recorder, gzip-compressed or
 * not, one chunk at a time into a {@link SampleSink}; which events count is {@link EventSelection}'s call. Built on async-profiler's {@code one.jfr.JfrReader}: it reads chunk
 * by chunk with a fixed 2 MB buffer, so memory grows with distinct stacks, not with samples.
 *
 * <pre>
 * RecordingSummary s = new RecordingReader(SampleMode.CPU).read(Path.of("app.jfr"), sink);
 * </pre>
 */
public final class RecordingReader {

    private final SampleMode mode;
    private final AlternativeReader alternative;

    public RecordingReader(SampleMode mode) {
        this(mode, null);
    }

    /**
     * @param alternative reads files whose format async-profiler's reader refuses (JFR before 2.0, see
     *                    {@link JfrFormat}); null to report such files as unsupported, naming their format
     */
    public RecordingReader(SampleMode mode, AlternativeReader alternative) {
        this.mode = mode;
        this.alternative = alternative;
    }

    public RecordingSummary read(Path file, SampleSink sink) throws RecordingException {
        return readEach(file, Map.of(mode, sink)).get(mode);
    }

    /**
     * One pass over the recording for several modes at once, each into its own sink (the agent counts a
     * segment's CPU samples and its allocated bytes this way): every event is offered to each mode's
     * selection. The same summaries as one {@link #read} per mode, for the cost of one.
     */
    public Map<SampleMode, RecordingSummary> readEach(Path file, Map<SampleMode, SampleSink> sinks)
            throws RecordingException {
        String name = file.toString();
        try (GzipRecording unpacked = GzipRecording.open(file)) {
            Path readable = unpacked.path();
            ChunkScan scan;
            try {
                scan = ChunkScan.of(readable, name);
            } catch (UnsupportedFormatException e) {
                if (alternative == null || !alternative.reads(e.format())) throw e;
                Map<SampleMode, RecordingSummary> out = new java.util.EnumMap<>(SampleMode.class);
                for (Map.Entry<SampleMode, SampleSink> s : sinks.entrySet())
                    out.put(s.getKey(), alternative.read(readable, name, s.getKey(), s.getValue()));
                return out;
            }
            AtomicReference<JfrReader> open = new AtomicReference<>();
            Map<SampleMode, RecordingSummary> summaries =
                    withDeadline(name, scan, () -> readChunks(readable.toString(), name, scan, sinks, open), open);
            if (summaries.values().stream().anyMatch(x -> x.samples() == 0)) {
                // an empty mode says what the recording does hold: one census and one pass over the modes
                // not read yet serve every empty mode (the agent's allocation counter meets idle segments)
                Map<String, Long> held = EventCensus.of(readable);
                Map<SampleMode, Long> perMode = samplesPerMode(readable, name, scan, summaries);
                for (Map.Entry<SampleMode, RecordingSummary> e : summaries.entrySet()) {
                    if (e.getValue().samples() > 0) continue;
                    Map<SampleMode, Long> others = new java.util.EnumMap<>(perMode);
                    others.remove(e.getKey());
                    e.setValue(e.getValue().withEventsHeld(held, others));
                }
            }
            return summaries;
        }
    }

    /**
     * Like {@link #read}, with the recording's chunks shared out among {@code sinks.size()} threads: each
     * reads a run of whole chunks, about the same number of bytes, into its own sink, and the caller merges
     * what the sinks gathered (category counts add up). For sinks that only sum by stack
     * ({@link SampleSink#needsEachSample()} false) and need no order between chunks: a time window needs the
     * recording's start, which only the first chunk gives. Where a split cannot help or cannot be made (one
     * sink or one chunk, a sink that needs each sample, a format async-profiler's reader refuses, a chunk
     * over 2 GB), everything goes to the first sink in one pass, as {@link #read} does.
     *
     * <p>Why by hand: async-profiler's converter reads a file in one thread, and neither it nor JMC's parser
     * reads chunks in parallel; a JFR chunk is self-contained (its own constant pools and metadata), so
     * separate readers over separate chunks need nothing from each other.
     */
    public RecordingSummary readSplit(Path file, List<? extends SampleSink> sinks) throws RecordingException {
        if (sinks.isEmpty()) throw new IllegalArgumentException("no sink");
        if (sinks.size() == 1 || sinks.stream().anyMatch(SampleSink::needsEachSample)) return read(file, sinks.get(0));
        String name = file.toString();
        try (GzipRecording unpacked = GzipRecording.open(file)) {
            Path readable = unpacked.path();
            ChunkScan scan;
            try {
                scan = ChunkScan.of(readable, name);
            } catch (UnsupportedFormatException e) {
                return read(file, sinks.get(0));
            }
            List<int[]> runs = runs(scan, sinks.size());
            if (runs.size() < 2) return read(file, sinks.get(0));
            AtomicReference<JfrReader> unused = new AtomicReference<>();
            List<RecordingSummary> parts =
                    withDeadline(name, scan, () -> readRuns(readable, name, scan, runs, sinks), unused);
            RecordingSummary merged = merge(name, scan, parts);
            // nothing counted: read again in one pass, which also says what the recording holds instead
            return merged.samples() == 0 ? read(file, sinks.get(0)) : merged;
        }
    }

    /**
     * Consecutive runs of chunks, {@code {first, count}}, about {@code 1/n} of the chunks' bytes each; fewer
     * runs than {@code n} where there are fewer chunks; empty where a chunk is over 2 GB (one mapped buffer each).
     */
    static List<int[]> runs(ChunkScan scan, int n) {
        List<Long> bounds = scan.chunkBounds();
        int chunks = bounds.size() - 1;
        List<int[]> runs = new ArrayList<>();
        if (chunks < 2 || n < 2) return runs;
        long total = bounds.get(chunks) - bounds.get(0);
        int first = 0;
        for (int r = 0; r < n && first < chunks; r++) {
            long target = bounds.get(0) + total * (r + 1) / n;
            int end = first + 1;
            while (end < chunks && bounds.get(end) < target) end++;
            if (r == n - 1) end = chunks;
            runs.add(new int[] {first, end - first});
            first = end;
        }
        for (int k = 0; k < chunks; k++) {
            if (bounds.get(k + 1) - bounds.get(k) > Integer.MAX_VALUE) return List.of();
        }
        return runs;
    }

    private List<RecordingSummary> readRuns(
            Path readable, String name, ChunkScan scan, List<int[]> runs, List<? extends SampleSink> sinks)
            throws Exception {
        List<FutureTask<List<RecordingSummary>>> tasks = new ArrayList<>();
        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(readable)) {
            for (int i = 0; i < runs.size(); i++) {
                int[] run = runs.get(i);
                SampleSink sink = sinks.get(i);
                tasks.add(new FutureTask<>(() -> {
                    List<RecordingSummary> parts = new ArrayList<>();
                    for (int k = run[0]; k < run[0] + run[1]; k++) {
                        // one chunk mapped at a time: a mapping's touched pages count as the process's memory
                        // until it is collected, and a run can be most of the file
                        long from = scan.chunkBounds().get(k);
                        java.nio.ByteBuffer bytes = ch.map(
                                java.nio.channels.FileChannel.MapMode.READ_ONLY,
                                from,
                                scan.chunkBounds().get(k + 1) - from);
                        parts.add(readChunks(
                                        () -> new JfrReader(bytes),
                                        1,
                                        name,
                                        scan,
                                        Map.of(mode, sink),
                                        new AtomicReference<>())
                                .get(mode));
                    }
                    return parts;
                }));
            }
            for (int i = 1; i < tasks.size(); i++) {
                Thread t = new Thread(tasks.get(i), "wirecost-jfr-reader-" + i);
                t.setDaemon(true);
                t.start();
            }
            tasks.get(0).run(); // this thread reads the first run
            List<RecordingSummary> parts = new ArrayList<>();
            for (FutureTask<List<RecordingSummary>> task : tasks) {
                try {
                    parts.addAll(task.get());
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof Exception ex) throw ex;
                    throw e;
                }
            }
            return parts;
        }
    }

    /** One summary over every run's: their counts summed, async-profiler's where any run was. */
    private static RecordingSummary merge(String name, ChunkScan scan, List<RecordingSummary> parts) {
        Map<String, Long> counts = new TreeMap<>();
        String producer = "jdk";
        int chunks = 0;
        for (RecordingSummary p : parts) {
            p.eventCounts().forEach((type, w) -> counts.merge(type, w, Long::sum));
            if (p.producer().equals("async-profiler")) producer = p.producer();
            chunks += p.chunks();
        }
        return new RecordingSummary(
                name, producer, counts, chunks, scan.lostBytes(), parts.get(0).warnings());
    }

    /**
     * Only when a mode found nothing: the samples of every mode that has some, those already read taken from
     * {@code read} and the rest read in one more pass (an error path, not a hot one).
     */
    private static Map<SampleMode, Long> samplesPerMode(
            Path readable, String name, ChunkScan scan, Map<SampleMode, RecordingSummary> read)
            throws RecordingException {
        Map<SampleMode, SampleSink> unread = new java.util.EnumMap<>(SampleMode.class);
        for (SampleMode m : SampleMode.values()) if (!read.containsKey(m)) unread.put(m, new StackCounts());
        Map<SampleMode, RecordingSummary> all = new java.util.EnumMap<>(read);
        if (!unread.isEmpty()) {
            AtomicReference<JfrReader> open = new AtomicReference<>();
            all.putAll(withDeadline(name, scan, () -> readChunks(readable.toString(), name, scan, unread, open), open));
        }
        Map<SampleMode, Long> found = new java.util.EnumMap<>(SampleMode.class);
        all.forEach((m, summary) -> {
            if (summary.samples() > 0) found.put(m, summary.samples());
        });
        return found;
    }

    /**
     * JfrReader's loops over counts read from the file never check for interruption, so a corrupted
     * count can keep it busy for hours. The reading runs in a daemon thread with a budget far above
     * any sound file's needs (3 s plus 1 s per 5 MB; 2 million samples take about 2 s); past it the
     * file is reported corrupted and the thread, which nothing references any more, is abandoned.
     */
    private static <T> T withDeadline(String name, ChunkScan scan, Callable<T> read, AtomicReference<JfrReader> open)
            throws RecordingException {
        long budgetMillis = 3_000 + scan.fileSize() / 5_000;
        FutureTask<T> task = new FutureTask<>(read);
        Thread t = new Thread(task, "wirecost-jfr-reader");
        t.setDaemon(true);
        t.start();
        try {
            return task.get(budgetMillis, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            t.interrupt();
            // a runaway loop soon needs more bytes: with the channel closed, that read fails and the thread ends
            JfrReader jfr = open.get();
            if (jfr != null) {
                try {
                    jfr.close();
                } catch (IOException ignored) {
                    // closing is only a hint to the abandoned thread
                }
            }
            throw new RecordingException(
                    name,
                    "corrupted: reading did not finish within " + budgetMillis / 1000
                            + " s (a size or count field is implausible)");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RecordingException re) throw re;
            if (e.getCause() instanceof OutOfMemoryError)
                throw new RecordingException(name, "corrupted: a size field asks for more memory than the JVM has");
            throw new RecordingException(
                    name,
                    scan.describeFailure(
                            e.getCause() instanceof Exception ex ? ex : new RuntimeException(e.getCause())));
        } catch (InterruptedException e) {
            t.interrupt();
            Thread.currentThread().interrupt();
            throw new RecordingException(name, "interrupted while reading");
        }
    }

    /** One mode's part of a pass: its sink, its tally when the sink only sums, its totals per event type. */
    private static final class Target {
        final SampleMode mode;
        final SampleSink sink;
        final StackTally tally;
        final Map<String, Long> counts = new TreeMap<>();
        EventSelection selection;
        Passing passing;
        final List<RecordedEvents.Counted> deferred = new ArrayList<>();

        Target(SampleMode mode, SampleSink sink) {
            this.mode = mode;
            this.sink = sink;
            this.tally = sink.needsEachSample() ? null : new StackTally();
        }
    }

    private static Map<SampleMode, RecordingSummary> readChunks(
            String path,
            String name,
            ChunkScan scan,
            Map<SampleMode, SampleSink> sinks,
            AtomicReference<JfrReader> open)
            throws RecordingException {
        return readChunks(() -> new JfrReader(path), scan.completeChunks(), name, scan, sinks, open);
    }

    private interface Opener {
        JfrReader open() throws IOException;
    }

    /** Reads the first {@code count} chunks of what {@code opener} opens. */
    private static Map<SampleMode, RecordingSummary> readChunks(
            Opener opener,
            int count,
            String name,
            ChunkScan scan,
            Map<SampleMode, SampleSink> sinks,
            AtomicReference<JfrReader> open)
            throws RecordingException {
        List<Target> targets = new ArrayList<>();
        sinks.forEach((m, s) -> targets.add(new Target(m, s)));
        String producer = "jdk";
        int chunks = 0;
        try (JfrReader jfr = opener.open()) {
            open.set(jfr);
            jfr.stopAtNewChunk = true;
            // only the chunks the scan found whole: JfrReader fails on a trailing chunk cut inside its header
            // instead of reporting it incomplete, which would lose the complete chunks before it
            while (chunks < count && jfr.hasMoreChunks()) {
                EventRouting.route(jfr);
                boolean async = isAsyncProfiler(jfr);
                if (async) producer = "async-profiler";
                JfrChunk chunk = new JfrChunk(jfr, async);
                for (Target t : targets) {
                    t.sink.beginChunk(chunk);
                    t.selection = new EventSelection(t.mode, jfr, async);
                    t.passing = new Passing(t.selection, t.sink, t.tally);
                    t.deferred.clear();
                }
                for (Event e; (e = jfr.readEvent()) != null; ) {
                    if (!(e instanceof RecordedEvents.Counted c)) continue;
                    for (Target t : targets) {
                        String type = t.selection.countedAs(c);
                        if (type == null) continue;
                        if (t.selection.deferred(c)) {
                            t.deferred.add(c);
                        } else {
                            t.passing.pass(type, c);
                        }
                    }
                }
                for (Target t : targets) {
                    if (t.selection.deferredCount()) {
                        for (RecordedEvents.Counted c : t.deferred) t.passing.pass(t.selection.countedAs(c), c);
                    }
                    t.passing.finish(t.counts);
                }
                chunks++;
            }
        } catch (IOException | RuntimeException e) {
            // the reader signals truncation and corruption as IOException or as buffer/index errors
            throw new RecordingException(name, scan.describeFailure(e));
        }
        List<String> warnings = new ArrayList<>();
        if (scan.lostBytes() > 0) {
            warnings.add(String.format(
                    "recording truncated: the last chunk is incomplete, %d of %d bytes (%.1f %%) not read",
                    scan.lostBytes(), scan.fileSize(), 100.0 * scan.lostBytes() / scan.fileSize()));
        }
        Map<SampleMode, RecordingSummary> out = new java.util.EnumMap<>(SampleMode.class);
        for (Target t : targets)
            out.put(t.mode, new RecordingSummary(name, producer, t.counts, chunks, scan.lostBytes(), warnings));
        return out;
    }

    /**
     * One chunk's counted events on their way to the sink: straight through, or summed per (stack, thread)
     * in the tally when the sink only sums; totals per event type are kept per chunk in a long[] so that
     * a sample costs no boxing.
     */
    private static final class Passing {
        private final EventSelection selection;
        private final SampleSink sink;
        private final StackTally tally;
        private final Map<String, long[]> perType = new java.util.HashMap<>();

        Passing(EventSelection selection, SampleSink sink, StackTally tally) {
            this.selection = selection;
            this.sink = sink;
            this.tally = tally;
        }

        void pass(String type, RecordedEvents.Counted e) {
            long weight = selection.weight(e);
            perType.computeIfAbsent(type, t -> new long[1])[0] += weight;
            if (tally != null) {
                tally.add(e.stackTraceId, e.tid, weight);
            } else {
                sink.sample(e.stackTraceId, e.tid, e.time, weight);
            }
        }

        void finish(Map<String, Long> counts) {
            if (tally != null) tally.drainTo(sink);
            perType.forEach((type, w) -> counts.merge(type, w[0], Long::sum));
        }
    }

    private static boolean isAsyncProfiler(JfrReader jfr) {
        for (String type : jfr.typesByName.keySet()) {
            if (type.startsWith("profiler.")) return true;
        }
        return false;
    }

    /** Resolves the ids of the chunk being read. Method names are cached: a stack repeats them. */
    private static final class JfrChunk implements ChunkView {
        // jdk.types.FrameType keys; in JDK Flight Recorder's recordings 3 is a Java native method, in
        // async-profiler's it is C code (as 4 is C++ and 5 kernel code, which the JDK does not record)
        private static final byte FRAME_NATIVE = 3;
        private static final byte FRAME_CPP = 4;
        private static final byte FRAME_KERNEL = 5;

        private final JfrReader jfr;
        private final Map<Long, Frame> frames = new java.util.HashMap<>();
        /** Methods seen in C, C++ or kernel frames: async-profiler gives them their library as class. */
        private final java.util.Set<Long> nativeMethods = new java.util.HashSet<>();

        private final boolean asyncProfiler;

        JfrChunk(JfrReader jfr, boolean asyncProfiler) {
            this.jfr = jfr;
            this.asyncProfiler = asyncProfiler;
        }

        @Override
        public long[] stackMethods(int stackTraceId) {
            StackTrace st = jfr.stackTraces.get(stackTraceId);
            if (st == null) return new long[0];
            if (st.types != null) {
                for (int i = 0; i < st.methods.length && i < st.types.length; i++) {
                    byte t = st.types[i];
                    if (t == FRAME_CPP || t == FRAME_KERNEL || (t == FRAME_NATIVE && asyncProfiler)) {
                        nativeMethods.add(st.methods[i]);
                    }
                }
            }
            return st.methods;
        }

        @Override
        public byte[] stackTypes(int stackTraceId) {
            StackTrace st = jfr.stackTraces.get(stackTraceId);
            return st == null || st.types == null ? new byte[0] : st.types;
        }

        @Override
        public Frame frame(long methodId) {
            return frames.computeIfAbsent(methodId, this::resolve);
        }

        private Frame resolve(long methodId) {
            MethodRef m = jfr.methods.get(methodId);
            if (m == null) return Frame.nativeSymbol("[unknown]");
            String method = symbol(m.name);
            ClassRef c = jfr.classes.get(m.cls);
            String cls = c == null ? "" : symbol(c.name).replace('/', '.');
            return cls.isEmpty() || nativeMethods.contains(methodId)
                    ? Frame.nativeSymbol(method)
                    : Frame.java(cls, method);
        }

        private String symbol(long id) {
            byte[] b = jfr.symbols.get(id);
            return b == null ? "" : new String(b, StandardCharsets.UTF_8);
        }

        @Override
        public String threadName(int threadId) {
            return jfr.threads.get(threadId);
        }

        @Override
        public long epochNanos(long ticks) {
            return jfr.chunkStartNanos + (long) ((ticks - jfr.chunkStartTicks) * 1e9 / jfr.ticksPerSec);
        }

        @Override
        public long recordingStartNanos() {
            return jfr.startNanos; // the minimum over the chunks read so far: the first chunk's start
        }
    }
}
