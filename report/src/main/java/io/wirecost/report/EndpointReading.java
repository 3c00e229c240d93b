package io.wirecost.report;

import io.wirecost.attribution.EndpointCost;
import io.wirecost.attribution.EndpointSink;
import io.wirecost.attribution.RecordingException;
import io.wirecost.attribution.Recordings;
import io.wirecost.attribution.RequestLog;
import io.wirecost.attribution.RuleSet;
import io.wirecost.attribution.SampleMode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * One recording's endpoint figures, with the event that sampled it and the note on that event ({@link EndpointSink}):
 * what {@link EndpointTable}'s table, its csv and results.json's sampler all read. A type of its own because reading a
 * recording against its request log, and keeping the reading while the files are unchanged, is apart from laying out
 * any of the three.
 */
record EndpointReading(EndpointCost cost, String event, String samplerNote) {

    /** Readings already made, by recording, size and time: the run's files are rewritten after every scenario. */
    private static final Map<String, EndpointReading> CACHE =
            java.util.Collections.synchronizedMap(new java.util.LinkedHashMap<>(16, 0.75f, true) {
                private static final long serialVersionUID = 1L;

                @Override
                protected boolean removeEldestEntry(Map.Entry<String, EndpointReading> eldest) {
                    return size() > 64;
                }
            });

    /** The reading of {@code recording}, made once while it, its request log and the rules stay the same. */
    static EndpointReading of(Path recording, RuleSet rules) throws IOException, RecordingException {
        Path log = RequestLog.beside(recording);
        String key = recording.toAbsolutePath() + "|" + Files.size(recording) + "|"
                + Files.getLastModifiedTime(recording).toMillis() + "|" + Files.size(log) + "|"
                + System.identityHashCode(rules);
        EndpointReading cached = CACHE.get(key);
        if (cached != null) return cached;
        EndpointReading reading = read(recording, rules);
        CACHE.put(key, reading);
        return reading;
    }

    private static EndpointReading read(Path recording, RuleSet rules) throws IOException, RecordingException {
        EndpointSink sink = new EndpointSink(RequestLog.read(RequestLog.beside(recording)), rules);
        Recordings.read(recording, SampleMode.CPU, sink);
        if (sink.clockProblem() != null) throw new IllegalStateException(sink.clockProblem());
        return new EndpointReading(
                EndpointCost.of(List.of(sink), rules.categories()), sink.event(), sink.samplerBias());
    }
}
