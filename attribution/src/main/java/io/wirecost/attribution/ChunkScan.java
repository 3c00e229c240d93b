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

    String describeFailure(Exception e) {
        String msg = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return "corrupted recording (" + completeChunks + " chunk(s) looked intact): " + msg;
    }
}
