package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.opentelemetry.proto.collector.profiles.v1development.ExportProfilesServiceRequest;
import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.KeyValue;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wirecost diff} on two profile files instead of two runs: OTLP (binary or OTLP/JSON), as {@code attribute}
 * and {@code flame} read them. Each side counts exactly the samples per category {@code attribute} counts in it,
 * the two sides are compared as two profile runs are (share lines, a differential flame graph), and a profile
 * against a run is refused.
 */
class DiffProfilesTest {

    private static final Path RECORDING = Path.of("src/test/resources/recordings/workload-jdk.jfr");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    @Test
    void twoOtlpFilesAreComparedAsTwoProfileRunsWithTheirExactCounts() throws Exception {
        Path pb = tmp.resolve("before.pb");
        Path json = tmp.resolve("after.json");
        ok("export", RECORDING.toString(), "--otlp", pb.toString());
        ok("export", RECORDING.toString(), "--otlp", json.toString(), "--format", "json");
        Path out = tmp.resolve("diff");

        InProcess.Outcome d =
                InProcess.run("diff", pb.toString(), json.toString(), "--out", out.toString(), "--format", "json");
        assertEquals(0, d.exit(), String.join("\n", d.stderr()));
        JsonNode report = JSON.readTree(d.stdout());
        assertEquals(0, report.get("regressions").asInt(), d.stdout());
        int shareLines = 0;
        for (JsonNode line : report.get("lines")) {
            assertEquals("profile", line.get("scenario").asText(), line.toString());
            if (line.get("kind").asText().equals("share")) {
                shareLines++;
                assertEquals(
                        line.get("baseline").asDouble(), line.get("candidate").asDouble(), line.toString());
                // one profile a side: an interval, but no verdict from within-run spread alone
                assertEquals("NO_VERDICT", line.get("verdict").asText(), line.toString());
            }
        }
        assertTrue(shareLines >= 3, report.get("lines").toString());
        // a profile drove no calls: no measure decided a cost that does not exist
        assertTrue(report.get("decided_by").isEmpty(), report.get("decided_by").toString());
        InProcess.Outcome md = InProcess.run("diff", pb.toString(), json.toString(), "--no-flames");
        assertTrue(
                md.stdout()
                        .contains("- profile: no round trips or CPU per call (wirecost drove no calls): its "
                                + "category shares gate\n"),
                md.stdout());
        assertFalse(md.stdout().contains("cost decided by"), md.stdout());
        assertTrue(Files.size(out.resolve("profile.html")) > 0, "the differential flame graph");

        // each side holds exactly the samples per category attribute counts in its file, with the same rules
        Map<String, Long> expected = attributed(pb);
        assertFalse(expected.isEmpty());
        assertEquals(expected, sideSamples(out.resolve("baseline")));
        assertEquals(expected, sideSamples(out.resolve("candidate")));
    }

    /**
     * Two profiles are measured alike when one profiler took both, whatever file holds them: a recording against the
     * OTLP profile exported from it has only diff's usual reason for no verdict (one run a side).
     */
    @Test
    void aRecordingAgainstItsOwnExportIsMeasuredAlike() throws Exception {
        Path pb = tmp.resolve("export.pb");
        ok("export", RECORDING.toString(), "--otlp", pb.toString());
        InProcess.Outcome d = InProcess.run("diff", RECORDING.toString(), pb.toString(), "--no-flames");
        assertEquals(0, d.exit(), String.join("\n", d.stderr()));
        assertTrue(
                d.stdout()
                        .contains(
                                "no verdict: needs 3 or more profiles a side, comma-separated (a1.jfr,a2.jfr,a3.jfr)"),
                d.stdout());
        assertFalse(d.stdout().contains("measured differently"), d.stdout());
    }

