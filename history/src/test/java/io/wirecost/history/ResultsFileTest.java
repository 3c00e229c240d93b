package io.wirecost.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wirecost.diff.ResultsFile;
import io.wirecost.diff.RunData;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * results.json through the records writer and reader share: a file an earlier wirecost wrote binds and renders back
 * to the same bytes (plus the version it now states), and a newer version is refused in one line.
 */
class ResultsFileTest {

    private static final Path FIXTURE = Path.of("src/test/resources/runs/rmi-quick/results.json");

    @TempDir
    Path dir;

    @Test
    void aFileFromAnEarlierRunRendersBackToItsOwnBytesWithItsVersion() throws Exception {
        String before = Files.readString(FIXTURE);
        ResultsFile read = ResultsFile.read(FIXTURE);
        assertEquals(null, read.formatVersion(), "written before format_version");
        assertEquals(null, read.endpointSampler(), "written before endpoint_sampler, which is optional");
        String after = new ResultsFile(
                        read.format(),
                        ResultsFile.VERSION,
                        read.run(),
                        read.scenarios(),
                        read.cpuPerCall(),
                        read.factors(),
                        read.endpointSampler())
                .render();
        assertEquals(
                before.replaceFirst(
                        "\"format\" : \"wirecost-results/1\",\n",
                        "\"format\" : \"wirecost-results/1\",\n  \"format_version\" : 1,\n"),
                after);
    }

    @Test
    void aNewerVersionIsRefusedNamingTheFileAndTheVersion() throws Exception {
        Path f = dir.resolve("results.json");
        Files.writeString(
                f,
                Files.readString(FIXTURE)
                        .replaceFirst("\"format\" : \"wirecost-results/1\",", "$0 \"format_version\" : 2,"));
        RunData.BadRunException e = assertThrows(RunData.BadRunException.class, () -> RunData.read(f));
        assertEquals(
                f + ": results format version 2 is newer than this wirecost reads (1 and older); read it with a newer"
                        + " wirecost",
                e.getMessage());
        HistoryException h = assertThrows(HistoryException.class, () -> RunReader.read(dir));
        assertTrue(h.getMessage().contains("format version 2"), h.getMessage());
        Files.writeString(f, Files.readString(FIXTURE).replace("wirecost-results/1", "wirecost-results/3"));
        e = assertThrows(RunData.BadRunException.class, () -> RunData.read(f));
        assertTrue(e.getMessage().contains("format version 3 is newer"), e.getMessage());
    }

    @Test
    void aFieldOfTheWrongTypeIsNamed() throws Exception {
        Path f = dir.resolve("results.json");
        Files.writeString(
                f,
                Files.readString(FIXTURE).replaceFirst("\"calls_succeeded\" : \\d+", "\"calls_succeeded\" : \"many\""));
        RunData.BadRunException e = assertThrows(RunData.BadRunException.class, () -> RunData.read(f));
        assertEquals(f + ": field 'calls_succeeded' missing or not a number", e.getMessage());
    }
}
