package io.wirecost.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Recordings from JDK Mission Control's own test suite (openjdk/jmc at bde624e3), written by others with JDK 7
 * to 21 and JRockit. This repository may not carry them, so the test reads them from the directory given as
 * {@code -Dwirecost.jmc.recordings=DIR} and is reported as skipped, saying so, without it. The files and
 * their paths in openjdk/jmc are listed in docs/recordings.md ("Recordings written by others"). Expected
 * counts are {@code jfr summary}'s (JDK 17); files are checked by SHA-256 so the counts apply to exactly
 * these bytes. {@link JmcRecordingReaderTest} reads three more from the same directory: 8u40.jfr,
 * allocation_10s_before.jfr and parallel-gc_cpu.jfr.
 */
class JmcRecordingsTest {

    static Path dir() {
        String configured = System.getProperty("wirecost.jmc.recordings", "");
        // each test is reported skipped with this reason, never passed without reading anything
        Assumptions.assumeFalse(
                configured.isBlank(),
                "JMC's test recordings: pass -Dwirecost.jmc.recordings=DIR (the files: docs/recordings.md)");
        Path dir = Path.of(configured).toAbsolutePath().normalize();
        Assumptions.assumeTrue(Files.isDirectory(dir), "-Dwirecost.jmc.recordings=" + dir + " is not a directory");
        return dir;
    }

    private static Path recording(String name, String sha256Prefix) throws Exception {
        Path f = dir().resolve(name);
        assertTrue(Files.isRegularFile(f), f + " is missing");
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        try (InputStream in = Files.newInputStream(f)) {
            md.update(in.readAllBytes());
        }
        assertTrue(HexFormat.of().formatHex(md.digest()).startsWith(sha256Prefix), f + " is not the expected file");
        return f;
    }

    private static RecordingSummary read(Path f, SampleMode mode) throws RecordingException {
        return new RecordingReader(mode).read(f, new StackCounts());
    }

    /** core/tests/org.openjdk.jmc.flightrecorder.test/.../recordings/metadata_control.jfr: JDK 11 layouts desynchronised the reader. */
    @Test
    void metadataControlReadsWithJfrSummarysCount() throws Exception {
        Path f = recording("metadata_control.jfr", "446929c1501e5138");
        assertEquals(
                Map.of("jdk.ExecutionSample", 4865L), read(f, SampleMode.CPU).eventCounts());
    }

    /** application/tests/org.openjdk.jmc.flightrecorder.ext.jfx.test/.../pulseduration.jfr: JDK 11's jdk.ThreadPark has no 'until'. */
    @Test
    void pulsedurationReadsCpuAndLockTime() throws Exception {
        Path f = recording("pulseduration.jfr", "2aee887ceb91ae53");
        assertEquals(
                Map.of("jdk.ExecutionSample", 109L), read(f, SampleMode.CPU).eventCounts());
        // the JDK parser's durations (RecordedEvent.getDuration), summed: 654 parks, 1 monitor enter; scaling each
        // duration alone gave 173_312_523_347 and 50_435_051, truncated once per event where the JDK truncates twice
        assertEquals(
                Map.of("jdk.ThreadPark", 173_312_523_659L, "jdk.JavaMonitorEnter", 50_435_050L),
                read(f, SampleMode.LOCK).eventCounts());
    }

    /** application/.../graphview/graph/hotmethods.jfr: the largest sample count of the suite. */
    @Test
    void hotmethodsCountsEverySample() throws Exception {
        assertEquals(
                24_526L,
                read(recording("hotmethods.jfr", "0d4548f58530a134"), SampleMode.CPU)
                        .samples());
    }

    /** application/uitests/.../io_test.jfr: gzip-compressed JDK 11+ recording without samples. */
    @Test
    void gzipRecordingWithoutSamplesSaysWhatItHolds() throws Exception {
        RecordingSummary s = read(recording("io_test.jfr", "876dbd8c52f0d4d1"), SampleMode.CPU);
        assertEquals(0, s.samples());
        assertEquals(9212L, s.eventsHeld().get("jdk.FileRead"));
        assertTrue(s.eventsHeldLine(3).startsWith("the recording holds jdk.FileRead (9212)"), s.eventsHeldLine(3));
    }

    /** core/tests/...rules.jdk.test/.../autobox_allocation_sample.jfr and autobox_allocation.jfr (TLAB events only). */
    @Test
    void allocationBytesOfBothJdkEventKinds() throws Exception {
        assertEquals(
                Map.of("jdk.ObjectAllocationSample", 47_810_536L),
                read(recording("autobox_allocation_sample.jfr", "1779485a9397a14c"), SampleMode.ALLOC)
                        .eventCounts());
        assertEquals(
                30_869_824L,
                read(recording("autobox_allocation.jfr", "afe501735e56dd92"), SampleMode.ALLOC)
                        .samples());
    }

    /** serializers.test/.../7u40.jfr (gzip, JDK 7), uitests/.../transitions_R28.2.jfr (JRockit), serializers.test/.../9u0.jfr. */
    @Test
    void oldFormatsAreNamed() throws Exception {
        Map<String, String> expected = Map.of(
                "7u40.jfr", "JFR format 0.9 (Oracle JDK 7/8, JRockit R28 or async-profiler 1.x; this file: HotSpot)",
                "transitions_R28.2.jfr",
                        "JFR format 0.9 (Oracle JDK 7/8, JRockit R28 or async-profiler 1.x; this file: JRockit)",
                "9u0.jfr", "JFR format 1.0 (JDK 9/10; this file: HotSpot)");
        Map<String, String> sha = Map.of(
                "7u40.jfr",
                "0b42d44d4bd6072f",
                "transitions_R28.2.jfr",
                "8f8c6aa8fca7ce57",
                "9u0.jfr",
                "5bfbd89526f80a36");
        for (Map.Entry<String, String> e : expected.entrySet()) {
            Path f = recording(e.getKey(), sha.get(e.getKey()));
            UnsupportedFormatException x =
                    assertThrows(UnsupportedFormatException.class, () -> read(f, SampleMode.CPU));
            assertTrue(x.getMessage().contains(e.getValue()), x.getMessage());
            assertFalse(x.getMessage().contains("corrupt"), x.getMessage());
        }
    }
}
