package io.wirecost.attribution;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import jdk.jfr.EventType;
import jdk.jfr.consumer.EventStream;

/**
 * The CPU sampling interval a JFR recording says it was taken at, from its {@code jdk.ActiveSetting} events:
 * async-profiler's {@code interval} of {@code jdk.ExecutionSample} (nanoseconds), the JDK's {@code period}
 * ({@code "20 ms"}). Read with the JDK's event stream subscribed to those events alone, up to the end of the first
 * chunk that holds them (every chunk repeats them), because neither reading of the samples keeps a setting by event
 * type: async-profiler's reader keeps name to value, so a JDK recording's hundred periods overwrite each other.
 */
public final class RecordedInterval {

    private static final String EXECUTION_SAMPLE = "jdk.ExecutionSample";

    private RecordedInterval() {}

    /**
     * The interval in nanoseconds, 0 where the recording does not say it (no settings, a format before 2.0, a file
     * the JDK's parser cannot read): it is a label for comparing how two profiles were taken, never a reason to fail.
     * Where the chunk names several (recordings running at once), the JVM sampled at the shortest.
     */
    public static long nanos(Path file) {
        try (GzipRecording unpacked = GzipRecording.open(file);
                EventStream es = EventStream.openFile(unpacked.path())) {
            Set<Long> sampleTypes = new HashSet<>();
            List<long[]> seen = new ArrayList<>(); // (event type id, nanoseconds)
            es.onMetadata(m -> {
                for (EventType t : m.getEventTypes())
                    if (t.getName().equals(EXECUTION_SAMPLE)) sampleTypes.add(t.getId());
            });
            es.onEvent("jdk.ActiveSetting", e -> {
                String name = e.getString("name");
                if (name.equals("period") || name.equals("interval"))
                    seen.add(new long[] {e.getLong("id"), parse(name, e.getString("value"))});
            });
            es.onFlush(() -> {
                if (!seen.isEmpty()) es.close();
            });
            es.start();
            long shortest = 0;
            for (long[] s : seen)
                if (sampleTypes.contains(s[0]) && s[1] > 0 && (shortest == 0 || s[1] < shortest)) shortest = s[1];
            return shortest;
        } catch (Exception | InternalError e) {
            // the JDK's parser signals some malformed files as InternalError; the interval is then unknown
            return 0;
        }
    }

    /** async-profiler's interval is nanoseconds; the JDK's period a number and a unit ("10 ms"), or a word. */
    static long parse(String name, String value) {
        if (value == null) return 0;
        String v = value.trim().toLowerCase(Locale.ROOT);
        try {
            if (name.equals("interval")) return Long.parseLong(v);
            String[] p = v.split("\\s+");
            if (p.length != 2) return 0; // everyChunk, beginChunk, endChunk
            long n = Long.parseLong(p[0]);
            long unit = switch (p[1]) {
                case "ns" -> 1L;
                case "us" -> 1_000L;
                case "ms" -> 1_000_000L;
                case "s" -> 1_000_000_000L;
                case "m" -> 60_000_000_000L;
                case "h" -> 3_600_000_000_000L;
                case "d" -> 86_400_000_000_000L;
                default -> 0L;
            };
            return Math.multiplyExact(n, unit);
        } catch (NumberFormatException | ArithmeticException e) {
            return 0;
        }
    }
}
