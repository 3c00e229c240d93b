package io.wirecost.scenarios.http.proxy;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.Function;

/**
 * A proxy's log file, which the proxy process writes itself (its output is redirected to the file
 * by the OS), read only when someone asks for the counts. No thread of the scenario JVM reads the
 * proxy's output while calls are measured, so the profile of that JVM carries none of the proxy's
 * bookkeeping.
 */
final class ProxyLog {

    enum Kind {
        FORWARDED,
        REFUSED,
        OTHER
    }

    private final Path file;
    private final String echoPrefix;
    private final Function<String, Kind> classify;
    private final Deque<String> last = new ArrayDeque<>();
    private long offset;
    private long forwarded;
    private long refused;

    ProxyLog(Path file, String echoPrefix, Function<String, Kind> classify) {
        this.file = file;
        this.echoPrefix = echoPrefix;
        this.classify = classify;
    }

    Path file() {
        return file;
    }

    synchronized long forwarded() {
        refresh();
        return forwarded;
    }

    synchronized long refused() {
        refresh();
        return refused;
    }

    /** The last lines, for an error message. */
    synchronized String tail() {
        refresh();
        return String.join(" | ", last);
    }

    /** Reads the complete lines written since the last call; other lines go to this JVM's stderr (the server log). */
    synchronized void refresh() {
        if (!Files.exists(file)) return;
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
            long length = f.length();
            if (length <= offset) return;
            byte[] chunk = new byte[(int) Math.min(length - offset, 1 << 24)];
            f.seek(offset);
            f.readFully(chunk);
            int end = chunk.length;
            while (end > 0 && chunk[end - 1] != '\n') end--; // a line still being written waits for the next call
            offset += end;
            for (String line : new String(chunk, 0, end, StandardCharsets.UTF_8).split("\n")) {
                if (line.isEmpty()) continue;
                if (last.size() == 5) last.removeFirst();
                last.addLast(line);
                switch (classify.apply(line)) {
                    case FORWARDED -> forwarded++;
                    case REFUSED -> refused++;
                    case OTHER -> System.err.println(echoPrefix + line);
                }
            }
        } catch (IOException e) {
            // the file is gone with its directory: the counts stay as they were
        }
    }
}
