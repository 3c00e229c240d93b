package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wirecost.cli.attach.ProcessRecording;
import io.wirecost.runner.ProfilerSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code diff} of two {@code profile} runs draws the differential flame graph of each JVM: its recordings are named
 * after the JVM's pid, and {@code profile --repeat} keeps repetition K's under {@code recordings/rep-K/}, so the two
 * sides' file names never match; results.json names them per scenario, role and repetition.
 */
class DiffProfileRunsTest {

    private static final Path RECORDING =
            Path.of(System.getProperty("wirecost.home"), "cli/src/test/resources/recordings/workload-jdk.jfr");

    @TempDir
    Path tmp;

    @Test
    void profileRunsGetTheirDifferentialFlameGraph() throws Exception {
        for (int repeat : new int[] {1, 2}) {
            Path base = profileRun(tmp.resolve(repeat + "/base"), repeat, 100);
            Path cand = profileRun(tmp.resolve(repeat + "/cand"), repeat, 200);
            Path out = tmp.resolve(repeat + "/diff");
            InProcess.Outcome d = InProcess.run("diff", base.toString(), cand.toString(), "--out", out.toString());
            assertEquals(0, d.exit(), String.join("\n", d.stderr()));
            Path page = out.resolve("app.html");
            assertTrue(
                    Files.isRegularFile(page),
                    "repeat " + repeat + ": " + List.of(out.toFile().list()));
            // every repetition's samples on each side: the page's root counts them all
            assertTrue(Files.readString(page).contains("Workload"), "the recording's frames are drawn");
        }
    }

    /** A profile run of one JVM, {@code app}, laid out as {@code profile --repeat} lays it out. */
    private static Path profileRun(Path dir, int repeat, long pid) throws Exception {
        List<ProcessRecording> jvms = new ArrayList<>();
        for (int rep = 1; rep <= repeat; rep++) {
            Path recordings = repeat == 1 ? dir.resolve("recordings") : dir.resolve("recordings/rep-" + rep);
            Path copy = Files.createDirectories(recordings).resolve("app-" + (pid + rep) + ".jfr");
            Files.copy(RECORDING, copy);
            jvms.add(new ProcessRecording("app", pid + rep, copy, Map.of(), 1, "", rep, -1));
        }
        new ExternalRunOptions()
                .write(dir, new ProfilerSettings("jfr", "cpu", 0), jvms, "a test", OffsetDateTime.now(), repeat);
        return dir;
    }
}
