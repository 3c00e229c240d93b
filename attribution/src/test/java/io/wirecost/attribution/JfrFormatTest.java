package io.wirecost.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Formats before 2.0 are named, not called corrupted, and go to the {@link AlternativeReader} seam. The files
 * here are only chunk headers with a producer string (what the format check reads); the real recordings of
 * JDK 7 to 10 and JRockit are in {@link JmcRecordingsTest}.
 */
class JfrFormatTest {

    @TempDir
    Path dir;

    private Path header(String name, int major, int minor, String producer) throws Exception {
        ByteBuffer b = ByteBuffer.allocate(512);
        b.put("FLR\0".getBytes(StandardCharsets.ISO_8859_1))
                .putShort((short) major)
                .putShort((short) minor);
        b.putLong(400).putLong(0).putLong(200);
        b.position(100);
        b.put(producer.getBytes(StandardCharsets.UTF_16BE)); // old formats store strings as UTF-16
        Path f = dir.resolve(name);
        Files.write(f, b.array());
        return f;
    }

    @Test
    void jrockitRecordingIsNamedNotCalledCorrupted() throws Exception {
        Path f = header("jrockit.jfr", 0, 9, "Oracle JRockit(R) R28.2");
        UnsupportedFormatException e = assertThrows(
                UnsupportedFormatException.class, () -> new RecordingReader(SampleMode.CPU).read(f, new StackCounts()));
        assertEquals(new JfrFormat(0, 9, "JRockit"), e.format());
        assertTrue(e.getMessage().contains("JFR format 0.9"), e.getMessage());
        assertTrue(e.getMessage().contains("JRockit"), e.getMessage());
        assertFalse(e.getMessage().contains("corrupt"), e.getMessage());
    }

    @Test
    void jdk9RecordingIsNamedAsFormat10() throws Exception {
        Path f = header("jdk9.jfr", 1, 0, "Java HotSpot(TM) 64-Bit Server VM");
        RecordingException e = assertThrows(
                RecordingException.class, () -> new RecordingReader(SampleMode.CPU).read(f, new StackCounts()));
        assertTrue(e.getMessage().contains("JFR format 1.0 (JDK 9/10; this file: HotSpot)"), e.getMessage());
    }

    @Test
    void alternativeReaderGetsWhatAsyncProfilersReaderRefuses() throws Exception {
        Path f = header("jdk8.jfr", 0, 9, "Java HotSpot(TM) 64-Bit Server VM");
        List<JfrFormat> offered = new ArrayList<>();
        RecordingSummary answer =
                new RecordingSummary(f.toString(), "jdk", java.util.Map.of("jdk.ExecutionSample", 7L), 1, 0, List.of());
        AlternativeReader alternative = new AlternativeReader() {
            @Override
            public boolean reads(JfrFormat format) {
                offered.add(format);
                return format.major() == 0;
            }

            @Override
            public RecordingSummary read(Path file, String name, SampleMode mode, SampleSink sink) {
                return answer;
            }
        };
        assertSame(answer, new RecordingReader(SampleMode.CPU, alternative).read(f, new StackCounts()));
        assertEquals(List.of(new JfrFormat(0, 9, "HotSpot")), offered);
    }

    /** A valid old format the fallback parser fails on too is named, not "cannot read it either". */
    @Test
    void aFormatNoReaderReadsIsNamed() throws Exception {
        Path f = header("jdk7.jfr", 0, 9, "Java HotSpot(TM) 64-Bit Server VM");
        RecordingException e =
                assertThrows(RecordingException.class, () -> Recordings.read(f, SampleMode.CPU, new StackCounts()));
        assertTrue(
                e.getMessage()
                        .contains(
                                "JFR format 0.9 (Oracle JDK 7/8, JRockit R28 or async-profiler 1.x; this file: HotSpot)"),
                e.getMessage());
        assertTrue(e.getMessage().contains("which no reader here reads"), e.getMessage());
        assertFalse(e.getMessage().contains("either"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }
}
