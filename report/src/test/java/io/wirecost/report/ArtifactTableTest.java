package io.wirecost.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wirecost.runner.ScenarioResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The run's "CPU by artifact" table on a real recording with an artifact map beside it: a column's (others) row
 * and the note on cells outside a column's top appear only where the table has them.
 */
class ArtifactTableTest {

    @TempDir
    Path run;

    private List<ScenarioResult> oneRecording() throws Exception {
        Path recordings = Files.createDirectories(run.resolve("recordings"));
        Files.copy(Path.of("src/test/resources/endpoints/cpu.jfr"), recordings.resolve("demo-server.jfr"));
        // every package of the recording's leaf frames in one of three artifacts, by its first name
        Files.writeString(
                recordings.resolve("demo-server.artifacts"),
                String.join("\n", "java.lang\tjava.base", "java.util\tjava.base", "sun.nio.ch\tjava.base", ""));
        return List.of(TestRuns.scenario("demo", Map.of("server", "recordings/demo-server.jfr"), Map.of()));
    }

    @Test
    void aColumnWhoseArtifactsAllMadeItsTopHasNoOthersRow() throws Exception {
        Table t = ArtifactTable.of(run, oneRecording(), ArtifactTable.TOP);
        List<String> rows = t.rows().stream().map(r -> r.get(0)).toList();
        assertFalse(rows.isEmpty(), t.markdown());
        assertTrue(rows.size() <= ArtifactTable.TOP, t.markdown());
        assertFalse(rows.contains("(others)"), t.markdown());
        assertTrue(
                t.notes().stream().noneMatch(n -> n.startsWith("·")), t.notes().toString());
        double sum =
                t.rows().stream().mapToDouble(r -> Double.parseDouble(r.get(1))).sum();
        assertEquals(100.0, sum, 0.05 * rows.size(), t.markdown());
    }

    @Test
    void aColumnCutToItsTopCountsTheRestInOthers() throws Exception {
        Table t = ArtifactTable.of(run, oneRecording(), 1);
        List<String> rows = t.rows().stream().map(r -> r.get(0)).toList();
        assertEquals(2, rows.size(), t.markdown());
        assertEquals("(others)", rows.get(1), t.markdown());
        double sum =
                t.rows().stream().mapToDouble(r -> Double.parseDouble(r.get(1))).sum();
        assertEquals(100.0, sum, 0.1, t.markdown());
    }
}
