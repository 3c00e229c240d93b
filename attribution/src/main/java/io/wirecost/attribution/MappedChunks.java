package io.wirecost.attribution;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The first half of {@link MappedRecordingReader}'s pass: every chunk of a file read, indexed and summed, one task
 * each on a pool of threads that each read into a buffer of their own, translating the chunk's ids into
 * recording-wide ones where it can. A class of its own because it is where the reader's threads, buffers and
 * mappings live; what the chunks hold is then handed to the sinks in order, on one thread, by the reader.
 */
final class MappedChunks {

    private MappedChunks() {}

    /** The first {@code chunkCount} chunks of {@code file} into {@code chunks}, in order; false to leave the file to the general reader. */
    static boolean readAll(
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
    record Chunk(ChunkPools pools, ChunkEvents events, boolean translated) {}

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
}
