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

    /**
     * A run of two sides (run --candidate-...) is no run itself: diff and history add name its sides instead of
     * calling its results.json missing, and so do attribute and analyze, which look for its recordings.
     */
    @Test
    void aRunOfTwoSidesNamesThem() throws Exception {
        Path two = dir.resolve("two");
        for (String side : new String[] {"baseline", "candidate"}) {
            Files.createDirectories(two.resolve(side).resolve("recordings"));
            Files.writeString(two.resolve(side).resolve("results.json"), "{\"format\":\"wirecost-results/1\"}");
        }
        String line = two + ": no run itself, but its folders hold runs (baseline, candidate): give one of them, e.g. "
                + two.resolve("baseline");
        assertBad(two, two.resolve("candidate"), line);
        // a mistyped path beside the sides is missing, not the folder above it
        assertBad(two.resolve("candidat"), two.resolve("baseline"), two.resolve("candidat") + ": no such file");
        for (String[] command : new String[][] {
            {"history", "add", "--db", dir.resolve("h.sqlite").toString()}, {"attribute"}, {"analyze"}
        }) {
            String[] args = java.util.Arrays.copyOf(command, command.length + 1);
            args[command.length] = two.toString();
            CliProcess.Outcome o = CliProcess.run(args);
            assertEquals(2, o.exit(), String.join(" ", command) + ": " + o.err());
            assertEquals(java.util.List.of("wirecost: " + line), o.stderr(), String.join(" ", command));
        }
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
