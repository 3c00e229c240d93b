package io.wirecost.attribution;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

/**
 * Events of every type a recording holds, counted with the JDK's own parser: only asked for when the
 * chosen mode found nothing, to say what the recording does hold (the JDK parser builds an object per
 * event, too slow for the main path, fine for a message).
 */
final class EventCensus {

    private EventCensus() {}

    /** Counts by event type name; empty when the JDK's parser cannot read the file either. */
    static Map<String, Long> of(Path file) {
        Map<String, Long> counts = new TreeMap<>();
        try (RecordingFile rf = new RecordingFile(file)) {
            while (rf.hasMoreEvents()) {
                RecordedEvent e = rf.readEvent();
                counts.merge(e.getEventType().getName(), 1L, Long::sum);
            }
        } catch (IOException | RuntimeException | InternalError e) {
            // the JDK's parser signals some malformed pools as InternalError; the census is only a hint
            return Map.of();
        }
        return counts;
    }
}
