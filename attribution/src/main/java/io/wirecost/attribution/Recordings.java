package io.wirecost.attribution;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads any supported input into a sink: a JFR recording (async-profiler or JDK Flight Recorder,
 * recognised by its chunk magic, gzip or a {@code .jfr} name) or a collapsed stack file.
 */
public final class Recordings {

    private Recordings() {}

    public static boolean isJfr(Path file) {
        if (file.getFileName() != null && file.getFileName().toString().endsWith(".jfr")) return true;
        if (GzipRecording.isGzip(file)) return true; // JMC's compressed recordings; collapsed stacks are plain text
        try (InputStream in = Files.newInputStream(file)) {
            byte[] magic = in.readNBytes(4);
            return magic.length == 4 && magic[0] == 'F' && magic[1] == 'L' && magic[2] == 'R' && magic[3] == 0;
        } catch (IOException e) {
            return true; // let the JFR reader name the problem (missing, unreadable)
        }
    }

    public static RecordingSummary read(Path file, SampleMode mode, SampleSink sink) throws RecordingException {
        // formats 0.9 and 1.0 (JDK 7 to 10), which async-profiler's reader refuses, go to JMC's parser
        return read(file, mode, sink, jmcIfPresent());
    }

    /**
     * JMC's parser where it is on the class path; null in the profiler agent, which leaves JMC out (it
     * only reads its own segments): loading JmcRecordingReader there failed every segment with a
     * NoClassDefFoundError and the live metrics counted nothing.
     */
    private static AlternativeReader jmcIfPresent() {
        try {
            Class.forName(
                    "org.openjdk.jmc.flightrecorder.CouldNotLoadRecordingException",
                    false,
                    Recordings.class.getClassLoader());
            return new JmcRecordingReader();
        } catch (ClassNotFoundException | LinkageError e) {
            return null;
        }
    }

    /** @param alternative reads formats async-profiler's reader refuses; null for none */
    public static RecordingSummary read(Path file, SampleMode mode, SampleSink sink, AlternativeReader alternative)
            throws RecordingException {
        return isJfr(file)
                ? new RecordingReader(mode, alternative).read(file, sink)
                : new CollapsedReader().read(file, sink);
    }
}
