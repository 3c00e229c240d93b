package io.wirecost.cli.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.wirecost.cli.InProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * wirecost history on copies of a real quick rmi run: add, refusals, list, show, import, and check's exit status and
 * JSON on a history whose CPU per call steps up 15 % from its seventh run, and on one without a step.
 */
public class HistoryCommandTest {

    private static final Path FIXTURE =
            Path.of(System.getProperty("wirecost.home", ".."), "history/src/test/resources/runs/rmi-quick");

    @TempDir
    Path tmp;

    /** A copy of the real run, as run i of a history: its own id and start, CPU per call scaled by factor. */
    public static Path run(Path parent, int i, double factor) throws Exception {
        return run(parent, i, factor, Double.NaN);
    }

    /** The same, measured at this load average (NaN: the real run's). */
    static Path run(Path parent, int i, double factor, double load) throws Exception {
        return run(parent, i, factor, load, Double.NaN);
    }

    /** The same, with the host's speed probed beside it (results.json's run.hostSpeedMbps; NaN: not probed). */
    static Path run(Path parent, int i, double factor, double load, double hostSpeedMbps) throws Exception {
        Path dir = Files.createDirectories(parent.resolve(String.format("run-%02d", i)));
        ObjectMapper om = new ObjectMapper();
        ObjectNode root =
                (ObjectNode) om.readTree(FIXTURE.resolve("results.json").toFile());
        ((ObjectNode) root.path("run"))
                .put("id", "run-" + i)
                .put(
                        "started",
                        Instant.parse("2026-11-01T00:00:00Z")
                                .plusSeconds(3600L * i)
                                .toString());
        if (!Double.isNaN(hostSpeedMbps))
            ((ObjectNode) root.path("run")).put("hostSpeedMbps", hostSpeedMbps * (1 + 0.01 * Math.cos(i)));
        if (!Double.isNaN(load))
            for (JsonNode scenario : root.path("scenarios"))
                ((ObjectNode) scenario.path("noise")).put("load_1m_start", load * (1 + 0.02 * Math.cos(i)));
        om.writeValue(dir.resolve("results.json").toFile(), root);
        // a run-to-run spread of about 1 %, the same in every history
        double f = factor * (1 + 0.01 * Math.sin(i * 1.7));
        List<String> lines = Files.readAllLines(FIXTURE.resolve("cpu.csv"));
        String cpu = lines.get(0) + "\n"
                + lines.stream()
                        .skip(1)
                        .map(l -> {
                            String[] c = l.split(",", -1);
                            for (int k = 3; k <= 5; k++)
                                c[k] = String.format(Locale.ROOT, "%.3f", Double.parseDouble(c[k]) * f);
                            return String.join(",", c);
                        })
                        .collect(Collectors.joining("\n"))
                + "\n";
        Files.writeString(dir.resolve("cpu.csv"), cpu);
        return dir;
    }

    /** Scales one operation's round trip of a run made by {@link #run} and sets the CV its batches had. */
    public static void roundTrip(Path dir, String operation, double factor, double cvPercent) throws Exception {
        ObjectMapper om = new ObjectMapper();
        ObjectNode root = (ObjectNode) om.readTree(dir.resolve("results.json").toFile());
        for (JsonNode scenario : root.path("scenarios"))
            for (JsonNode rtt : scenario.path("rtt"))
                if (rtt.path("operation").asText().equals(operation))
                    for (String field : List.of("mean_micros", "ci_low", "ci_high"))
                        ((ObjectNode) rtt)
                                .put(field, rtt.path(field).asDouble() * factor)
                                .put("cv_percent", cvPercent);
        om.writeValue(dir.resolve("results.json").toFile(), root);
    }

    private String db(String name) {
        return tmp.resolve(name).toString();
    }