    /**
     * Two profilers are named as what differs, though both files are JFR (async-profiler's and the JDK's); an OTLP
     * profile that does not say which profiler took it is named by its format.
     */
    @Test
    void recordingsOfTwoProfilersAreMeasuredDifferently() throws Exception {
        Path async = Path.of("..", "attribution", "src", "test", "resources", "recordings", "ap29-cpu.jfr");
        InProcess.Outcome d = compared(async, RECORDING, "d1");
        assertEquals(0, d.exit(), String.join("\n", d.stderr()));
        assertTrue(d.stdout().contains("(profiler: async cpu every 5000000 ns vs jfr, interval unknown)"), d.stdout());

        Path pb = tmp.resolve("export.pb");
        ok("export", RECORDING.toString(), "--otlp", pb.toString());
        Path other = withScope(pb, "other.pb", List.of());
        InProcess.Outcome o = compared(RECORDING, other, "d2");
        assertTrue(o.stdout().contains("(profiler: jfr, interval unknown vs otlp cpu, interval unknown)"), o.stdout());

        // async-profiler's event, which its export names: a timer's samples and perf events' are taken differently
        Path apExport = tmp.resolve("ap.pb");
        ok("export", async.toString(), "--otlp", apExport.toString());
        Path itimer = withScope(
                apExport,
                "itimer.pb",
                List.of(
                        KeyValue.newBuilder()
                                .setKey("wirecost.profiler")
                                .setValue(AnyValue.newBuilder().setStringValue("async-profiler"))
                                .build(),
                        KeyValue.newBuilder()
                                .setKey("wirecost.profiler.event")
                                .setValue(AnyValue.newBuilder().setStringValue("itimer"))
                                .build()));
        InProcess.Outcome alike = compared(async, apExport, "d3");
        assertFalse(alike.stdout().contains("measured differently"), alike.stdout());
        InProcess.Outcome events = compared(async, itimer, "d4");
        assertTrue(
                events.stdout().contains("(profiler: async cpu every 5000000 ns vs async itimer every 5000000 ns)"),
                events.stdout());
    }

    /** {@code diff BASE CAND --no-flames --out OUT} under the test's directory. */
    private InProcess.Outcome compared(Path base, Path cand, String out) {
        return InProcess.run(
                "diff",
                base.toString(),
                cand.toString(),
                "--no-flames",
                "--out",
                tmp.resolve(out).toString());
    }

    /** {@code export}'s profile written to {@code name} with its scope's attributes replaced by {@code attributes}. */
    private Path withScope(Path export, String name, List<KeyValue> attributes) throws Exception {
        var request = ExportProfilesServiceRequest.parseFrom(Files.readAllBytes(export)).toBuilder();
        request.getResourceProfilesBuilder(0)
                .getScopeProfilesBuilder(0)
                .getScopeBuilder()
                .clearAttributes()
                .addAllAttributes(attributes);
        return Files.write(tmp.resolve(name), request.build().toByteArray());
    }

    /**
     * Two recordings are read once each for their sides: pack:auto's reading of a file is what its side's attribution
     * and the differential flame graph replay (the reader says each reading on stderr with wirecost.reader.report), with the counts of a
     * reading.
     */
    @Test
    void twoRecordingsAreReadOnceEach() throws Exception {
        Path before = Files.copy(RECORDING, tmp.resolve("before.jfr"));
        Path after = Files.copy(RECORDING, tmp.resolve("after.jfr"));
        Path out = tmp.resolve("diff");
        CliProcess.Outcome d = CliProcess.runWith(
                List.of("-Dwirecost.reader.report=true"),
                "diff",
                before.toString(),
                after.toString(),
                "--out",
                out.toString(),
                "--format",
                "json");
        assertEquals(0, d.exit(), d.err());
        List<String> readings = d.stderr().stream()
                .filter(l -> l.startsWith("wirecost: reader "))
                .toList();
        // each file once, for pack:auto, whose reading its side's shares and the differential flame graph replay
        for (String name : List.of("before.jfr", "after.jfr"))
            assertEquals(1, readings.stream().filter(l -> l.contains(name)).count(), name + ": " + d.err());
        assertEquals(2, readings.size(), d.err());
        // the graph a reading of the two sides' recordings draws
        assertEquals(
                io.wirecost.diff.DiffFlames.render(
                                out.resolve("baseline"), out.resolve("candidate"), before + " vs " + after)
                        .get("profile"),
                Files.readString(out.resolve("profile.html")));
        Map<String, Long> expected = attributed(before);
        assertFalse(expected.isEmpty());
        assertEquals(expected, sideSamples(out.resolve("baseline")));
        assertEquals(expected, sideSamples(out.resolve("candidate")));
    }

