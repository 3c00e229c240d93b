package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** diff on unusable input: exit status 2 and one line naming the file and the problem. */
class DiffInputTest {

    @TempDir
    Path dir;

    private void assertBad(Path base, Path cand, String reason) throws Exception {
        CliProcess.Outcome o = CliProcess.run("diff", base.toString(), cand.toString());
        assertEquals(2, o.exit(), o.err());
        assertEquals(1, o.stderr().size(), o.err());
        assertTrue(o.err().contains(reason), o.err() + " should say " + reason);
    }

    @Test
    void missingRun() throws Exception {
        assertBad(dir.resolve("nope"), dir.resolve("nope2"), "no such file");
    }

    @Test
    void notJson() throws Exception {
        Path f = Files.writeString(dir.resolve("results.json"), "{ this is not json");
        assertBad(f, f, "not valid JSON");
    }

    @Test
    void notAWirecostResultsFile() throws Exception {
        Path f = Files.writeString(dir.resolve("results.json"), "{\"hello\": 1}");
        assertBad(f, f, "not a wirecost results file");
    }

    @Test
    void wrongFieldType() throws Exception {
        Path f = Files.writeString(
                dir.resolve("results.json"),
                "{\"format\":\"wirecost-results/1\",\"scenarios\":[{\"scenario\":\"rmi\",\"status\":\"ok\",\"rtt\":[{\"operation\":\"int\",\"mean_micros\":\"fast\"}]}]}");
        assertBad(f, f, "field 'mean_micros' missing or not a number");
    }
}