    @Test
    void addListShowAndTheSameRunRefused() throws Exception {
        Path r1 = run(tmp.resolve("runs"), 1, 1);
        InProcess.Outcome add = InProcess.run(
                "history",
                "add",
                r1.toString(),
                "--commit",
                "abcdef1234567890",
                "--branch",
                "main",
                "--db",
                db("h.sqlite"));
        assertEquals(0, add.exit(), add.stderr().toString());
        assertTrue(add.stdout().contains("run 1 stored"), add.stdout());

        InProcess.Outcome again = InProcess.run("history", "add", r1.toString(), "--db", db("h.sqlite"));
        assertEquals(2, again.exit());
        assertEquals(1, again.stderr().size(), again.stderr().toString());
        assertTrue(
                again.stderr().get(0).contains("already stored as run 1"),
                again.stderr().get(0));

        InProcess.Outcome list = InProcess.run("history", "list", "--db", db("h.sqlite"));
        assertEquals(0, list.exit());
        assertTrue(list.stdout().contains("abcdef123456") && list.stdout().contains("1 runs in"), list.stdout());

        InProcess.Outcome show =
                InProcess.run("history", "show", "1", "--metric", "cpu/rmi/all/*", "--db", db("h.sqlite"));
        assertEquals(0, show.exit(), show.stderr().toString());
        assertTrue(show.stdout().contains("cpu/rmi/all/int"), show.stdout());
        assertTrue(!show.stdout().contains("share/"), "--metric filters: " + show.stdout());
        // the run's settings one dotted key a line, as one compares two runs' by eye, not a line of JSON
        assertTrue(show.stdout().lines().anyMatch(l -> l.matches(" {4}profiler\\.engine +async")), show.stdout());
        assertTrue(show.stdout().lines().noneMatch(l -> l.contains("{\"")), show.stdout());
        InProcess.Outcome rtt = InProcess.run("history", "show", "1", "--metric", "rtt/rmi/*", "--db", db("h.sqlite"));
        assertTrue(
                rtt.stdout().lines().anyMatch(l -> l.contains("rtt/rmi/int ") && l.endsWith("left out of check")),
                "the run's own 'too noisy' shown: " + rtt.stdout());
        assertTrue(
                rtt.stdout().lines().noneMatch(l -> l.contains("rtt/rmi/short ") && l.contains("noisy")), rtt.stdout());
        // an empty value (a run of one configuration) is shown as one, not as a key whose value went missing
        assertTrue(show.stdout().lines().anyMatch(l -> l.matches(" {4}configuration +\"\"")), show.stdout());
    }

    /**
     * What a run did not record is shown as unknown: a profile file given to diff becomes a run with no start, JDK,
     * method or machine facts, and show says so rather than 1970, 0 or NaN.
     */
    @Test
    void whatARunDidNotRecordIsShownUnknown() throws Exception {
        Path recording = Path.of("src/test/resources/recordings/workload-jdk.jfr");
        Path copy = Files.copy(recording, tmp.resolve("copy.jfr"));
        Path diff = tmp.resolve("diff");
        InProcess.run("diff", recording.toString(), copy.toString(), "--no-flames", "--out", diff.toString());
        assertEquals(
                0,
                InProcess.run("history", "add", diff.resolve("baseline").toString(), "--db", db("p.sqlite"))
                        .exit());
        InProcess.Outcome show = InProcess.run("history", "show", "1", "--db", db("p.sqlite"));
        assertEquals(0, show.exit(), show.stderr().toString());
        String out = show.stdout();
        assertTrue(out.contains("(its start unknown)"), out);
        assertTrue(out.lines().anyMatch(l -> l.equals("  JDK:        unknown")), out);
        assertTrue(out.lines().anyMatch(l -> l.equals("  host:       unknown")), out);
        assertTrue(out.lines().anyMatch(l -> l.equals("  commit:     none given")), out);
        assertTrue(
                out.contains("machine:    load unknown, steal unknown, busy unknown, host reference not probed"), out);
        assertTrue(!out.contains("NaN") && !out.contains("1970"), out);
    }

    @Test
    void badInputIsOneLine() throws Exception {
        Path notes = Files.writeString(tmp.resolve("notes.txt"), "not a database\n".repeat(20));
        for (String[] args : List.of(
                new String[] {"history", "list", "--db", notes.toString()},
                new String[] {"history", "list", "--db", db("absent.sqlite")},
                new String[] {"history", "add", tmp.resolve("nope").toString(), "--db", db("x.sqlite")},
                new String[] {"history", "add", FIXTURE.toString(), "--time", "yesterday", "--db", db("x.sqlite")},
                new String[] {"history", "check", "--format", "xml", "--db", db("x.sqlite")})) {
            InProcess.Outcome o = InProcess.run(args);
            assertEquals(2, o.exit(), String.join(" ", args));
            assertEquals(1, o.stderr().size(), String.join(" ", args) + ": " + o.stderr());
        }
        assertTrue(!Files.exists(tmp.resolve("absent.sqlite")), "list creates no database");
        // an import that finds no run, and a report the check refuses, leave no database and no directory behind
        Path empty = Files.createDirectories(tmp.resolve("no-runs"));
        InProcess.Outcome imp = InProcess.run("history", "import", empty.toString(), "--db", db("none.sqlite"));
        assertEquals(2, imp.exit(), imp.stderr().toString());
        assertEquals(List.of("wirecost: " + empty + ": no run directory (results.json) found to import"), imp.stderr());
        assertTrue(!Files.exists(tmp.resolve("none.sqlite")), "import of nothing creates no database");
        InProcess.Outcome report =
                InProcess.run("history", "report", "-o", tmp.resolve("page").toString(), "--db", db("none.sqlite"));
        assertEquals(2, report.exit(), report.stderr().toString());
        assertTrue(!Files.exists(tmp.resolve("page")), "a refused report leaves no --out directory");
    }

