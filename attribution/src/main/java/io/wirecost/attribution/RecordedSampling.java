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
 * How a JFR recording says its CPU samples were taken, from its {@code jdk.ActiveSetting} events: async-profiler's
 * sampling event (its recording's {@code engine}, the one that ran, else the {@code event} asked for) and
 * {@code interval} of {@code jdk.ExecutionSample} (nanoseconds), the JDK's {@code period} ({@code "20 ms"}). Read with
 * the JDK's event stream subscribed to those events alone, up to the end of the first chunk that holds them (every
 * chunk repeats them), because neither reading of the samples keeps a setting by event type: async-profiler's reader
 * keeps name to value, so a JDK recording's hundred periods overwrite each other. For async-profiler's one-chunk
 * recordings that is a second pass over the file's bytes (all but the settings skipped), paid by {@code export} and by
 * {@code diff} of profile files only, never by {@code attribute}, a run or the agent.
 *
 * @param event         async-profiler's event ({@code cpu}, {@code itimer}, {@code ctimer}, {@code wall}); null where
 *                      the recording does not say one (the JDK's, whose one sampler takes CPU samples)
 * @param intervalNanos the interval, 0 where the recording does not say it
 */
public record RecordedSampling(String event, long intervalNanos) {

    public static final RecordedSampling UNKNOWN = new RecordedSampling(null, 0);

    private static final String EXECUTION_SAMPLE = "jdk.ExecutionSample";

    /** async-profiler's engines, by the event they sample: perf events are its {@code cpu}. */
    private static final List<String> EVENTS = List.of("cpu", "itimer", "ctimer", "wall");

    /**
     * What {@code file} says; {@link #UNKNOWN} where it says nothing (no settings, a format before 2.0, a file the
     * JDK's parser cannot read): a label for comparing how two profiles were taken, never a reason to fail. Where
     * the chunk names several periods (recordings running at once), the JVM sampled at the shortest.
     */
    public static RecordedSampling of(Path file) {
        try (GzipRecording unpacked = GzipRecording.open(file);
                EventStream es = EventStream.openFile(unpacked.path())) {
            Set<Long> sampleTypes = new HashSet<>();
            List<long[]> periods = new ArrayList<>(); // (event type id, nanoseconds)
            String[] event = new String[2]; // engine, event
            es.onMetadata(m -> {
                for (EventType t : m.getEventTypes())
                    if (t.getName().equals(EXECUTION_SAMPLE)) sampleTypes.add(t.getId());
            });
            es.onEvent("jdk.ActiveSetting", e -> {
                String name = e.getString("name");
                String value = e.getString("value");
                switch (name) {
                    case "period", "interval" -> periods.add(new long[] {e.getLong("id"), parse(name, value)});
                    case "engine" -> event[0] = value;
                    case "event" -> event[1] = value;
                    default -> {}
                }
            });
            es.onFlush(() -> {
                if (!periods.isEmpty()) es.close();
            });
            es.start();
            long shortest = 0;
            for (long[] p : periods)
                if (sampleTypes.contains(p[0]) && p[1] > 0 && (shortest == 0 || p[1] < shortest)) shortest = p[1];
            return new RecordedSampling(event(event[0], event[1]), shortest);
        } catch (Exception | InternalError e) {
            // the JDK's parser signals some malformed files as InternalError; how they sampled is then unknown
            return UNKNOWN;
        }
    }

    /**
     * The engine that ran where it names a CPU or wall event (async-profiler 4 names perf events' engine
     * {@code perf_events}: cpu), else the event asked for, else null.
     */
    static String event(String engine, String asked) {
        if (engine != null && engine.startsWith("perf")) return "cpu";
        if (engine != null && EVENTS.contains(engine)) return engine;
        return asked != null && EVENTS.contains(asked) ? asked : null;
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
