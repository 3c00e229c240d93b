package io.wirecost.attribution;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What a reader took from one recording.
 *
 * @param producer       {@code async-profiler} or {@code jdk} (JDK Flight Recorder)
 * @param eventCounts    weight counted, by JFR event type name, e.g. {@code jdk.ExecutionSample=1025}
 *                       (samples; bytes in alloc mode; nanoseconds in lock mode)
 * @param chunks         complete chunks read
 * @param lostBytes      bytes of an incomplete trailing chunk that could not be read (0 when complete)
 * @param warnings       one-line warnings (truncation, event types that could not be separated)
 * @param eventsHeld     when nothing counted: every event type the recording holds, with its event count
 */
public record RecordingSummary(String file, String producer, Map<String, Long> eventCounts, int chunks,
                               long lostBytes, List<String> warnings, Map<String, Long> eventsHeld) {
    public RecordingSummary {
        eventCounts = Map.copyOf(eventCounts);
        warnings = List.copyOf(warnings);
        eventsHeld = Map.copyOf(eventsHeld);
    }

    public RecordingSummary(String file, String producer, Map<String, Long> eventCounts, int chunks,
                            long lostBytes, List<String> warnings) {
        this(file, producer, eventCounts, chunks, lostBytes, warnings, Map.of());
    }

    public long samples() {
        return eventCounts.values().stream().mapToLong(Long::longValue).sum();
    }

    RecordingSummary withEventsHeld(Map<String, Long> held) {
        return new RecordingSummary(file, producer, eventCounts, chunks, lostBytes, warnings, held);
    }

    /**
     * "holds jdk.ObjectAllocationSample (1200), jdk.GCPhasePause (40), ..." with the most frequent first,
     * or a note that the recording holds no events at all.
     */
    public String eventsHeldLine(int max) {
        if (eventsHeld.isEmpty()) return "the recording holds no events this reader can list";
        String top = eventsHeld.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .limit(max).map(e -> e.getKey() + " (" + e.getValue() + ")").collect(Collectors.joining(", "));
        return "the recording holds " + top + (eventsHeld.size() > max ? ", ... (" + eventsHeld.size() + " event types)" : "");
    }
}