    @Test
    void importFollowsLinksAndStoresARunReachedTwiceOnce() throws Exception {
        Path runs = tmp.resolve("archive");
        run(runs, 0, 1);
        run(runs, 1, 1);
        Path elsewhere = run(tmp.resolve("elsewhere"), 2, 1);
        Files.createSymbolicLink(runs.resolve("latest"), elsewhere);
        Files.createSymbolicLink(runs.resolve("again"), runs.resolve("run-01"));
        Files.createSymbolicLink(runs.resolve("run-00").resolve("up"), runs); // a loop
        InProcess.Outcome imp = InProcess.run("history", "import", runs.toString(), "--db", db("links.sqlite"));
        assertEquals(0, imp.exit(), imp.stderr().toString());
        assertTrue(imp.stdout().contains("3 runs stored, 0 already stored, 0 directories"), imp.stdout());
        assertTrue(
                imp.stderr().toString().contains("a link back to a directory above it"),
                imp.stderr().toString());
    }

    /** Sets the warm-up calls per type a run made by {@link #run} reports (facts.counts.warmupCalls). */
    static void warmupCalls(Path dir, int calls) throws Exception {
        ObjectMapper om = new ObjectMapper();
        ObjectNode root = (ObjectNode) om.readTree(dir.resolve("results.json").toFile());
        for (JsonNode scenario : root.path("scenarios"))
            ((ObjectNode) scenario.path("facts").path("counts")).put("warmupCalls", calls);
        om.writeValue(dir.resolve("results.json").toFile(), root);
    }

    /**
     * CPU per call 40 % higher over the last three runs: where those runs' warm-up --quick cut to 500 calls per type
     * (the run flags it: timed while the JIT still compiled), the check leaves their CPU per call out, passes and names
     * the scenario; after the full 5,000 calls the same step is a regression.
     */
    @Test
    void figuresTimedAfterAWarmupCutShortAreLeftOutOfTheCheck() throws Exception {
        for (int calls : new int[] {500, 5000}) {
            Path runs = tmp.resolve("warmup" + calls);
            for (int i = 0; i < 12; i++) {
                Path r = run(runs, i, i < 9 ? 1 : 1.4);
                if (i >= 9) warmupCalls(r, calls);
            }
            String db = db("warmup" + calls + ".sqlite");
            assertEquals(
                    0,
                    InProcess.run("history", "import", runs.toString(), "--db", db)
                            .exit());
            InProcess.Outcome check = InProcess.run("history", "check", "--metric", "cpu/rmi/all/short", "--db", db);
            if (calls < 1000) {
                assertEquals(0, check.exit(), check.stdout());
                assertTrue(check.stdout().contains("0 change points"), check.stdout());
                assertTrue(
                        check.stdout()
                                .contains("note: 3 figures left out of their series: their own runs flagged them "
                                        + "too noisy (round trips' CV over 20 %; rmi's CPU per call and round trips "
                                        + "where a warm-up under 1,000 calls per type"),
                        check.stdout());
            } else {
                assertEquals(1, check.exit(), check.stdout());
                assertTrue(
                        check.stdout().contains("REGRESSION cpu/rmi/all/short at run 10 (position 9"), check.stdout());
                assertFalse(check.stdout().contains("left out"), check.stdout());
            }
        }
    }

    /**
     * A step of 40 % in rmi's short round trip over the last three runs: where each of those runs flagged the figure
     * too noisy (its batches' CV 30 %), the check leaves them out and passes, saying so; where they called it sound
     * (CV 5 %), the same step is a regression.
     */
    @Test
    void figuresTheirRunsCalledTooNoisyAreLeftOutOfTheCheck() throws Exception {
        for (double cv : new double[] {30, 5}) {
            Path runs = tmp.resolve("cv" + (int) cv);
            for (int i = 0; i < 12; i++) {
                Path r = run(runs, i, 1);
                roundTrip(r, "short", i < 9 ? 1 : 1.4, i < 9 ? 7 : cv);
            }
            String db = db("cv" + (int) cv + ".sqlite");
            assertEquals(
                    0,
                    InProcess.run("history", "import", runs.toString(), "--db", db)
                            .exit());
            InProcess.Outcome check = InProcess.run("history", "check", "--metric", "rtt/rmi/short", "--db", db);
            if (cv > 20) {
                assertEquals(0, check.exit(), check.stdout());
                assertTrue(check.stdout().contains("0 change points"), check.stdout());
                assertTrue(
                        check.stdout()
                                .contains("note: 3 figures left out of their series: their own runs flagged "
                                        + "them too noisy (round trips' CV over 20 %)"),
                        check.stdout());
            } else {
                assertEquals(1, check.exit(), check.stdout());
                assertTrue(check.stdout().contains("REGRESSION rtt/rmi/short at run 10 (position 9"), check.stdout());
                assertFalse(check.stdout().contains("left out"), check.stdout());
            }
        }
    }

