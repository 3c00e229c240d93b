package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A command refused after it made its output directory (commands make it first, so that a path that cannot be one is
 * refused before any work) removes the directories it made and left empty, parents included; a directory that stood
 * before, or that holds a file, stays.
 */
class FailedCommandLeavesNothingTest {

    @TempDir
    Path tmp;

    @Test
    void directoriesACommandMadeBeforeItWasRefusedAreRemoved() throws Exception {
        Path junk = Files.writeString(tmp.resolve("junk.txt"), "junk\n");
        Path noRun = Files.createDirectories(tmp.resolve("no-run"));
        for (List<String> args : List.of(
                List.of(
                        "diff",
                        noRun.toString(),
                        noRun.toString(),
                        "--out",
                        tmp.resolve("made/diff").toString()),
                List.of(
                        "flame",
                        junk.toString(),
                        "-o",
                        tmp.resolve("made/deep/x.html").toString()),
                List.of("export", "--otlp", tmp.resolve("made/x.pb").toString(), junk.toString()),
                List.of(
                        "attach",
                        "999999999",
                        "--out",
                        tmp.resolve("made/attach").toString()))) {
            InProcess.Outcome o = InProcess.run(args.toArray(String[]::new));
            assertEquals(2, o.exit(), args + ": " + o.stderr());
            assertEquals(1, o.stderr().size(), args + ": " + o.stderr());
            assertFalse(Files.exists(tmp.resolve("made")), args + " left the directories it made");
        }
    }

    @Test
    void whatStoodBeforeOrHoldsAFileStays() throws Exception {
        Path mine = Files.createDirectories(tmp.resolve("mine"));
        Path noRun = Files.createDirectories(tmp.resolve("no-run"));
        InProcess.Outcome o = InProcess.run("diff", noRun.toString(), noRun.toString(), "--out", mine.toString());
        assertEquals(2, o.exit(), o.stderr().toString());
        assertTrue(Files.isDirectory(mine), "the user's directory stays");
    }
}
