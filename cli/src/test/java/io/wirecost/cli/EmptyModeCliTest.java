package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A recording without samples in the chosen mode is an error in attribute and flame alike, naming the file,
 * what it holds and the mode that would count it; with several inputs, one empty input is that error too,
 * not a 0.00 column. The recordings are async-profiler 2.9's (attribution/src/test/resources/recordings).
 */
class EmptyModeCliTest {

    private static final Path RECORDINGS = Path.of("..", "attribution", "src", "test", "resources", "recordings");
    private static final String CPU = RECORDINGS.resolve("ap29-cpu.jfr").toString();
    private static final String WALL = RECORDINGS.resolve("ap29-wall.jfr").toString();

    @TempDir
    Path dir;

    @Test
    void flameWithoutSamplesExitsTwoAndWritesNothing() throws Exception {
        Path out = dir.resolve("wall-as-cpu.html");
        CliProcess.Outcome o = CliProcess.run("flame", WALL, "-o", out.toString());
        assertEquals(2, o.exit(), o.err());
        assertTrue(o.err().contains("ap29-wall.jfr: no cpu samples"), o.err());
        assertTrue(o.err().contains("try --mode wall"), o.err());
        assertFalse(Files.exists(out), "no empty graph is left behind");
        assertEquals(
                0,
                CliProcess.run("flame", WALL, "--mode", "wall", "-o", out.toString())
                        .exit());
    }

    @Test
    void oneEmptyInputAmongSeveralIsAnErrorNamingIt() throws Exception {
        CliProcess.Outcome o = CliProcess.run("attribute", CPU, WALL, "--format", "csv");
        assertEquals(2, o.exit(), o.err());
        assertTrue(
                o.err().contains("ap29-wall.jfr: no cpu samples (the recording holds jdk.ExecutionSample (3387)"),
                o.err());
        assertFalse(o.err().contains("ap29-cpu.jfr"), "the input with samples is not blamed: " + o.err());
        assertEquals("", o.stdout());
    }
}
