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
        String name = path.toString();
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
                    if (complete == 0) throw new RecordingException(name, "not a JFR recording (no 'FLR' chunk magic at offset 0)");
                    break;      // trailing bytes after the last chunk: ignored, like the JDK's own tools
                }
                if (n < HEADER) {
                    if (complete == 0) {
                        throw new RecordingException(name, String.format(
                                "truncated: the only chunk is incomplete (%d bytes present, its header alone is %d); nothing to attribute",
                                size - pos, HEADER));
                    }
                    return new ChunkScan(name, size, complete, size - pos);
                }
                long chunkSize = header.getLong(8);
                if (chunkSize < HEADER) {
                    throw new RecordingException(name, "corrupted: chunk at offset " + pos + " declares size " + chunkSize);
                }
                if (pos + chunkSize > size) {
                    if (complete == 0) {
                        throw new RecordingException(name, String.format(
                                "truncated: the only chunk is incomplete (%d of %d bytes present); nothing to attribute",
                                size - pos, chunkSize));
                    }
                    return new ChunkScan(name, size, complete, size - pos);
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
     * The metadata event's string table is read by JfrReader in a loop sized by a count from the file;
     * a corrupted count means hours of reading garbage. A count can be no larger than the event's bytes.
     */
    private static void checkMetadata(FileChannel ch, String name, long chunkStart, long chunkSize, long metaOffset)
            throws IOException, RecordingException {
        if (metaOffset <= 0 || metaOffset >= chunkSize) {
            throw new RecordingException(name, "corrupted: chunk at offset " + chunkStart + " points its metadata outside the chunk");
        }
        ByteBuffer b = ByteBuffer.allocate(64);
        ch.read(b, chunkStart + metaOffset);
        b.flip();
        long[] fields = new long[6];   // size, type, start, duration, metadata id, string count
        for (int i = 0; i < fields.length; i++) {
            fields[i] = varlong(b);
            if (fields[i] < 0) throw new RecordingException(name, "corrupted: unreadable metadata header in chunk at offset " + chunkStart);
        }
        long size = fields[0];
        if (size <= 0 || metaOffset + size > chunkSize || fields[5] > size) {
            throw new RecordingException(name, "corrupted: implausible metadata (size " + size + ", " + fields[5]
                    + " strings) in chunk at offset " + chunkStart);
        }
    }

    /** JFR's LEB128-style variable-length integer; -1 when the buffer ends first. */
    private static long varlong(ByteBuffer b) {
        long result = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (!b.hasRemaining()) return -1;
            byte x = b.get();
            if (shift == 56) return result | (long) (x & 0xff) << 56;   // the 9th byte carries 8 bits
            result |= (long) (x & 0x7f) << shift;
            if (x >= 0) return result;
        }
        return result;
    }

    String describeFailure(Exception e) {
        String msg = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return "corrupted recording (" + completeChunks + " chunk(s) looked intact): " + msg;
    }
}
