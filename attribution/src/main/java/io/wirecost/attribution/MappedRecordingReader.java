package io.wirecost.attribution;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

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
        List<Chunk> chunks = new ArrayList<>();
        try {
            if (!readAll(readable, scan.completeChunks(), modes, each, threads, ids, chunks)) return null;
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

    private static boolean readAll(
            Path file,
            int chunkCount,
            List<SampleMode> modes,
            Set<SampleMode> each,
            int threads,
            RecordingIds ids,
            List<Chunk> chunks)
            throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            List<long[]> spans = new ArrayList<>();
            ByteBuffer size = ByteBuffer.allocate(8);
            long pos = 0;
            for (int k = 0; k < chunkCount; k++) {
                size.clear();
                if (ch.read(size, pos + 8) != 8) return false;
                long chunkSize = size.getLong(0);
                if (chunkSize < ChunkPools.HEADER || chunkSize > Integer.MAX_VALUE - 8) return false;
                spans.add(new long[] {pos, chunkSize});
                pos += chunkSize;
            }
            Map<ChunkPools.Bytes, JfrMetadata> metadata = ChunkPools.metadataCache();
            // each thread reads its chunks into one buffer of its own: the chunk is parsed from a heap array
            // (fast from the first event on, before any compilation) and the file's pages stay out of this
            // process's resident memory; the mapping, touched only where a sink asks for an entry, stays for that
            ThreadLocal<byte[][]> scratch = ThreadLocal.withInitial(() -> new byte[1][0]);
            List<Callable<Chunk>> tasks = tasks(ch, spans, modes, each, metadata, scratch, ids);
            int n = Math.max(1, Math.min(threads, spans.size()));
            if (n == 1) {
                try {
                    for (Callable<Chunk> t : tasks) {
                        if (!add(t.call(), chunks)) return false;
                    }
                    return true;
                } finally {
                    scratch.remove(); // the caller's thread lives on (the agent's, say): its buffer must not
                }
            }
            ExecutorService pool = Executors.newFixedThreadPool(n, r -> {
                Thread t = new Thread(r, "wirecost-jfr-chunk");
                t.setDaemon(true);
                return t;
            });
            try {
                List<Future<Chunk>> futures = new ArrayList<>();
                for (Callable<Chunk> t : tasks) futures.add(pool.submit(t));
                for (Future<Chunk> f : futures) {
                    if (!add(f.get(), chunks)) return false;
                }
                return true;
            } catch (ExecutionException e) {
                if (e.getCause() instanceof JfrMetadata.Corrupt corrupt) throw corrupt;
                return false;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            } finally {
                pool.shutdownNow();
            }
        } catch (IOException | JfrMetadata.Corrupt e) {
            throw e;
        } catch (Exception e) {
            return false;
        }
    }

    private static List<Callable<Chunk>> tasks(
            FileChannel ch,
            List<long[]> spans,
            List<SampleMode> modes,
            Set<SampleMode> each,
            Map<ChunkPools.Bytes, JfrMetadata> metadata,
            ThreadLocal<byte[][]> scratch,
            RecordingIds ids) {
        List<Callable<Chunk>> tasks = new ArrayList<>();
        for (int k = 0; k < spans.size(); k++) {
            long start = spans.get(k)[0];
            int size = (int) spans.get(k)[1];
            tasks.add(() -> {
                byte[][] holder = scratch.get();
                if (holder[0].length < size) holder[0] = new byte[size];
                ByteBuffer into = ByteBuffer.wrap(holder[0], 0, size);
                while (into.hasRemaining()) {
                    if (ch.read(into, start + into.position()) < 0) return null;
                }
                MappedByteBuffer map = ch.map(FileChannel.MapMode.READ_ONLY, start, size);
                return readChunk(holder[0], size, map, modes, each, metadata, ids, spans.size() > 1);
            });
        }
        return tasks;
    }

    private static boolean add(Chunk c, List<Chunk> chunks) {
        if (c == null) return false;
        chunks.add(c);
        return true;
    }

    /** One chunk indexed and summed; {@code translated} when its tallies hold recording-wide ids already. */
    private record Chunk(ChunkPools pools, ChunkEvents events, boolean translated) {}

    /** One chunk indexed, summed and translated where it can be, or null when this reader leaves the file to the general one. */
    private static Chunk readChunk(
            byte[] data,
            int size,
            MappedByteBuffer map,
            List<SampleMode> modes,
            Set<SampleMode> each,
            Map<ChunkPools.Bytes, JfrMetadata> metadata,
            RecordingIds ids,
            boolean translate) {
        try {
            ChunkPools p = new ChunkPools(data, size, map, metadata);
            ChunkEvents e = ChunkEvents.read(p, modes, each, null);
            boolean translated = translate && !e.needsCarry && translate(e, ChunkIds.local(ids, p));
            p.release();
            return new Chunk(p, e, translated);
        } catch (JfrMetadata.Corrupt e) {
            throw e; // definitive: the general reader would fail on it too
        } catch (RuntimeException | StackOverflowError e) {
            return null;
        }
    }

    /** Whether every part was translated; none is when the chunk lacks an id it uses. */
    private static boolean translate(ChunkEvents e, ChunkIds chunkIds) {
        Runnable[] apply = new Runnable[e.parts.length];
        try {
            for (int i = 0; i < apply.length; i++) apply[i] = e.parts[i].translation(chunkIds);
        } catch (PoolLookup.NotLocal notLocal) {
            return false;
        }
        for (Runnable a : apply) a.run();
        return true;
    }

    private static Map<SampleMode, RecordingSummary> feed(
            String name,
            ChunkScan scan,
            Map<SampleMode, SampleSink> sinks,
            List<SampleMode> modes,
            Set<SampleMode> each,
            RecordingIds ids,
            List<Chunk> chunks,
            CpuLoadTally loads) {
        Map<SampleMode, Map<String, Long>> counts = new EnumMap<>(SampleMode.class);
        for (SampleMode m : modes) counts.put(m, new TreeMap<>());
        String producer = "jdk";
        List<ChunkPools> pools = new ArrayList<>();
        for (Chunk c : chunks) pools.add(c.pools);
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
            ChunkEvents e = chunks.get(k).events;
            boolean translated = chunks.get(k).translated;
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
