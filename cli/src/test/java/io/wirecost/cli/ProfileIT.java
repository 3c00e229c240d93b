package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wirecost.cli.attach.TargetApp;
import io.wirecost.cli.attach.TargetJvm;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wirecost profile -- COMMAND}: every JVM of a command recorded, killed ones included. */
class ProfileIT {

    @TempDir
    Path tmp;

    @Test
    void everyJvmOfTheCommandHasItsRecording() throws Exception {
        Path out = tmp.resolve("two");
        java.time.Instant before = java.time.Instant.now();
        CliProcess.Outcome o = CliProcess.run(args(out, List.of(), "spawn", "2"));
        java.time.Instant after = java.time.Instant.now();
        assertEquals(0, o.exit(), o.err());
        JsonNode results =
                new ObjectMapper().readTree(out.resolve("results.json").toFile());
        JsonNode scenarios = results.path("scenarios");
        // the run began when the command did, not when the results were written: diff measures the pause
        // between two runs from the first one's start plus its duration
        java.time.Instant started =
                java.time.Instant.parse(results.at("/run/started").asText());
        long commandMillis = (long) (scenarios.get(0).path("duration_seconds").asDouble() * 1000);
        assertTrue(!started.isBefore(before.minusSeconds(1)), started + " before " + before);
        assertTrue(
                !started.plusMillis(commandMillis).isAfter(after), started + " + " + commandMillis + " ms > " + after);
        assertEquals(3, scenarios.size(), scenarios.toString()); // the parent and its two children
        List<String> names = new ArrayList<>();
        for (JsonNode s : scenarios) {
            names.add(s.path("scenario").asText());
            assertEquals("ok", s.path("status").asText(), s.toString());
            assertEquals("17", s.at("/facts/java.version").asText().split("\\.")[0]);
        }
        assertEquals(List.of("TargetApp", "TargetApp#2", "TargetApp#3"), names);
        // the children hash for 1.5 s each; the parent only waits
        assertTrue(scenarios.get(1).at("/shares/all/total_samples").asLong() > 0, scenarios.toString());
        assertTrue(scenarios.get(2).at("/shares/all/total_samples").asLong() > 0, scenarios.toString());
        try (Stream<Path> flames = Files.list(out.resolve("flames"))) {
            assertEquals(3, flames.count());
        }
        // no --rules: the packs are detected from what was recorded
        assertTrue(o.stderr().stream().anyMatch(l -> l.startsWith("wirecost: pack:auto detected ")), o.err());
        byArtifact(out);
    }

    /**
     * A command that does the same work every run, once as it was and once doing three times as much (a uniform
     * slowdown, as a JDK upgrade can make, moves no category's share): each JVM's CPU per run of the command is in
     * cpu.csv and the table with its interval over the repetitions, and it is the cost the gate judges. Three times,
     * not twice: each side's repetitions run one after the other, so the host's speed moving within a side widens
     * the spread, and the JVM's start-up and compilation, the same on both sides, dilute the change; one run saw
     * twice the work at +41 % with a CV of 23 % (p 0.036: no verdict under Holm's correction over three lines).
     */
    @Test
    void aCommandsCpuPerRunGatesAUniformSlowdown() throws Exception {
        Path main = tmp.resolve("main");
        Path pr = tmp.resolve("pr");
        for (Path side : List.of(main, pr)) {
            String rounds = side == main ? "300000" : "900000";
            CliProcess.Outcome o = CliProcess.run(args(side, List.of("--repeat", "5"), "rounds", rounds));
            assertEquals(0, o.exit(), o.err());
            List<String> cpu = Files.readAllLines(side.resolve("cpu.csv"));
            assertEquals(2, cpu.size(), cpu.toString());
            String[] f = cpu.get(1).split(",");
            assertEquals(List.of("TargetApp", "command", "all"), List.of(f[0], f[1], f[2]), cpu.toString());
            double low = Double.parseDouble(f[4]);
            double mean = Double.parseDouble(f[3]);
            assertTrue(low > 0 && low < mean, "an interval over the repetitions: " + cpu);
            assertEquals("5", f[6], "one run of the command a repetition: " + cpu);
            assertTrue(
                    Files.readString(side.resolve("table.md")).contains(" per run of the command (5 runs)"),
                    Files.readString(side.resolve("table.md")));
            String page = Files.readString(side.resolve("report.html"));
            assertTrue(page.contains("<h2>CPU per run of the command</h2>"), "report.html names what it measured");
            assertFalse(page.contains("CPU per call, by data type"), "no calls, no data types");
        }
        CliProcess.Outcome diff =
                CliProcess.run("diff", main.toString(), pr.toString(), "--no-flames", "--format", "json");
        assertEquals(1, diff.exit(), diff.stdout() + diff.err());
        JsonNode report = new ObjectMapper().readTree(diff.stdout());
        JsonNode line = null;
        for (JsonNode l : report.get("lines")) if (l.get("kind").asText().equals("cpu")) line = l;
        assertTrue(line != null, report.toString());
        assertEquals("all/command", line.get("metric").asText());
        assertEquals("REGRESSION", line.get("verdict").asText(), line.toString());
        assertTrue(line.get("ciLow").asDouble() > 0, line.toString());
    }

