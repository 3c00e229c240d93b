package io.wirecost.cli.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wirecost.cli.InProcess;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** wirecost history coverage on a history of copies of a real quick rmi run, spread by about 1 % between runs. */
class HistoryCoverageTest {

    @TempDir
    Path tmp;

    @Test
    void nextRunIntervalsCoverARunToRunSpreadAndBadInputIsOneLine() throws Exception {
        Path runs = tmp.resolve("runs");
        for (int i = 0; i < 8; i++) HistoryCommandTest.run(runs, i, 1);
        String db = tmp.resolve("h.sqlite").toString();
        assertEquals(
                0,
                InProcess.run("history", "import", runs.toString(), "--db", db).exit());

        InProcess.Outcome json =
                InProcess.run("history", "coverage", "--metric", "cpu/rmi/all/*", "--format", "json", "--db", db);
        assertEquals(0, json.exit(), json.stderr().toString());
        JsonNode r = new ObjectMapper().readTree(json.stdout());
        assertEquals(8, r.path("runs").asInt());
        assertTrue(r.path("metrics").size() >= 8, json.stdout());
        for (JsonNode m : r.path("metrics")) {
            assertTrue(m.path("metric").asText().startsWith("cpu/rmi/all/"), m.toString());
            assertEquals(8, m.path("runs").asInt());
            assertEquals(8, m.path("own").path("checked").asInt());
            assertEquals(5, m.path("next_run").path("checked").asInt(), "from the 4th run on");
            assertEquals(5, m.path("next_run").path("covered").asInt(), m.toString());
        }

        InProcess.Outcome text = InProcess.run("history", "coverage", "--metric", "cpu/rmi/all/int", "--db", db);
        assertEquals(0, text.exit(), text.stderr().toString());
        assertTrue(text.stdout().contains("next-run intervals: cover 5 of 5 (100 %"), text.stdout());

        for (String[] args : new String[][] {
            {"history", "coverage", "--format", "xml", "--db", db},
            {"history", "coverage", "--db", db}, // the copies are of one scenario: no factor/* to check
            {"history", "coverage", "--db", tmp.resolve("absent.sqlite").toString()}
        }) {
            InProcess.Outcome o = InProcess.run(args);
            assertEquals(2, o.exit(), String.join(" ", args) + ": " + o.stdout());
            assertEquals(1, o.stderr().size(), String.join(" ", args) + ": " + o.stderr());
        }
    }
}
