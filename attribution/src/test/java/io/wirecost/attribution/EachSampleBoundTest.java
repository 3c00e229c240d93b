package io.wirecost.attribution;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The own reader keeps each sample of a recording only where the heap can hold the most the file could have. */
class EachSampleBoundTest {

    @TempDir
    Path dir;

    @Test
    void aFileThatCouldFillHalfTheHeapGoesToTheStreamingReader() throws Exception {
        Path f = Files.write(dir.resolve("r.jfr"), new byte[6_000]); // at most 1,000 samples: 48,000 bytes kept
        assertTrue(MappedRecordingReader.keepsEachSampleWithin(f, 96_000));
        assertFalse(MappedRecordingReader.keepsEachSampleWithin(f, 95_999));
    }

    @Test
    void aFileItCannotSizeIsNotKept() {
        assertFalse(MappedRecordingReader.keepsEachSampleWithin(dir.resolve("gone.jfr"), Long.MAX_VALUE));
    }
}
