package io.wirecost.attribution;

import java.util.Collections;
import java.util.LinkedHashMap;
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
 * @param otherModes     when nothing counted: the modes that would count something, with their weight
 * @param cpuContention  JFR execution samples counted as CPU: whether the CPU was contended while they were taken
 *                       (their shares then biased); null where the question does not arise (other producers, modes,
 *                       formats before 2.0)
 */
public record RecordingSummary(
        String file,
        String producer,
        Map<String, Long> eventCounts,
        int chunks,
        long lostBytes,
        List<String> warnings,
        Map<String, Long> eventsHeld,
        Map<SampleMode, Long> otherModes,
        CpuContention cpuContention) {
    public RecordingSummary {
        eventCounts = Collections.unmodifiableMap(new LinkedHashMap<>(eventCounts));
        warnings = List.copyOf(warnings);
        eventsHeld = Collections.unmodifiableMap(new LinkedHashMap<>(eventsHeld));
        otherModes = Collections.unmodifiableMap(new LinkedHashMap<>(otherModes));
    }

    public RecordingSummary(
            String file,
            String producer,
            Map<String, Long> eventCounts,
            int chunks,
            long lostBytes,
            List<String> warnings) {
        this(file, producer, eventCounts, chunks, lostBytes, warnings, Map.of(), Map.of(), null);
    }

    public long samples() {
        return eventCounts.values().stream().mapToLong(Long::longValue).sum();
    }

    RecordingSummary withEventsHeld(Map<String, Long> held, Map<SampleMode, Long> modes) {
        return new RecordingSummary(
                file, producer, eventCounts, chunks, lostBytes, warnings, held, modes, cpuContention);
    }

    RecordingSummary withCpuContention(CpuContention contention) {
        return new RecordingSummary(
                file, producer, eventCounts, chunks, lostBytes, warnings, eventsHeld, otherModes, contention);
    }

    /** The contention note for output, empty when there is nothing to say. */
    public String cpuContentionNote() {
        return cpuContention == null ? "" : cpuContention.note();
    }

    /**
     * "the recording holds jdk.ObjectAllocationSample (1200), jdk.GCPhasePause (40), ...; try --mode alloc",
     * the most frequent first; empty when there is nothing to say.
     */
    public String eventsHeldLine(int max) {
        String top = eventsHeld.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .limit(max)
                .map(e -> e.getKey() + " (" + e.getValue() + ")")
                .collect(Collectors.joining(", "));
        String modes = otherModes.keySet().stream()
                .sorted()
                .map(m -> "--mode " + m.optionValue())
                .collect(Collectors.joining(" or "));
        String held = top.isEmpty()
                ? ""
                : "the recording holds " + top
                        + (eventsHeld.size() > max ? ", ... (" + eventsHeld.size() + " event types)" : "");
        return held + (held.isEmpty() || modes.isEmpty() ? "" : "; ") + (modes.isEmpty() ? "" : "try " + modes);
    }
}
