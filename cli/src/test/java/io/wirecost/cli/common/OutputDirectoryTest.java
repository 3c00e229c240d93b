package io.wirecost.cli.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wirecost.runner.UsageException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutputDirectoryTest {

    @TempDir
    Path tmp;

    @Test
    void aGivenDirectoryIsCreated() {
        Path d = tmp.resolve("a/b");
        assertEquals(d, OutputDirectory.fresh("--out", d, "", "-batch", "batch.json", "a batch run"));
        assertTrue(Files.isDirectory(d));
    }

    @Test
    void aDirectoryHoldingAnotherRunIsRefusedInOneLine() throws Exception {
        Files.writeString(tmp.resolve("batch.json"), "{}");
        UsageException e = assertThrows(
                UsageException.class,
                () -> OutputDirectory.fresh("--out", tmp, "", "-batch", "batch.json", "a batch run"));
        assertEquals("--out " + tmp + " already holds a batch run; choose another directory", e.getMessage());
    }
}