    @Test
    void aProfileAgainstARunIsOneLine() throws Exception {
        Path pb = tmp.resolve("p.pb");
        ok("export", RECORDING.toString(), "--otlp", pb.toString());
        Path run = Files.createDirectories(tmp.resolve("run"));
        Files.writeString(run.resolve("results.json"), "{\"format\":\"wirecost-results/1\",\"scenarios\":[]}");
        InProcess.Outcome o = InProcess.run("diff", pb.toString(), run.toString());
        assertEquals(2, o.exit(), o.stderr().toString());
        assertEquals(1, o.stderr().size(), o.stderr().toString());
        assertTrue(o.stderr().get(0).contains("not one of each"), o.stderr().get(0));
        InProcess.Outcome junk = InProcess.run(
                "diff",
                Files.writeString(tmp.resolve("junk.pb"), "\n\u0001not protobuf")
                        .toString(),
                pb.toString());
        assertEquals(2, junk.exit(), junk.stderr().toString());
        assertEquals(1, junk.stderr().size(), junk.stderr().toString());
        assertTrue(junk.stderr().get(0).contains("junk.pb"), junk.stderr().get(0));
    }

    /**
     * Three profiles a side, comma-separated, are three repetitions: the gate judges them from the spread between
     * them. The candidate's profiles lost half the application's samples (each profile a copy of one export, thinned
     * a little differently, so the sides spread as repetitions do): the other categories' shares rose, a regression;
     * three profiles against three alike give none.
     */
    @Test
    void threeProfilesASideAreRepetitionsWithAVerdict() throws Exception {
        Path pb = tmp.resolve("export.pb");
        ok("export", RECORDING.toString(), "--otlp", pb.toString());
        var request = io.opentelemetry.proto.collector.profiles.v1development.ExportProfilesServiceRequest.parseFrom(
                Files.readAllBytes(pb));
        List<String> base = new java.util.ArrayList<>();
        List<String> same = new java.util.ArrayList<>();
        List<String> cand = new java.util.ArrayList<>();
        for (int rep = 0; rep < 3; rep++) {
            base.add(thinned(request, tmp.resolve("base" + rep + ".pb"), rep, false)
                    .toString());
            same.add(thinned(request, tmp.resolve("same" + rep + ".pb"), rep + 3, false)
                    .toString());
            cand.add(thinned(request, tmp.resolve("cand" + rep + ".pb"), rep, true)
                    .toString());
        }
        InProcess.Outcome alike = InProcess.run(
                "diff", String.join(",", base), String.join(",", same), "--no-flames", "--format", "json");
        assertEquals(0, alike.exit(), String.join("\n", alike.stderr()));
        JsonNode a = JSON.readTree(alike.stdout());
        assertEquals("given", a.get("verdict").asText(), alike.stdout());
        assertEquals(0, a.get("regressions").asInt(), alike.stdout());

        Path out = tmp.resolve("regressed");
        InProcess.Outcome d = InProcess.run(
                "diff", String.join(",", base), String.join(",", cand), "--out", out.toString(), "--format", "json");
        assertEquals(1, d.exit(), String.join("\n", d.stderr()) + d.stdout());
        JsonNode report = JSON.readTree(d.stdout());
        boolean reflection = false;
        for (JsonNode line : report.get("lines"))
            reflection |= line.get("metric").asText().equals("all/reflection")
                    && line.get("verdict").asText().equals("REGRESSION");
        assertTrue(reflection, d.stdout());
        // each side a run of three repetitions, as profile --repeat 3 lays one out, with its differential flame graph
        assertEquals(
                3,
                JSON.readTree(out.resolve("candidate/results.json").toFile())
                        .get("scenarios")
                        .size());
        assertTrue(Files.size(out.resolve("profile.html")) > 0, "the differential flame graph");
    }

    /**
     * A list naming anything but profile files, or one side's profiles taken by two profilers or at two periods, is
     * one line, exit 2.
     */
    @Test
    void aListOfProfilesIsCheckedFirst() throws Exception {
        Path pb = tmp.resolve("p.pb");
        ok("export", RECORDING.toString(), "--otlp", pb.toString());
        Path async = Path.of("..", "attribution", "src", "test", "resources", "recordings", "ap29-cpu.jfr");
        Path slower = tmp.resolve("slower.pb");
        ok("export", async.toString(), "--otlp", slower.toString(), "--period", "20ms");
        assertTrue(refused(pb + "," + tmp.resolve("absent.pb"), pb.toString()).contains("absent.pb is not there"));
        assertTrue(refused(pb + "," + tmp, pb.toString()).contains("is not a profile file"));
        assertTrue(refused(pb.toString(), pb + ",," + pb).contains("an empty name"));
        assertTrue(refused(pb + "," + pb, pb + "," + pb).contains("are the same profiles"));
        assertTrue(
                refused(RECORDING + "," + async, pb.toString()).contains("taken differently (profiler: jfr vs async)"));
        assertTrue(refused(async + "," + slower, pb.toString())
                .contains("taken differently (period: 5000000 ns vs 20000000 ns)"));
    }

