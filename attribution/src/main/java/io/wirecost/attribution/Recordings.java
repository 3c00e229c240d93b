package io.wirecost.attribution;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

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

    /**
     * OTLP profiles: by name ({@code .pb}, {@code .otlp}, {@code .binpb}, {@code .json}), or binary protobuf
     * whose first byte is the tag of field 1 or 2 and whose first bytes are not text (a collapsed stack file
     * may start with a blank line, 0x0a too).
     */
    public static boolean isOtlp(Path file) {
        String n = file.getFileName() == null ? "" : file.getFileName().toString();
        if (n.endsWith(".pb") || n.endsWith(".otlp") || n.endsWith(".binpb") || n.endsWith(".json")) return true;
        try (InputStream in = Files.newInputStream(file)) {
            byte[] head = in.readNBytes(64);
            if (head.length < 2 || (head[0] != 0x0a && head[0] != 0x12)) return false;
            for (byte b : head) if (b >= 0 && b < 0x20 && b != '\n' && b != '\r' && b != '\t') return true;
            return false;
        } catch (IOException e) {
            return false;
        }
    }

    /** Every mode of one input in one pass where the format allows (JFR), else one read per mode. */
    public static Map<SampleMode, RecordingSummary> readEach(Path file, Map<SampleMode, SampleSink> sinks)
            throws RecordingException {
        if (!isOtlp(file) && isJfr(file))
            return new RecordingReader(SampleMode.CPU, jmcIfPresent()).readEach(file, sinks);
        Map<SampleMode, RecordingSummary> out = new java.util.EnumMap<>(SampleMode.class);
        for (Map.Entry<SampleMode, SampleSink> e : sinks.entrySet())
            out.put(e.getKey(), read(file, e.getKey(), e.getValue()));
        return out;
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
        if (isOtlp(file)) return new OtlpReader().read(file, mode, sink);
        return isJfr(file)
                ? new RecordingReader(mode, alternative).read(file, sink)
                : new CollapsedReader().read(file, sink);
    }
}
