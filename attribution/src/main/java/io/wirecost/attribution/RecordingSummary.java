package io.wirecost.attribution;

import java.util.Map;

/**
 * What a reader took from one recording.
 *
 * @param producer       {@code async-profiler} or {@code jdk} (JDK Flight Recorder)
 * @param eventCounts    events counted, by JFR event type name, e.g. {@code jdk.ExecutionSample=1025}
 * @param chunks         complete chunks read
 * @param lostBytes      bytes of an incomplete trailing chunk that could not be read (0 when complete)
 * @param warnings       one-line warnings (truncation, event types that could not be separated)
 */
public record RecordingSummary(String file, String producer, Map<String, Long> eventCounts, int chunks,
                               long lostBytes, java.util.List<String> warnings) {
    public RecordingSummary {
        eventCounts = Map.copyOf(eventCounts);
        warnings = java.util.List.copyOf(warnings);
    }

    public long samples() {
        return eventCounts.values().stream().mapToLong(Long::longValue).sum();
    }
}
