package io.wirecost.agent;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.function.BiConsumer;

/**
 * Where a finished segment is copied before the live session reads and deletes it: the agent's {@code file=} (the
 * whole session) and {@code wirecost attach}'s tap (a window of it, from the segment after the tap began). JFR
 * chunks concatenate into a valid recording, so each copy appends; the first copy into a target starts it afresh.
 * The tap is set and read on the session's worker thread only.
 */
final class SegmentCopies {

    private final Path file;
    private final BiConsumer<String, Throwable> fail;
    private boolean fileStarted;
    private Path tap;
    private long tapFirst;
    private boolean tapStarted;

    /** {@code file} may be null (no {@code file=}); a failed copy is reported to {@code fail} at stage append. */
    SegmentCopies(Path file, BiConsumer<String, Throwable> fail) {
        this.file = file;
        this.fail = fail;
    }

    /** Copies a finished segment to the file and, when it is in the tap's window, to the tap. */
    void copy(Path segment) {
        if (file != null) appendToFile(segment);
        if (tap != null && number(segment) >= tapFirst) tapStarted |= appendTo(tap, segment, tapStarted);
    }

    /** Starts a tap into {@code target} with segment number {@code firstSegment}. */
    void startTap(Path target, long firstSegment) {
        tap = target;
        tapFirst = firstSegment;
        tapStarted = false;
    }

    void stopTap() {
        tap = null;
    }

    private synchronized void appendToFile(Path segment) {
        fileStarted |= appendTo(file, segment, fileStarted);
    }

    /** The number in a segment's name, {@code segment-N.jfr}. */
    static long number(Path segment) {
        String n = segment.getFileName().toString();
        return Long.parseLong(n.substring("segment-".length(), n.length() - ".jfr".length()));
    }

    /** Whether the segment was copied; a failure is reported, and the next segment tries again. */
    private boolean appendTo(Path target, Path segment, boolean appended) {
        try (OutputStream out = Files.newOutputStream(
                target,
                StandardOpenOption.CREATE,
                StandardOpenOption.WRITE,
                appended ? StandardOpenOption.APPEND : StandardOpenOption.TRUNCATE_EXISTING)) {
            Files.copy(segment, out);
            return true;
        } catch (IOException e) {
            fail.accept("append", e);
            return false;
        }
    }
}
