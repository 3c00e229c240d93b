package io.wirecost.attribution;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import one.jfr.JfrReader;
import one.jfr.event.CPULoad;
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

    /** Which reader reads JFR 2.x: {@code auto} (wirecost's own where it can, async-profiler's otherwise) or {@code async-profiler}. */
    static final String READER_PROPERTY = "wirecost.reader";
    /** When "true", each read says on stderr which reader ran (the bench reads it). */
    static final String REPORT_PROPERTY = "wirecost.reader.report";

    private final SampleMode mode;
    private final AlternativeReader alternative;
    private boolean ownReader = !"async-profiler".equals(System.getProperty(READER_PROPERTY, "auto"));
    private String readerUsed = "none";

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

    /**
     * Whether wirecost's own reader may read format 2.x files (the default); false forces async-profiler's, as
     * {@code wirecost bench window} does for its reference.
     */
    public RecordingReader ownReader(boolean enabled) {
        this.ownReader = enabled;
        return this;
    }

    /**
     * The reader that ran in the last read: {@code wirecost} (its own, memory-mapped, for JFR 2.x),
     * {@code async-profiler} (its JfrReader: lock durations, sinks needing ticks in the recording's clock, files the
     * own reader leaves), {@code jmc} (formats before 2.0), or {@code none} (nothing read).
     */
    public String readerUsed() {
        return readerUsed;
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
                try {
                    for (Map.Entry<SampleMode, SampleSink> s : sinks.entrySet())
                        out.put(s.getKey(), alternative.read(readable, name, s.getKey(), s.getValue()));
                } catch (ParserFailedException x) {
                    // a valid format the fallback fails on too: named, so the user knows what the file is
                    throw new RecordingException(
                            name, e.format().describe() + ", which no reader here reads: " + x.problem());
                }
                report(name, "jmc", -1);
                return out;
            }
            CpuLoadTally loads = new CpuLoadTally();
            Map<SampleMode, SampleSink> counted = new java.util.EnumMap<>(sinks);
            counted.computeIfPresent(SampleMode.CPU, (m, s) -> loads.counting(s));
            Map<SampleMode, RecordingSummary> summaries = null;
            if (ownReader && MappedRecordingReader.accepts(counted)) {
                summaries =
                        MappedRecordingReader.read(readable, name, scan, counted, threads(), loads, new RecordingIds());
                if (summaries != null) report(name, "wirecost", scan.completeChunks());
            }
            if (summaries == null) {
                AtomicReference<JfrReader> open = new AtomicReference<>();
                summaries = ReadDeadline.read(
                        name, scan, () -> readChunks(readable.toString(), name, scan, counted, open, loads), open);
                report(name, "async-profiler", scan.completeChunks());
            }
            summaries.computeIfPresent(SampleMode.CPU, (m, s) -> withContention(s, loads));
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
     * JFR's execution samples counted as CPU get the contention verdict; async-profiler's samples, which count
     * CPU time, get none, nor does a recording without them.
     */
    private static RecordingSummary withContention(RecordingSummary s, CpuLoadTally loads) {
        if (!s.producer().equals("jdk") || s.eventCounts().getOrDefault("jdk.ExecutionSample", 0L) == 0) return s;
        return s.withCpuContention(loads.decide());
    }

    private void report(String name, String reader, int chunks) {
        readerUsed = reader;
        if (Boolean.getBoolean(REPORT_PROPERTY)) {
            String detail = chunks < 0
                    ? ""
                    : " (" + chunks + " chunk(s)"
                            + (reader.equals("wirecost") ? ", " + Math.min(threads(), chunks) + " thread(s)" : "")
                            + ")";
            System.err.println("wirecost: reader " + reader + " read " + name + detail);
        }
    }

    /** Chunks read at once by wirecost's reader: one per core this process may use. */
    private static int threads() {
        return Math.max(
                1,
                Integer.getInteger(
                        "wirecost.reader.threads", Runtime.getRuntime().availableProcessors()));
    }

    /** The warning a truncated recording gets, whichever reader read it. */
    static List<String> truncationWarnings(ChunkScan scan) {
        List<String> warnings = new ArrayList<>();
        if (scan.lostBytes() > 0) {
            warnings.add(String.format(
                    Locale.ROOT,
                    "recording truncated: the last chunk is incomplete, %d of %d bytes (%.1f %%) not read",
                    scan.lostBytes(),
                    scan.fileSize(),
                    100.0 * scan.lostBytes() / scan.fileSize()));
        }
        return warnings;
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
            all.putAll(ReadDeadline.read(
                    name,
                    scan,
                    () -> readChunks(readable.toString(), name, scan, unread, open, new CpuLoadTally()),
                    open));
        }
        Map<SampleMode, Long> found = new java.util.EnumMap<>(SampleMode.class);
        all.forEach((m, summary) -> {
            if (summary.samples() > 0) found.put(m, summary.samples());
        });
        return found;
    }

    /** One mode's part of a pass: its sink, its tally when the sink only sums, its totals per event type. */
    private static final class Target {
        final SampleMode mode;
        final SampleSink sink;
        final StackTally tally;
        final Map<String, Long> counts = new TreeMap<>();
        EventSelection selection;
        EventPassing passing;
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
            AtomicReference<JfrReader> open,
            CpuLoadTally loads)
            throws RecordingException {
        List<Target> targets = new ArrayList<>();
        sinks.forEach((m, s) -> targets.add(new Target(m, s)));
        String producer = "jdk";
        int chunks = 0;
        scan.checkConstantPools(Path.of(path));
        try (JfrReader jfr = new JfrReader(path)) {
            open.set(jfr);
            jfr.stopAtNewChunk = true;
            // only the chunks the scan found whole: JfrReader fails on a trailing chunk cut inside its header
            // instead of reporting it incomplete, which would lose the complete chunks before it
            while (chunks < scan.completeChunks() && jfr.hasMoreChunks()) {
                EventRouting.route(jfr);
                boolean async = JfrChunk.isAsyncProfiler(jfr);
                if (async) producer = "async-profiler";
                JfrChunk chunk = new JfrChunk(jfr, async);
                for (Target t : targets) {
                    t.sink.beginChunk(chunk);
                    t.selection = new EventSelection(t.mode, jfr, async);
                    t.passing = new EventPassing(t.selection, t.sink, t.tally);
                    t.deferred.clear();
                }
                for (Event e; (e = jfr.readEvent()) != null; ) {
                    if (!(e instanceof RecordedEvents.Counted c)) {
                        if (e instanceof CPULoad l) loads.machine(l.jvmUser, l.jvmSystem, l.machineTotal);
                        if (e instanceof RecordedEvents.ThreadCpuLoad t)
                            loads.thread(jfr.threads.get(t.tid), (double) t.user + t.system);
                        continue;
                    }
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
                        t.selection.deferredAre(t.deferred);
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
        List<String> warnings = truncationWarnings(scan);
        Map<SampleMode, RecordingSummary> out = new java.util.EnumMap<>(SampleMode.class);
        for (Target t : targets)
            out.put(t.mode, new RecordingSummary(name, producer, t.counts, chunks, scan.lostBytes(), warnings));
        return out;
    }
}
