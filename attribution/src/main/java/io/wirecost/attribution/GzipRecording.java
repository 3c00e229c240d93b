package io.wirecost.attribution;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.zip.GZIPInputStream;

/**
 * A recording as a plain file: JMC writes and opens gzip-compressed recordings, async-profiler's reader
 * needs random access, so a compressed one is unpacked to a temporary file, deleted on close.
 */
final class GzipRecording implements AutoCloseable {

    private final Path path;
    private final boolean temporary;

    private GzipRecording(Path path, boolean temporary) {
        this.path = path;
        this.temporary = temporary;
    }

    static GzipRecording open(Path file) throws RecordingException {
        if (!isGzip(file)) return new GzipRecording(file, false);
        Path tmp = null;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(file), 1 << 16)) {
            tmp = Files.createTempFile("wirecost-", ".jfr");
            Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
            return new GzipRecording(tmp, true);
        } catch (IOException e) {
            deleteQuietly(tmp);
            throw new RecordingException(
                    file.toString(),
                    "gzip-compressed, but cannot be decompressed: "
                            + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
        }
    }

    static boolean isGzip(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] magic = in.readNBytes(2);
            return magic.length == 2 && (magic[0] & 0xff) == 0x1f && (magic[1] & 0xff) == 0x8b;
        } catch (IOException e) {
            return false; // the chunk scan names the problem (missing, a directory, unreadable)
        }
    }

    Path path() {
        return path;
    }

    @Override
    public void close() {
        if (temporary) deleteQuietly(path);
    }

    private static void deleteQuietly(Path p) {
        if (p == null) return;
        try {
            Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // a temporary file left behind is harmless; the reading's outcome matters more
        }
    }
}
