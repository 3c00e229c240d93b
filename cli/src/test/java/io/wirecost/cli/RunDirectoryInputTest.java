package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run directory as an input, laid out as {@code profile --repeat 3} leaves it (one folder of recordings per
 * repetition, {@code recordings/rep-K/}): attribute, flame, export and analyze read every repetition's recording,
 * in the repetitions' order, and a directory with none is one line naming it.
 */
class RunDirectoryInputTest {

    /** JDK Flight Recorder, 69 execution samples (RecordingFixturesTest). */
    private static final Path JFR = Path.of("src/test/resources/recordings/workload-jdk.jfr");

    @TempDir
    Path dir;

    private Path repeatedRun() throws Exception {
        Path run = dir.resolve("run");
        // rep-10 sorts before rep-2 by name: the order must be the repetitions'
        for (int rep : new int[] {1, 2, 10}) {
            Path reps = Files.createDirectories(run.resolve("recordings/rep-" + rep));
            Files.copy(JFR, reps.resolve("Workload-" + (100 + rep) + ".jfr"));
        }
        Files.writeString(run.resolve("recordings/rep-1/Workload-101.properties"), "not a recording\n");
        return run;
    }

    @Test
    void attributeReadsEveryRepetitionsRecording() throws Exception {
        InProcess.Outcome o = InProcess.run("attribute", repeatedRun().toString(), "--format", "csv");
        assertEquals(0, o.exit(), String.join("\n", o.stderr()));
        String total = o.stdout()
                .lines()
                .filter(l -> l.startsWith("total,"))
                .findFirst()
                .orElseThrow();
        assertEquals("207", total.split(",")[2], "three copies of 69 samples: " + o.stdout());
    }

    @Test
    void flameAndExportReadTheSameRecordings() throws Exception {
        Path run = repeatedRun();
        Path collapsed = dir.resolve("all.collapsed");
        InProcess.Outcome f = InProcess.run("flame", run.toString(), "-o", collapsed.toString());
        assertEquals(0, f.exit(), String.join("\n", f.stderr()));
        long samples = Files.readAllLines(collapsed).stream()
                .mapToLong(l -> Long.parseLong(l.substring(l.lastIndexOf(' ') + 1)))
                .sum();
        assertEquals(207, samples);
        Path otlp = dir.resolve("all.pb");
        InProcess.Outcome e = InProcess.run("export", run.toString(), "--otlp", otlp.toString());
        assertEquals(0, e.exit(), String.join("\n", e.stderr()));
        assertTrue(Files.size(otlp) > 0);
    }

    @Test
    void analyzeTakesARunDirectoryInTheRepetitionsOrder() throws Exception {
        Path run = repeatedRun();
        CliProcess.Outcome o = CliProcess.run("analyze", run.toString(), "--format", "json");
        assertEquals(0, o.exit(), o.err());
        List<String> files = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(o.stdout())
                .findValuesAsText("file");
        assertEquals(
                List.of(
                        run.resolve("recordings/rep-1/Workload-101.jfr").toString(),
                        run.resolve("recordings/rep-2/Workload-102.jfr").toString(),
                        run.resolve("recordings/rep-10/Workload-110.jfr").toString()),
                files);
    }

    @Test
    void aDirectoryWithoutRecordingsIsOneLine() throws Exception {
        Path empty = Files.createDirectories(dir.resolve("empty/recordings/rep-1"));
        for (String command : List.of("attribute", "analyze")) {
            CliProcess.Outcome o =
                    CliProcess.run(command, empty.getParent().getParent().toString());
            assertEquals(2, o.exit(), command + ": " + o.err());
            assertEquals(
                    List.of("wirecost: " + empty.getParent().getParent() + ": no .jfr recordings in this directory"),
                    o.stderr(),
                    command);
        }
    }
}
