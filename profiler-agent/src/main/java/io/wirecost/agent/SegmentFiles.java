package io.wirecost.agent;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The live session's segment files: numbered in the order they are recorded, in an owner-only temporary
 * directory, each deleted once read and the directory at close.
 */
final class SegmentFiles {

    private final Path dir;
    private final AtomicLong number = new AtomicLong();

    SegmentFiles(Path dir) {
        this.dir = dir;
    }

    /** In a new owner-only temporary directory. */
    static SegmentFiles create() throws IOException {
        return new SegmentFiles(Files.createTempDirectory("wirecost-agent-"));
    }

    /** The file the next segment records into. */
    Path next() {
        return dir.resolve("segment-" + number.incrementAndGet() + ".jfr");
    }

    /** The number the next segment will have. */
    long nextNumber() {
        return number.get() + 1;
    }

    /** A segment once read, with the request log recorded beside it. */
    static void delete(Path segment) throws IOException {
        Files.deleteIfExists(segment);
        LiveEndpoints.delete(segment);
    }

    /** Every segment left and the directory. */
    void deleteAll() {
        try (var files = Files.list(dir)) {
            for (Path f : (Iterable<Path>) files::iterator) Files.deleteIfExists(f);
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            // a temp directory left behind is not worth a warning at shutdown
        }
    }
}