    /**
     * The agent wrote each JVM's jar names beside its recording: the run's table has a by-artifact section, and
     * {@code flame --by artifact} roots every stack in an artifact (this run's code is the cli's test classes).
     */
    private void byArtifact(Path run) throws Exception {
        String table = Files.readString(run.resolve("table.md"));
        assertTrue(table.contains("### " + io.wirecost.report.ArtifactTable.TITLE), table);
        assertTrue(table.contains("| java.base |"), table);
        assertTrue(Files.readString(run.resolve("report.html")).contains("<h2>By artifact</h2>"));
        Path flame = tmp.resolve("by-artifact.collapsed");
        CliProcess.Outcome f = CliProcess.run("flame", run.toString(), "--by", "artifact", "-o", flame.toString());
        assertEquals(0, f.exit(), f.err());
        List<String> lines = Files.readAllLines(flame);
        assertTrue(!lines.isEmpty() && lines.stream().allMatch(l -> l.startsWith("[")), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("[java.base];")), lines.toString());
        CliProcess.Outcome bad = CliProcess.run(
                "flame",
                run.toString(),
                "--by",
                "artifact",
                "-o",
                tmp.resolve("x.pb.gz").toString());
        assertEquals(2, bad.exit());
        assertEquals(
                List.of("wirecost: --by artifact: a root frame needs .html or .collapsed, not pprof"), bad.stderr());
    }

    @Test
    void aJvmKilledWithSigtermOrSigintStillLeavesAValidRecording() throws Exception {
        for (String[] kill : List.of(new String[] {"TERM", "async"}, new String[] {"INT", "jfr"})) {
            Path out = tmp.resolve(kill[0]);
            List<String> cmd = new ArrayList<>(List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp",
                    System.getProperty("java.class.path"),
                    "io.wirecost.cli.Main"));
            cmd.addAll(List.of(args(out, List.of("--profiler", kill[1]), "60000")));
            Process cli = new ProcessBuilder(cmd)
                    .redirectErrorStream(true)
                    .redirectOutput(tmp.resolve(kill[0] + ".log").toFile())
                    .start();
            try {
                ProcessHandle jvm = awaitJvm(cli, out.resolve("recordings"));
                Thread.sleep(2000);
                assertEquals(
                        0,
                        new ProcessBuilder("kill", "-" + kill[0], String.valueOf(jvm.pid()))
                                .start()
                                .waitFor());
                assertTrue(cli.waitFor(60, TimeUnit.SECONDS), "wirecost profile hung after the JVM was killed");
                String log = Files.readString(tmp.resolve(kill[0] + ".log"));
                assertEquals(128 + (kill[0].equals("TERM") ? 15 : 2), cli.exitValue(), log);
                JsonNode s = new ObjectMapper()
                        .readTree(out.resolve("results.json").toFile())
                        .at("/scenarios/0");
                assertEquals("ok", s.path("status").asText(), s + "\n" + log);
                assertTrue(s.at("/shares/all/total_samples").asLong() > 0, s.toString());
            } finally {
                cli.descendants().forEach(ProcessHandle::destroyForcibly);
                cli.destroyForcibly();
            }
        }
    }

    private static String[] args(Path out, List<String> options, String... appArgs) {
        List<String> a = new ArrayList<>(List.of("profile", "--out", out.toString()));
        a.addAll(options);
        a.addAll(List.of(
                "--",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                TargetJvm.testClasses(),
                TargetApp.class.getName()));
        a.addAll(List.of(appArgs));
        return a.toArray(String[]::new);
    }

    /** The profiled JVM, once its agent has announced itself (written its facts file). */
    private static ProcessHandle awaitJvm(Process cli, Path recordings) throws Exception {
        for (int i = 0; i < 300; i++) {
            if (Files.isDirectory(recordings)) {
                try (Stream<Path> s = Files.list(recordings)) {
                    if (s.anyMatch(p -> p.toString().endsWith(".properties"))) {
                        return cli.children().findFirst().orElseThrow();
                    }
                }
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the profiled JVM never started");
    }

    /**
     * When the command cannot run or starts no JVM: one line saying why in the user's words, exit 2, and no empty run
     * directory left behind where profile made one, nor the parents it made for it ({@code runs/} by default); a
     * directory the user made stays, emptied of what profile put in it.
     */
    @Test
    void aCommandThatCannotRunLeavesNoRunDirectory() throws Exception {
        Path out = tmp.resolve("made/by/profile/run");
        CliProcess.Outcome o = CliProcess.run("profile", "--out", out.toString(), "--", "wirecost-no-such-command");
        assertEquals(2, o.exit(), o.err());
        assertEquals(List.of("wirecost: cannot run 'wirecost-no-such-command': No such file or directory"), o.stderr());
        assertFalse(Files.exists(tmp.resolve("made")), "an empty run directory or its parents were left behind");
        Path cwd = Files.createDirectories(tmp.resolve("cwd"));
        o = CliProcess.runIn(cwd, List.of(), "profile", "--", "wirecost-no-such-command");
        assertEquals(2, o.exit(), o.err());
        try (var left = Files.list(cwd)) {
            assertEquals(List.of(), left.toList(), "the default run directory or its runs/ left behind");
        }
    }

    @Test
    void aCommandThatStartsNoJvmLeavesTheUsersDirectoryAsItWas() throws Exception {
        Path out = Files.createDirectories(tmp.resolve("mine"));
        CliProcess.Outcome o = CliProcess.run("profile", "--out", out.toString(), "--", "sh", "-c", "exit 3");
        assertEquals(2, o.exit(), o.err());
        assertEquals(
                List.of("wirecost: 'sh -c exit 3' started no JVM that read JAVA_TOOL_OPTIONS (exit status 3)"),
                o.stderr());
        assertTrue(Files.isDirectory(out));
        try (var left = Files.list(out)) {
            assertEquals(List.of(), left.toList(), "profile's empty recordings/ left in the user's directory");
        }
    }
}
