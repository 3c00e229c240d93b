package io.wirecost.attribution;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.openjdk.jmc.common.io.IOToolkit;

/**
 * A recording decompressed (gzip or zip, through JMC's own {@link IOToolkit}) and cut into its chunks,
 * so that JMC's loader sees one chunk at a time and cannot drop a repeated one.
 *
 * @param version "major.minor" of the first chunk, e.g. {@code 0.9} (JDK 7/8), {@code 1.0} (JDK 9/10)
 */
record JmcChunks(String version, List<byte[]> chunks) {

    /** The chunks back to back: the decompressed file as JMC's own loader sees it. */
    byte[] whole() {
        if (chunks.size() == 1) return chunks.get(0);
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        chunks.forEach(out::writeBytes);
        return out.toByteArray();
    }

    private static final byte[] FLR = {'F', 'L', 'R', 0};

    static JmcChunks of(Path file) throws RecordingException {
        return of(file, file.toString());
    }

    /** @param name the user's file, for messages (file may be a decompressed copy of it) */
    static JmcChunks of(Path file, String name) throws RecordingException {
        byte[] all;
        try (InputStream in = IOToolkit.openUncompressedStream(Files.newInputStream(file))) {
            all = in.readAllBytes();
        } catch (IOException e) {
            throw new RecordingException(name, "cannot decompress: " + e.getMessage());
        }
        if (all.length < 8 || !Arrays.equals(Arrays.copyOf(all, 4), FLR)) {
            throw new RecordingException(
                    name, "not a JFR recording (no 'FLR' chunk magic at offset 0, compressed or not)");
        }
        ByteBuffer b = ByteBuffer.wrap(all);
        int major = b.getShort(4) & 0xffff;
        String version = major + "." + (b.getShort(6) & 0xffff);
        if (major == 0) {
            // format 0.9 keeps no chunk size in its header (offset 8 is the metadata offset); JDK 7/8
            // wrote one chunk per file, which JMC reads whole
            return new JmcChunks(version, List.of(all));
        }
        List<byte[]> chunks = new ArrayList<>();
        int pos = 0;
        while (pos + 16 <= all.length && b.getInt(pos) == 0x464c5200) {
            long size = b.getLong(pos + 8);
            if (size < 16 || pos + size > all.length) break; // a truncated tail: the chunks before it stand
            chunks.add(Arrays.copyOfRange(all, pos, pos + (int) size));
            pos += (int) size;
        }
        if (chunks.isEmpty())
            throw new RecordingException(name, "truncated: the first chunk (format " + version + ") is incomplete");
        return new JmcChunks(version, chunks);
    }
}
