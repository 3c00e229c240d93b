package io.wirecost.attribution;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * wirecost's own reader for JFR format 2.x (JDK 11+ and async-profiler 2+), behind {@link RecordingReader}:
 * attribution needs, per chunk, the stack ids of the sampled events with their weight and thread, and the
 * frames of the stacks that occur, where async-profiler's general {@code JfrReader} builds an object per
 * event and per constant. Each chunk is memory-mapped, its constant pools indexed by offset, its events
 * summed per (stack, thread) on primitive arrays, or kept each with its time for a sink that needs each
 * ({@link SampleSink#needsEachSample}), skipping the events no mode counts by their size prefix;
 * chunks are read in parallel, one task each, which also translates the chunk's ids into recording-wide
 * ones ({@link RecordingIds}), decoding only the stacks, methods, classes and symbols its events reach; then
 * the sums or samples are handed to the sinks in order, as one chunk, so each distinct stack is classified once.
 * A sample's time reaches the sink in epoch nanoseconds, converted by its own chunk's clock while read: the
 * merged view has no one clock to convert with ({@link RecordingIds#epochNanos}).
 *
 * <p>It reads everything before any sink sees a sample, so a file it cannot read ({@link JfrCursor.Unreadable},
 * or any failure: a corrupted file) still goes whole to the general reader, which says what is wrong.
 * Lock durations and sinks that need ticks in the recording's clock ({@link SampleSink#needsRecordedClock}) are the
 * general reader's.
 */
final class MappedRecordingReader {

    private MappedRecordingReader() {}

    /** Whether this reader takes a pass with these sinks at all. */
    static boolean accepts(Map<SampleMode, SampleSink> sinks) {
        for (Map.Entry<SampleMode, SampleSink> s : sinks.entrySet()) {
            if (!ChunkEvents.counts(s.getKey()) || s.getValue().needsRecordedClock()) return false;
        }
        return true;
    }

    /**
     * The summaries, or null when the file is left to the general reader (before any sink saw a sample); the
     * recording's CPU load events go to {@code loads}. The chunks' ids are translated into {@code ids}, fresh per
     * recording: a test passes its own to ask what the chunks shared.
     */
    static Map<SampleMode, RecordingSummary> read(
            Path readable,
            String name,
            ChunkScan scan,
            Map<SampleMode, SampleSink> sinks,
            int threads,
            CpuLoadTally loads,
            RecordingIds ids)
            throws RecordingException {
        List<SampleMode> modes = new ArrayList<>(sinks.keySet());
        Set<SampleMode> each = EnumSet.noneOf(SampleMode.class);
        sinks.forEach((m, s) -> {
            if (s.needsEachSample()) each.add(m);
        });
        if (!each.isEmpty()
                && !keepsEachSampleWithin(readable, Runtime.getRuntime().maxMemory())) return null;
        List<MappedChunks.Chunk> chunks = new ArrayList<>();
        try {
            if (!MappedChunks.readAll(readable, scan.completeChunks(), modes, each, threads, ids, chunks)) return null;
        } catch (IOException e) {
            return null;
        } catch (JfrMetadata.Corrupt e) {
            throw new RecordingException(
                    name,
                    scan.corrupted("a chunk's metadata, which describes its events, is unreadable: " + e.getMessage()));
        }
        try {
            return feed(name, scan, sinks, modes, each, ids, chunks, loads);
        } catch (RuntimeException e) {
            // everything was validated while indexing: a failure here is a defect of ours, said in one line
            throw new RecordingException(name, scan.describeFailure(e));
        }
    }

    /**
     * Whether each sample of {@code file} may be kept in a heap of {@code maxHeapBytes}. Each sample is held until every
     * chunk is read (async-profiler's reader streams chunk by chunk instead): at most one sample per
     * {@link #SMALLEST_SAMPLE_BYTES} of file, {@link #KEPT_BYTES_PER_SAMPLE} bytes each while its arrays double; a file
     * that could take more than half the heap goes to the streaming reader rather than risk running out of memory.
     */
    static boolean keepsEachSampleWithin(Path file, long maxHeapBytes) {
        try {
            long samples = java.nio.file.Files.size(file) / SMALLEST_SAMPLE_BYTES;
            return samples <= maxHeapBytes / 2 / KEPT_BYTES_PER_SAMPLE;
        } catch (IOException e) {
            return false;
        }
    }

    /** An execution sample's smallest encoding: size, type, start time, thread, stack trace and state, a byte each. */
    static final long SMALLEST_SAMPLE_BYTES = 6;

    /** Stack, thread, time and weight of a sample (24 bytes), twice while the arrays grow. */
    static final long KEPT_BYTES_PER_SAMPLE = 48;

    private static Map<SampleMode, RecordingSummary> feed(
            String name,
            ChunkScan scan,
            Map<SampleMode, SampleSink> sinks,
            List<SampleMode> modes,
            Set<SampleMode> each,
            RecordingIds ids,
            List<MappedChunks.Chunk> chunks,
            CpuLoadTally loads) {
        Map<SampleMode, Map<String, Long>> counts = new EnumMap<>(SampleMode.class);
        for (SampleMode m : modes) counts.put(m, new TreeMap<>());
        String producer = "jdk";
        List<ChunkPools> pools = new ArrayList<>();
        for (MappedChunks.Chunk c : chunks) pools.add(c.pools());
        // the sinks see the recording as one chunk: its ids are recording-wide, or the one chunk's own
        boolean one = chunks.size() == 1;
        ChunkView view = null;
        if (!chunks.isEmpty()) {
            view = one ? new OneChunkView(ChunkIds.searchingBack(ids, pools, 0), ids) : ids;
            ids.chunkStarts(pools.get(0).startNanos);
            for (SampleMode m : modes) sinks.get(m).beginChunk(view);
        }
        ChunkEvents.Carry carry = ChunkEvents.Carry.NONE;
        for (int k = 0; k < chunks.size(); k++) {
            ChunkPools p = pools.get(k);
            if (p.startNanos < ids.recordingStartNanos()) {
                // a chunk older than those before it (files concatenated out of order): async-profiler's reader
                // moves the recording's start back to it, which a time window is measured from; so does this,
                // telling the sinks by a new chunk, the same view, that the start moved
                ids.chunkStarts(p.startNanos);
                for (SampleMode m : modes) sinks.get(m).beginChunk(view);
            }
            if (p.asyncProfiler) producer = "async-profiler";
            ChunkEvents e = chunks.get(k).events();
            boolean translated = chunks.get(k).translated();
            if (e.needsCarry) {
                p.reload();
                e = ChunkEvents.read(p, modes, each, carry);
                p.release();
                translated = false;
            }
            if (!translated && !one) {
                ChunkIds back = ChunkIds.searchingBack(ids, pools, k);
                for (ChunkEvents.Part part : e.parts) part.translation(back).run();
            }
            chunks.set(k, null);
            ChunkIds names = ChunkIds.searchingBack(ids, pools, k);
            e.loads.addTo(loads, id -> names.threadName((int) id));
            carry = new ChunkEvents.Carry(
                    p.threadStates != null ? p.threadStates : carry.threadStates(),
                    e.hasEventSetting || carry.hasEventSetting(),
                    e.hasEventSetting ? e.eventSetting : carry.eventSetting());
            for (int i = 0; i < modes.size(); i++) {
                ChunkEvents.Part part = e.parts[i];
                part.drainTo(sinks.get(part.mode));
                part.addTo(counts.get(part.mode));
            }
        }
        List<String> warnings = RecordingReader.truncationWarnings(scan);
        Map<SampleMode, RecordingSummary> out = new EnumMap<>(SampleMode.class);
        for (SampleMode m : modes)
            out.put(m, new RecordingSummary(name, producer, counts.get(m), pools.size(), scan.lostBytes(), warnings));
        return out;
    }
}
