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
            // the JDK's parser signals some malformed pools as InternalError (some async-profiler layouts): JMC's
            // parser, where it is on the class path, counts them instead of leaving the message bare
            return ofJmc(file);
        }
        return counts;
    }

    /** JMC's count of the events; empty where JMC is absent (the agent) or fails too: the census is only a hint. */
    private static Map<String, Long> ofJmc(Path file) {
        try {
            Map<String, Long> counts = new TreeMap<>();
            for (byte[] chunk : JmcChunks.of(file).chunks()) {
                for (org.openjdk.jmc.common.item.IItemIterable events :
                        JmcRecordingReader.load(file.toString(), chunk)) {
                    if (events.getItemCount() > 0)
                        counts.merge(events.getType().getIdentifier(), events.getItemCount(), Long::sum);
                }
            }
            return counts;
        } catch (RecordingException | RuntimeException | LinkageError e) {
            return Map.of();
        }
    }
}
