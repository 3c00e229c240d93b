package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wirecost attribute} on bad files, as a real process: one line on stderr, non-zero exit, no stack trace. */
class AttributeBadInputTest {

    @TempDir
    Path dir;

    record Outcome(int exit, String stdout, List<String> stderr) {}

    private Outcome attribute(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                "io.wirecost.cli.Main",
                "attribute"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "attribute hung");
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        List<String> err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8)
                .lines()
                .toList();
        return new Outcome(p.exitValue(), out, err);
    }

    private void assertOneLineError(Outcome o, String file, String reason) {
        assertNotEquals(0, o.exit(), "exit status");
        assertEquals(1, o.stderr().size(), "one line: " + o.stderr());
        String line = o.stderr().get(0);
        assertTrue(line.startsWith("wirecost: ") && line.contains(file) && line.contains(reason), line);
        assertFalse(line.contains("Exception") || line.contains("\tat "), line);
    }

    private Path realRecording() throws Exception {
        Path f = dir.resolve("real.jfr");
        try (Recording r = new Recording()) {
            r.enable("jdk.ExecutionSample").withPeriod(java.time.Duration.ofMillis(5));
            r.start();
            // ordinary Java work (no intrinsics) for long enough that the sampler surely sees it
            long end = System.nanoTime() + 1_500_000_000L;
            long x = 0;
            while (System.nanoTime() < end) x += String.valueOf(x).repeat(3).hashCode() & 0xff;
            r.stop();
            r.dump(f);
            assertTrue(x > 0);
        }
        return f;
    }

    @Test
    void missingFile() throws Exception {
        Path f = dir.resolve("nope.jfr");
        assertOneLineError(attribute(f.toString()), f.toString(), "no such file");
    }

    @Test
    void emptyFile() throws Exception {
        Path f = Files.createFile(dir.resolve("empty.jfr"));
        assertOneLineError(attribute(f.toString()), f.toString(), "empty");
    }

    @Test
    void notJfr() throws Exception {
        Path f = Files.writeString(dir.resolve("notes.jfr"), "this is not a recording\n");
        assertOneLineError(attribute(f.toString()), f.toString(), "not a JFR recording");
    }

    @Test
    void truncatedSingleChunk() throws Exception {
        byte[] whole = Files.readAllBytes(realRecording());
        Path f = Files.write(dir.resolve("cut.jfr"), java.util.Arrays.copyOf(whole, whole.length / 2));
        assertOneLineError(attribute(f.toString()), f.toString(), "truncated");
    }

    @Test
    void aRealRecordingIsAttributed() throws Exception {
        Path f = realRecording();
        Outcome o = attribute(f.toString(), "--format", "csv");
        assertEquals(0, o.exit(), String.join("\n", o.stderr()));
        assertTrue(o.stdout().startsWith("category,percent,samples,group,ci_low,ci_high\n"), o.stdout());
        // middleware rows sum to 100; jvm and total rows are percents of all samples
        double sum = o.stdout()
                .lines()
                .skip(1)
                .filter(l -> l.split(",")[3].equals("middleware"))
                .mapToDouble(l -> Double.parseDouble(l.split(",")[1]))
                .sum();
        assertEquals(100.0, sum, 0.15);
        // every category row carries its 95 % interval around its share; the total row has none
        List<String[]> rows =
                o.stdout().lines().skip(1).map(l -> l.split(",", -1)).toList();
        int widened = 0;
        for (String[] row : rows) {
            if (row[3].equals("total")) {
                assertEquals("", row[4] + row[5], String.join(",", row));
                continue;
            }
            double low = Double.parseDouble(row[4]),
                    pct = Double.parseDouble(row[1]),
                    high = Double.parseDouble(row[5]);
            assertTrue(low <= pct && pct <= high, String.join(",", row));
            if (high > low) widened++;
        }
        assertTrue(widened > 0, "no row with an interval of any width:\n" + o.stdout());
    }
}