    /**
     * A change point names the commit of the first run after it and of the last run before it: the build a CI job
     * re-measures beside its own before it fails (examples/.github/workflows/history.yml).
     */
    @Test
    void aChangePointNamesTheCommitsEitherSide() throws Exception {
        Path runs = tmp.resolve("commits");
        for (int i = 0; i < 12; i++) {
            Path r = run(runs, i, i < 6 ? 1 : 1.15);
            InProcess.Outcome add = InProcess.run(
                    "history", "add", r.toString(), "--commit", "c0ffee" + (10 + i), "--db", db("commits.sqlite"));
            assertEquals(0, add.exit(), add.stderr().toString());
        }
        InProcess.Outcome check = InProcess.run(
                "history", "check", "--metric", "cpu/rmi/all/int", "--format", "json", "--db", db("commits.sqlite"));
        assertEquals(1, check.exit(), check.stdout() + check.stderr());
        JsonNode cp = new ObjectMapper().readTree(check.stdout()).get(0);
        assertEquals(6, cp.path("position").asInt(), check.stdout());
        assertEquals("c0ffee16", cp.path("commit").asText());
        assertEquals(7, cp.path("run").asInt());
        assertEquals("c0ffee15", cp.path("commit_before").asText());
        assertEquals(6, cp.path("run_before").asInt());
    }

    @Test
    void checkFindsTheStepAndFailsOnARegression() throws Exception {
        Path runs = tmp.resolve("step");
        for (int i = 0; i < 12; i++) run(runs, i, i < 6 ? 1 : 1.15);
        InProcess.Outcome imp = InProcess.run("history", "import", runs.toString(), "--db", db("step.sqlite"));
        assertEquals(0, imp.exit(), imp.stderr().toString());
        assertTrue(imp.stdout().contains("12 runs stored"), imp.stdout());

        InProcess.Outcome check = InProcess.run(
                "history", "check", "--metric", "cpu/rmi/all/int", "--format", "json", "--db", db("step.sqlite"));
        assertEquals(1, check.exit(), check.stdout() + check.stderr());
        JsonNode found = new ObjectMapper().readTree(check.stdout());
        assertEquals(1, found.size(), check.stdout());
        JsonNode cp = found.get(0);
        assertEquals("cpu/rmi/all/int", cp.path("metric").asText());
        assertEquals(6, cp.path("position").asInt());
        assertEquals(15, cp.path("change_percent").asDouble(), 2);
        assertTrue(cp.path("regression").asBoolean());
        assertTrue(cp.path("before").path("ci_low").asDouble()
                < cp.path("before").path("mean").asDouble());
        assertEquals(6, cp.path("after").path("runs").asInt());

        InProcess.Outcome again = InProcess.run("history", "import", runs.toString(), "--db", db("step.sqlite"));
        assertEquals(0, again.exit());
        assertTrue(again.stdout().contains("0 runs stored, 12 already stored"), again.stdout());

        InProcess.Outcome text = InProcess.run("history", "check", "--db", db("step.sqlite"));
        assertEquals(1, text.exit());
        assertTrue(text.stdout().contains("REGRESSION cpu/rmi/all/int at run 7 (position 6"), text.stdout());

        // the runs either side of the step hold no recording to compare: the page says how to diff them, and no
        // empty flames/B-A/ directory is left behind
        Path out = tmp.resolve("report");
        InProcess.Outcome report = InProcess.run("history", "report", "-o", out.toString(), "--db", db("step.sqlite"));
        assertEquals(0, report.exit(), report.stderr().toString());
        assertTrue(report.stdout().contains(" 0 differential flame graphs"), report.stdout());
        assertTrue(Files.readString(out.resolve("history.html")).contains("--allow-apart</code>"));
        assertFalse(Files.exists(out.resolve("flames")), "no flames directory without a flame graph");
    }

