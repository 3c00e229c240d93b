package io.wirecost.attribution;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Walks the chunk headers of a JFR file (magic {@code FLR\0}, then the chunk size at offset 8) before
 * the reader runs, to turn "file is bad" into a precise one-line reason and to say how much of a
 * truncated recording is lost.
 */
record ChunkScan(String file, long fileSize, int completeChunks, long lostBytes) {

    private static final int HEADER = 68;
    private static final int MAGIC = 0x464c5200;

    static ChunkScan of(Path path) throws RecordingException {
        return of(path, path.toString());
    }

    /** @param name the file as the user named it (path may be a decompressed copy) */
    static ChunkScan of(Path path, String name) throws RecordingException {
        if (!Files.exists(path)) throw new RecordingException(name, "no such file");
        if (Files.isDirectory(path)) throw new RecordingException(name, "is a directory, not a JFR recording");
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            long size = ch.size();
            if (size == 0) throw new RecordingException(name, "empty file (0 bytes), not a JFR recording");
            ByteBuffer header = ByteBuffer.allocate(HEADER);
            long pos = 0;
            int complete = 0;
            while (pos < size) {
                header.clear();
                int n = ch.read(header, pos);
                if (n < 4 || header.getInt(0) != MAGIC) {
                    if (complete == 0)
                        throw new RecordingException(name, "not a JFR recording (no 'FLR' chunk magic at offset 0)");
                    break; // trailing bytes after the last chunk: ignored, like the JDK's own tools
                }
                if (n < HEADER) {
                    return truncated(
                            name, size, pos, complete, (size - pos) + " bytes present, its header alone is " + HEADER);
                }
                JfrFormat format = new JfrFormat(header.getShort(4) & 0xffff, header.getShort(6) & 0xffff, "");
                if (!format.readByAsyncProfiler()) throw new UnsupportedFormatException(name, withProducer(ch, format));
                long chunkSize = header.getLong(8);
                if (chunkSize < HEADER) {
                    throw new RecordingException(
                            name, "corrupted: chunk at offset " + pos + " declares size " + chunkSize);
                }
                if (pos + chunkSize > size) {
                    return truncated(name, size, pos, complete, (size - pos) + " of " + chunkSize + " bytes present");
                }
                checkMetadata(ch, name, pos, chunkSize, header.getLong(24));
                pos += chunkSize;
                complete++;
            }
            return new ChunkScan(name, size, complete, 0);
        } catch (NoSuchFileException e) {
            throw new RecordingException(name, "no such file");
        } catch (IOException e) {
            throw new RecordingException(name, "cannot read: " + e.getMessage());
        }
    }

    /**
     * Old formats are written by several producers; the strings near the start of the file tell which
     * (JRockit and async-profiler 1.x name themselves, JDK 7/8 write "Java HotSpot").
     */
    /**
     * A chunk cut short at {@code pos}: the complete chunks before it are read (a recording still being written), but
     * a recording whose only chunk is cut has nothing to attribute.
     */
    private static ChunkScan truncated(String name, long size, long pos, int complete, String present)
            throws RecordingException {
        if (complete == 0)
            throw new RecordingException(
                    name, "truncated: the only chunk is incomplete (" + present + "); nothing to attribute");
        return new ChunkScan(name, size, complete, size - pos);
    }

    private static JfrFormat withProducer(FileChannel ch, JfrFormat format) throws IOException {
        ByteBuffer b = ByteBuffer.allocate((int) Math.min(ch.size(), 1 << 20));
        ch.read(b, 0);
        String ascii = new String(b.array(), 0, b.position(), java.nio.charset.StandardCharsets.ISO_8859_1);
        String text = ascii + " " + ascii.replace("\0", ""); // UTF-16 strings read as ASCII with NULs between
        String hint = text.contains("JRockit")
                ? "JRockit"
                : text.contains("async-profiler")
                        ? "async-profiler"
                        : text.contains("HotSpot") || text.contains("OpenJDK") ? "HotSpot" : "";
        return new JfrFormat(format.major(), format.minor(), hint);
    }

    /**
     * The metadata event's string table is read by JfrReader in a loop sized by a count from the file;
     * a corrupted count means hours of reading garbage. A count can be no larger than the event's bytes.
     */
    private static void checkMetadata(FileChannel ch, String name, long chunkStart, long chunkSize, long metaOffset)
            throws IOException, RecordingException {
        if (metaOffset <= 0 || metaOffset >= chunkSize) {
            throw new RecordingException(
                    name, "corrupted: chunk at offset " + chunkStart + " points its metadata outside the chunk");
        }
        ByteBuffer b = ByteBuffer.allocate(64);
        ch.read(b, chunkStart + metaOffset);
        b.flip();
        long[] fields = new long[6]; // size, type, start, duration, metadata id, string count
        for (int i = 0; i < fields.length; i++) {
            fields[i] = varlong(b);
            if (fields[i] < 0)
                throw new RecordingException(
                        name, "corrupted: unreadable metadata header in chunk at offset " + chunkStart);
        }
        long size = fields[0];
        if (size <= 0 || metaOffset + size > chunkSize || fields[5] > size) {
            throw new RecordingException(
                    name,
                    "corrupted: implausible metadata (size " + size + ", " + fields[5] + " strings) in chunk at offset "
                            + chunkStart);
        }
    }

    /**
     * Before async-profiler's reader opens the file: it sizes its buffer by each constant pool's declared size, so a
     * corrupted size has it allocate and zero up to 2 GB before it fails, and it follows a chain that loops until its
     * time is up. Sound chains stay inside their chunk, visit each offset once and hold pools that fit in it.
     */
    void checkConstantPools(Path path) throws RecordingException {
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            ByteBuffer header = ByteBuffer.allocate(HEADER);
            long chunkStart = 0;
            for (int k = 0; k < completeChunks; k++) {
                header.clear();
                ch.read(header, chunkStart);
                long chunkSize = header.getLong(8);
                checkChain(ch, chunkStart, chunkSize, header.getLong(16));
                chunkStart += chunkSize;
            }
        } catch (IOException e) {
            throw new RecordingException(file, "cannot read: " + e.getMessage());
        }
    }

    private void checkChain(FileChannel ch, long chunkStart, long chunkSize, long cpOffset)
            throws IOException, RecordingException {
        java.util.Set<Long> visited = new java.util.HashSet<>();
        byte[] b = new byte[64];
        for (long offset = cpOffset; ; ) {
            if (offset <= 0 || offset >= chunkSize) throw badPool(chunkStart, offset, "lies outside the chunk");
            if (!visited.add(offset)) throw badPool(chunkStart, offset, "comes round again: the chain loops");
            int n = Math.max(0, ch.read(ByteBuffer.wrap(b), chunkStart + offset));
            JfrCursor c = new JfrCursor(b, n, 0);
            long delta;
            try {
                int size = c.getVarint(); // as that reader reads it: an int, whatever the bytes say
                if (size > chunkSize - offset)
                    throw badPool(chunkStart, offset, "declares " + size + " bytes, past the chunk's end");
                c.getVarint(); // type
                c.getVarlong(); // start
                c.getVarlong(); // duration
                delta = c.getVarlong();
            } catch (IndexOutOfBoundsException e) {
                throw badPool(chunkStart, offset, "has an unreadable header");
            }
            if (delta == 0) return;
            offset += delta;
        }
    }

    private RecordingException badPool(long chunkStart, long offset, String what) {
        return new RecordingException(
                file,
                corrupted("chunk at offset " + chunkStart + ": its constant pool at offset " + offset + " " + what));
    }

    /** JFR's LEB128-style variable-length integer; -1 when the buffer ends first. */
    private static long varlong(ByteBuffer b) {
        long result = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (!b.hasRemaining()) return -1;
            byte x = b.get();
            if (shift == 56) return result | (long) (x & 0xff) << 56; // the 9th byte carries 8 bits
            result |= (long) (x & 0x7f) << shift;
            if (x >= 0) return result;
        }
        return result;
    }

    String describeFailure(Exception e) {
        return corrupted(inWords(e));
    }

    /** What a reader found broken in a file whose chunks' sizes and headers looked sound. */
    String corrupted(String what) {
        return "corrupted recording (" + completeChunks + " chunk(s) looked intact): " + what;
    }

    /**
     * One line in words. The parser's own message may quote the bad bytes, line breaks included (fuzzing found
     * "For input string: \"\n64\"" from a setting that should hold a number), and the JDK's messages for a
     * reference past the data ("Index 7 out of bounds for length 3", "Cannot read field ... because ... is null")
     * say what failed in the reader's code, not in the file: those are named by what they mean in the file.
     */
    static String inWords(Exception e) {
        if (e instanceof NumberFormatException) return "a field that should hold a number does not";
        if (e instanceof IndexOutOfBoundsException
                || e instanceof java.nio.BufferUnderflowException
                || e instanceof NegativeArraySizeException
                || e instanceof NullPointerException
                || e instanceof ClassCastException) {
            return "an id, count or size in it points outside the data it was written with";
        }
        if (e.getMessage() == null || e.getMessage().isBlank()) return "its data could not be decoded";
        return e.getMessage().replaceAll("\\s+", " ").strip();
    }
}