    /** The one line of a diff of {@code base} and {@code cand} that exits 2. */
    private String refused(String base, String cand) {
        InProcess.Outcome o = InProcess.run(
                "diff", base, cand, "--out", tmp.resolve("refused").toString());
        assertEquals(2, o.exit(), base + " vs " + cand + ": " + o.stderr());
        assertEquals(1, o.stderr().size(), o.stderr().toString());
        return o.stderr().get(0);
    }

    /**
     * {@code request}'s profile written to {@code file}, every 40th event from the {@code seed}th dropped, and with
     * {@code halveApplication} every other event of the application's stacks.
     */
    private static Path thinned(
            io.opentelemetry.proto.collector.profiles.v1development.ExportProfilesServiceRequest request,
            Path file,
            int seed,
            boolean halveApplication)
            throws Exception {
        var b = request.toBuilder();
        var dictionary = b.getDictionary();
        java.util.Set<Integer> application = new java.util.HashSet<>();
        for (int i = 0; i < dictionary.getAttributeTableCount(); i++) {
            var kv = dictionary.getAttributeTable(i);
            if (dictionary.getStringTable(kv.getKeyStrindex()).equals("wirecost.category")
                    && kv.getValue().getStringValue().equals("application")) application.add(i);
        }
        assertFalse(application.isEmpty(), "the export names its samples' category");
        int event = 0;
        for (var rp : b.getResourceProfilesBuilderList())
            for (var sp : rp.getScopeProfilesBuilderList())
                for (var p : sp.getProfilesBuilderList()) {
                    List<io.opentelemetry.proto.profiles.v1development.Sample> kept = new java.util.ArrayList<>();
                    for (var sample : p.getSamplesList()) {
                        assertEquals(0, sample.getValuesCount(), "timed events of weight 1");
                        boolean halve = halveApplication
                                && sample.getAttributeIndicesList().stream().anyMatch(application::contains);
                        var t = sample.toBuilder().clearTimestampsUnixNano();
                        for (int i = 0; i < sample.getTimestampsUnixNanoCount(); i++, event++)
                            if (event % 40 != seed && !(halve && i % 2 == 0))
                                t.addTimestampsUnixNano(sample.getTimestampsUnixNano(i));
                        if (t.getTimestampsUnixNanoCount() > 0) kept.add(t.build());
                    }
                    p.clearSamples().addAllSamples(kept);
                }
        Files.write(file, b.build().toByteArray());
        return file;
    }

    private static void ok(String... args) {
        InProcess.Outcome o = InProcess.run(args);
        assertEquals(0, o.exit(), String.join("\n", o.stderr()));
    }

    /** {@code attribute FILE --rules pack:auto --format csv}: category -> samples, the total row left out. */
    private static Map<String, Long> attributed(Path file) {
        InProcess.Outcome o = InProcess.run("attribute", file.toString(), "--rules", "pack:auto", "--format", "csv");
        assertEquals(0, o.exit(), String.join("\n", o.stderr()));
        Map<String, Long> m = new TreeMap<>();
        for (String line : o.stdout().lines().skip(1).toList()) {
            String[] f = line.split(",");
            if (!f[0].equals("total") && Long.parseLong(f[2]) > 0) m.put(f[0], Long.parseLong(f[2]));
        }
        return m;
    }

    /** The samples per category of the one scenario of a side's results.json. */
    private static Map<String, Long> sideSamples(Path run) throws Exception {
        JsonNode all = JSON.readTree(run.resolve("results.json").toFile())
                .get("scenarios")
                .get(0)
                .get("shares")
                .get("all");
        Map<String, Long> m = new TreeMap<>();
        for (String list : new String[] {"middleware_percent", "jvm_percent_of_all"})
            for (JsonNode s : all.get(list))
                if (s.get("samples").asLong() > 0)
                    m.put(s.get("category").asText(), s.get("samples").asLong());
        return m;
    }
}