    /**
     * A step of the code at run 7 in every operation's CPU per call, with the client's socket-write share up 3 points
     * there: the share is listed under the first change point at that run, and the others point to it.
     */
    @Test
    void theLinesThatMovedAtARunAreListedOnceForItsChangePoints() throws Exception {
        Path runs = tmp.resolve("moved");
        for (int i = 0; i < 12; i++) {
            Path dir = run(runs, i, i < 6 ? 1 : 1.15);
            share(dir, "client", "socket-write", (i < 6 ? 0 : 3) + 0.1 * Math.sin(i));
        }
        assertEquals(
                0,
                InProcess.run("history", "import", runs.toString(), "--db", db("moved.sqlite"))
                        .exit());
        InProcess.Outcome text =
                InProcess.run("history", "check", "--metric", "cpu/*/all/*", "--db", db("moved.sqlite"));
        assertEquals(1, text.exit(), text.stdout() + text.stderr());
        String out = text.stdout();
        long regressions =
                out.lines().filter(l -> l.startsWith("REGRESSION cpu/rmi/")).count();
        assertTrue(regressions > 1, "every operation stepped: " + out);
        assertEquals(
                1,
                out.lines()
                        .filter(l -> l.startsWith("    moved with it: share/rmi/client/socket-write "))
                        .count(),
                out);
        assertEquals(
                regressions - 1,
                out.lines()
                        .filter(l -> l.startsWith("    moved with it: the same lines as for cpu/rmi/"))
                        .count(),
                out);
    }

    /** Adds {@code points} to one share line of a run made by {@link #run}. */
    private static void share(Path dir, String role, String category, double points) throws Exception {
        ObjectMapper om = new ObjectMapper();
        ObjectNode root = (ObjectNode) om.readTree(dir.resolve("results.json").toFile());
        for (JsonNode scenario : root.path("scenarios"))
            for (JsonNode line : scenario.path("shares").path(role).path("middleware_percent"))
                if (line.path("category").asText().equals(category))
                    for (String field : List.of("percent", "ci_low", "ci_high"))
                        ((ObjectNode) line).put(field, line.path(field).asDouble() + points);
        om.writeValue(dir.resolve("results.json").toFile(), root);
    }

    /**
     * Twelve nights of a two-sided run (`run --candidate-...`: baseline/ and candidate/, the candidate 30 % dearer and
     * started seconds after), imported from their parent: the sides are two configurations, so the check reads one
     * at a time, says how many runs of the other it left out, and finds no change in either; read together they
     * would alternate between the two at every run.
     */
    @Test
    void theSidesOfTwoSidedRunsAreReadOneAtATime() throws Exception {
        Path nights = tmp.resolve("nights");
        for (int i = 0; i < 12; i++) {
            Path night = nights.resolve(String.format(Locale.ROOT, "night-%02d", i));
            Files.move(
                    run(tmp.resolve("b"), i, 1), Files.createDirectories(night).resolve("baseline"));
            Path candidate = night.resolve("candidate");
            Files.move(run(tmp.resolve("c"), i, 1.3), candidate);
            ObjectMapper om = new ObjectMapper();
            ObjectNode root =
                    (ObjectNode) om.readTree(candidate.resolve("results.json").toFile());
            ObjectNode r = (ObjectNode) root.path("run");
            r.put("configuration", "candidate")
                    .put(
                            "started",
                            Instant.parse(r.path("started").asText())
                                    .plusSeconds(5)
                                    .toString());
            om.writeValue(candidate.resolve("results.json").toFile(), root);
        }
        String db = db("sides.sqlite");
        assertEquals(
                0,
                InProcess.run("history", "import", nights.toString(), "--db", db)
                        .exit());

        InProcess.Outcome list = InProcess.run("history", "list", "--db", db);
        assertEquals(
                12,
                list.stdout().lines().filter(l -> l.contains(" candidate ")).count(),
                "list names each candidate side: " + list.stdout());

        InProcess.Outcome baselines = InProcess.run("history", "check", "--metric", "cpu/rmi/all/int", "--db", db);
        assertEquals(0, baselines.exit(), baselines.stdout());
        assertTrue(baselines.stdout().contains("1 metrics over 12 runs, 0 change points"), baselines.stdout());
        assertTrue(
                baselines.stdout().contains("note: 12 candidate sides of two-sided runs left out"), baselines.stdout());

        InProcess.Outcome candidates = InProcess.run(
                "history",
                "check",
                "--metric",
                "cpu/rmi/all/int",
                "--side",
                "candidate",
                "--format",
                "json",
                "--db",
                db);
        assertEquals(0, candidates.exit(), candidates.stdout());
        assertEquals(0, new ObjectMapper().readTree(candidates.stdout()).size(), candidates.stdout());
        assertTrue(
                candidates.stderr().toString().contains("note: 12 runs left out: --side candidate"),
                candidates.stderr().toString());

        InProcess.Outcome both =
                InProcess.run("history", "check", "--metric", "cpu/rmi/all/int", "--side", "all", "--db", db);
        assertTrue(both.stdout().contains("1 metrics over 24 runs"), both.stdout());
        assertFalse(both.stdout().contains("note: "), both.stdout());

        InProcess.Outcome bad = InProcess.run("history", "check", "--side", "left", "--db", db);
        assertEquals(2, bad.exit());
        assertEquals(1, bad.stderr().size(), bad.stderr().toString());
        assertTrue(
                bad.stderr().get(0).contains("--side must be baseline, candidate or all, got 'left'"),
                bad.stderr().toString());
    }

