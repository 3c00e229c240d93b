package io.wirecost.attribution;

import java.nio.file.Path;

/**
 * The seam for a second reader: {@link RecordingReader} hands it the files whose format async-profiler's
 * reader refuses (JFR format 0.9 of JDK 7/8, 1.0 of JDK 9/10), already decompressed when gzip.
 *
 * <pre>
 * new RecordingReader(SampleMode.CPU, jmcReader).read(Path.of("jdk8.jfr"), sink);
 * </pre>
 */
public interface AlternativeReader {

    /** Whether this reader takes files of this format. */
    boolean reads(JfrFormat format);

    /**
     * Reads {@code file} into {@code sink} like {@link RecordingReader} would.
     *
     * @param name the name to use in messages and the summary (the user's file, not a decompressed copy)
     */
    RecordingSummary read(Path file, String name, SampleMode mode, SampleSink sink) throws RecordingException;
}
