package io.wirecost.cli.common;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Results line names what the run directory holds, in a reader's order, and nothing it does not. */
class RunFilesTest {

    @TempDir
    Path dir;

    @Test
    void whatTheDirectoryHoldsInAReadersOrder() throws Exception {
        for (String f : new String[] {"report.html", "endpoints.csv", "results.json", "notes.txt", "table.md"})
            Files.writeString(dir.resolve(f), "x");
        Files.createDirectories(dir.resolve("flames"));
        Files.createDirectories(dir.resolve("recordings"));
        // a file where a folder is named is no folder
        Files.writeString(dir.resolve("captures"), "x");
        assertEquals("results.json, endpoints.csv, table.md, report.html, recordings/, flames/", RunFiles.named(dir));
    }
}