    /**
     * Nightly runs of main with pull requests' runs stored beside them, 20 % dearer: {@code --branch main} reads main's
     * history alone and finds it flat, where all the runs together would step.
     */
    @Test
    void aBranchIsCheckedAlone() throws Exception {
        String db = db("branches.sqlite");
        for (int i = 0; i < 12; i++)
            assertEquals(
                    0,
                    InProcess.run(
                                    "history",
                                    "add",
                                    run(tmp.resolve("runs"), i, i >= 8 && i % 2 == 0 ? 1.2 : 1)
                                            .toString(),
                                    "--branch",
                                    i >= 8 && i % 2 == 0 ? "pr-7" : "main",
                                    "--db",
                                    db)
                            .exit());
        InProcess.Outcome main =
                InProcess.run("history", "check", "--metric", "cpu/rmi/all/int", "--branch", "main", "--db", db);
        assertEquals(0, main.exit(), main.stdout());
        assertTrue(main.stdout().contains("1 metrics over 10 runs, 0 change points"), main.stdout());

        InProcess.Outcome none = InProcess.run("history", "check", "--branch", "nightly", "--db", db);
        assertEquals(2, none.exit());
        assertTrue(
                none.stderr().toString().contains("on branch nightly"),
                none.stderr().toString());
    }

    @Test
    void checkPassesAHistoryWithoutAChange() throws Exception {
        Path runs = tmp.resolve("flat");
        for (int i = 0; i < 12; i++) run(runs, i, 1);
        assertEquals(
                0,
                InProcess.run("history", "import", runs.toString(), "--db", db("flat.sqlite"))
                        .exit());
        InProcess.Outcome check = InProcess.run("history", "check", "--format", "json", "--db", db("flat.sqlite"));
        assertEquals(0, check.exit(), check.stdout());
        assertEquals(0, new ObjectMapper().readTree(check.stdout()).size(), check.stdout());
    }

    /**
     * The host slowed with the load steady: CPU per call and the runs' host reference step at the same run. The
     * probe fell further than the figures rose, so the figures read at the host's median speed would swing more from
     * run to run than as measured: they are read as measured (at either setting), and the step is the machine's by
     * the reference's own step.
     */
    @Test
    void aStepWithTheHostsSpeedIsReportedAndDoesNotFail() throws Exception {
        Path runs = tmp.resolve("slow-host");
        for (int i = 0; i < 12; i++) run(runs, i, i < 6 ? 1 : 1.25, Double.NaN, i < 6 ? 1180 : 700);
        assertEquals(
                0,
                InProcess.run("history", "import", runs.toString(), "--db", db("slow.sqlite"))
                        .exit());
        InProcess.Outcome none = InProcess.run(
                "history",
                "check",
                "--metric",
                "cpu/rmi/all/int",
                "--format",
                "json",
                "--host-scaling",
                "none",
                "--db",
                db("slow.sqlite"));
        InProcess.Outcome check = InProcess.run(
                "history", "check", "--metric", "cpu/rmi/all/int", "--format", "json", "--db", db("slow.sqlite"));
        assertEquals(0, check.exit(), check.stdout() + check.stderr());
        assertEquals(none.stdout(), check.stdout(), "read as measured");
        assertEquals(
                false,
                new ObjectMapper()
                        .readTree(check.stdout())
                        .get(0)
                        .path("host_scaled")
                        .asBoolean());
        JsonNode cp = new ObjectMapper().readTree(check.stdout()).get(0);
        assertEquals(6, cp.path("position").asInt());
        assertTrue(cp.path("regression").asBoolean());
        assertEquals("machine", cp.path("attributed_to").asText());
        assertTrue(
                cp.path("machine").asText().matches("host reference 11\\d\\d -> 70\\d MB/s"),
                cp.path("machine").asText());
        InProcess.Outcome show = InProcess.run("history", "show", "12", "--db", db("slow.sqlite"));
        assertTrue(show.stdout().matches("(?s).*host reference 70\\d MB/s \\(AES-GCM, one core\\).*"), show.stdout());
    }

    /**
     * A host flipping between two speed states run by run, as this project's VMs do: CPU per call follows the probe.
     * Read as measured the flips are a change point; at the host's median speed they are gone, and a code regression
     * under the same flipping host is still found at its run and fails.
     */
    @Test
    void aHostFlippingRunByRunIsTakenOutAndACodeRegressionUnderItStillFails() throws Exception {
        // slow in runs 8, 9, 11, 12, 13, 15: the later half mostly slow, the probe's own change point unclear
        boolean[] slow = new boolean[16];
        for (int i : new int[] {8, 9, 11, 12, 13, 15}) slow[i] = true;
        Path flipping = tmp.resolve("flipping");
        Path regressed = tmp.resolve("flipping-regressed");
        for (int i = 0; i < slow.length; i++) {
            double speed = slow[i] ? 24 : 36;
            run(flipping, i, 36 / speed, Double.NaN, speed);
            run(regressed, i, 36 / speed * (i < 10 ? 1 : 1.2), Double.NaN, speed);
        }
        for (Path p : List.of(flipping, regressed))
            assertEquals(
                    0,
                    InProcess.run("history", "import", p.toString(), "--db", db(p.getFileName() + ".sqlite"))
                            .exit());
        String[] cpu = {"--metric", "cpu/rmi/all/int", "--format", "json", "--db"};
        InProcess.Outcome asMeasured =
                InProcess.run(concat("history", "check", "--host-scaling", "none", cpu, db("flipping.sqlite")));
        // as measured, the flips are a change point, which the probe's own step excuses here; on the real history
        // whose probe swung within its states it did not (HostScalingTest)
        JsonNode flip = new ObjectMapper().readTree(asMeasured.stdout()).get(0);
        assertEquals(8, flip.path("position").asInt(), asMeasured.stdout());
        assertTrue(flip.path("regression").asBoolean(), asMeasured.stdout());
        InProcess.Outcome scaled = InProcess.run(concat("history", "check", cpu, db("flipping.sqlite")));
        assertEquals(0, scaled.exit(), scaled.stdout() + scaled.stderr());
        assertEquals(0, new ObjectMapper().readTree(scaled.stdout()).size(), scaled.stdout());

        InProcess.Outcome regression = InProcess.run(concat("history", "check", cpu, db("flipping-regressed.sqlite")));
        assertEquals(1, regression.exit(), regression.stdout() + regression.stderr());
        JsonNode cp = new ObjectMapper().readTree(regression.stdout()).get(0);
        assertEquals(10, cp.path("position").asInt());
        assertEquals("code", cp.path("attributed_to").asText());
        assertEquals(20, cp.path("change_percent").asDouble(), 3);
        InProcess.Outcome text = InProcess.run(
                "history", "check", "--metric", "cpu/rmi/all/int", "--db", db("flipping-regressed.sqlite"));
        assertTrue(
                text.stdout()
                        .matches("(?s).*\nnote: 1 of 1 series of CPU per call and round trips read at the host's "
                                + "median speed, where that made them steadier run to run \\(host reference "
                                + "3[56]\\.\\d MB/s; 16 of 16 runs had one; --host-scaling none reads them as "
                                + "measured\\)\n.*"),
                text.stdout());
    }

    private static String[] concat(String a, String b, String[] middle, String last) {
        return concat(new String[] {a, b}, middle, last);
    }

    private static String[] concat(String a, String b, String c, String d, String[] middle, String last) {
        return concat(new String[] {a, b, c, d}, middle, last);
    }

    private static String[] concat(String[] first, String[] middle, String last) {
        List<String> all = new java.util.ArrayList<>(List.of(first));
        all.addAll(List.of(middle));
        all.add(last);
        return all.toArray(String[]::new);
    }

    @Test
    void aStepWithTheMachinesLoadIsReportedAndDoesNotFail() throws Exception {
        Path runs = tmp.resolve("loaded");
        // other work on the machine from the seventh run: the load and CPU per call step together
        for (int i = 0; i < 12; i++) run(runs, i, i < 6 ? 1 : 1.15, i < 6 ? 1.5 : 6);
        assertEquals(
                0,
                InProcess.run("history", "import", runs.toString(), "--db", db("loaded.sqlite"))
                        .exit());
        InProcess.Outcome check = InProcess.run(
                "history", "check", "--metric", "cpu/rmi/all/int", "--format", "json", "--db", db("loaded.sqlite"));
        assertEquals(0, check.exit(), check.stdout() + check.stderr());
        JsonNode cp = new ObjectMapper().readTree(check.stdout()).get(0);
        assertEquals(6, cp.path("position").asInt());
        assertTrue(cp.path("regression").asBoolean());
        assertEquals("machine", cp.path("attributed_to").asText());
        assertEquals("load 1.5 -> 6.0", cp.path("machine").asText());
        assertEquals(6, cp.path("confirming_runs").asInt(), "each run from the seventh rose 15 %");
        assertEquals(false, cp.path("gates").asBoolean());

        InProcess.Outcome text = InProcess.run("history", "check", "--db", db("loaded.sqlite"));
        assertEquals(0, text.exit());
        assertTrue(
                text.stdout().contains("machine cpu/rmi/all/int at run 7 (position 6")
                        && text.stdout().contains("machine: load 1.5 -> 6.0, not the code's: does not fail"),
                text.stdout());

        InProcess.Outcome aa = InProcess.run("history", "aa", "--format", "json", "--db", db("loaded.sqlite"));
        assertEquals(0, aa.exit(), aa.stderr().toString());
        JsonNode summary = new ObjectMapper().readTree(aa.stdout());
        assertEquals(12, summary.path("runs").asInt());
        assertTrue(summary.path("metrics").asInt() > 20, "CPU per call, round trips and shares: " + summary);
        assertTrue(summary.path("metrics_with_change_point").path("count").asInt() >= 9, summary.toString());
        assertEquals(0, summary.path("metrics_failing").path("count").asInt(), summary.toString());
        assertEquals(7, summary.path("jobs_failed").path("of").asInt(), "after runs 6 to 11, and on all 12");
        assertEquals(0, summary.path("jobs_failed").path("count").asInt(), summary.toString());
        assertEquals(0, summary.path("failed_jobs").size(), summary.toString());
        assertEquals(0, summary.path("jobs_failed").path("ci_low").asDouble());
        assertEquals(
                1 - Math.pow(0.025, 1.0 / 7),
                summary.path("jobs_failed").path("ci_high").asDouble(),
                1e-6);
    }

    @Test
    void aaCountsTheJobsThatWouldHaveFailed() throws Exception {
        Path runs = tmp.resolve("aa-step");
        for (int i = 0; i < 12; i++) run(runs, i, i < 6 ? 1 : 1.15);
        assertEquals(
                0,
                InProcess.run("history", "import", runs.toString(), "--db", db("aa.sqlite"))
                        .exit());
        InProcess.Outcome aa = InProcess.run("history", "aa", "--metric", "cpu/rmi/all/int", "--db", db("aa.sqlite"));
        assertEquals(0, aa.exit(), aa.stderr().toString());
        assertTrue(aa.stdout().contains("history aa: 12 runs"), aa.stdout());
        assertTrue(
                aa.stdout().contains("metrics whose newest change point fails the check: 1 of 1, 100.0 % [2.5, 100.0]"),
                aa.stdout());
        // a step of 15 % at run 7 fails once three runs bear it out (runs 7 to 9): the jobs after runs 9 to 11 and the
        // one on all 12; those after runs 6 to 8 pass
        assertTrue(
                aa.stdout().contains("CI jobs that would have failed (the check after each run from run 6 on): 4 of 7"),
                aa.stdout());
        assertTrue(aa.stdout().contains("  the job after run 9 failed on cpu/rmi/all/int (at run 7, +"), aa.stdout());
        assertTrue(aa.stdout().contains("  the job after run 12 failed on cpu/rmi/all/int (at run 7, +"), aa.stdout());
        assertFalse(aa.stdout().contains("the job after run 8 "), aa.stdout());
        // an A/A history's re-measures pass: the first clears the step, and the three jobs after it do not measure
        // again
        assertTrue(
                aa.stdout()
                        .contains("CI jobs that would have measured again, each re-measure passing and clearing its "
                                + "scenarios from the change point to its run (history clear): 1 of 7"),
                aa.stdout());

        InProcess.Outcome json = InProcess.run(
                "history", "aa", "--metric", "cpu/rmi/all/int", "--format", "json", "--db", db("aa.sqlite"));
        JsonNode jobs = new ObjectMapper().readTree(json.stdout()).path("failed_jobs");
        assertEquals(4, jobs.size(), json.stdout());
        assertEquals(9, jobs.get(0).path("after_run").asInt(), json.stdout());
        assertEquals(9, jobs.get(0).path("runs").asInt(), json.stdout());
        assertEquals(12, jobs.get(3).path("after_run").asInt(), json.stdout());
        JsonNode first = jobs.get(0).path("failing").get(0);
        assertEquals("cpu/rmi/all/int", first.path("metric").asText());
        assertEquals(7, first.path("run").asInt());
        assertEquals(6, first.path("position").asInt());
        // 15 % with the fixture's run-to-run wiggle of about 1 %
        assertEquals(15.0, first.path("change_percent").asDouble(), 1.5, json.stdout());
    }
}
