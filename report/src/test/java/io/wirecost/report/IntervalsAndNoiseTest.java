package io.wirecost.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wirecost.diff.ResultsFile;
import io.wirecost.diff.RunData;
import io.wirecost.runner.CpuStatistics;
import io.wirecost.runner.Noise;
import io.wirecost.runner.ProfilerSettings;
import io.wirecost.runner.RttStatistics;
import io.wirecost.runner.RunMetadata;
import io.wirecost.runner.ScenarioFacts;
import io.wirecost.runner.ScenarioResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every table prints intervals, and the noise column speaks exactly when a figure cannot support its comparison. */
class IntervalsAndNoiseTest {

    private static final List<String> PRIMITIVES =
            List.of("int", "short", "long", "float", "double", "boolean", "byte");

    /** Batches around {@code micros} with relative spread {@code spread}: 12 values, deterministic. */
    private static long[] batches(double micros, double spread) {
        long[] n = new long[12];
        for (int i = 0; i < n.length; i++)
            n[i] = Math.round(micros * 1000 * 100 * (1 + spread * ((i % 4) - 1.5) / 1.5));
        return n;
    }

    private static ScenarioResult scenario(
            String name, double rttMicros, double rttSpread, double cpuMicros, double cpuSpread, double stealPercent) {
        List<RttStatistics> rtt = new ArrayList<>();
        List<CpuStatistics> cpu = new ArrayList<>();
        for (String op : PRIMITIVES) {
            rtt.add(RttStatistics.of(op, batches(rttMicros, rttSpread), 100));
            for (String role : List.of("client", "server", "all"))
                cpu.add(CpuStatistics.of(op, role, batches(cpuMicros, cpuSpread), 100));
        }
        rtt.add(RttStatistics.geometricMean("primitives-geomean", List.copyOf(rtt)));
        for (String role : List.of("client", "server", "all")) {
            List<CpuStatistics> parts =
                    cpu.stream().filter(c -> c.role().equals(role)).toList();
            cpu.add(new CpuStatistics(
                    "primitives-geomean",
                    role,
                    io.wirecost.runner.Estimate.geometricMean(
                            parts.stream().map(CpuStatistics::perCallMicros).toList()),
                    8400,
                    List.of()));
        }
        return new ScenarioResult(
                name,
                1,
                name.toUpperCase(),
                "ok",
                "",
                10,
                1000,
                rtt,
                List.of(),
                Map.of(),
                ScenarioFacts.builder()
                        .timedPass(null, new Noise(stealPercent, null, null, null, null), null)
                        .build(),
                Map.of(),
                Map.of(),
                List.of(),
                "not measured",
                cpu,
                Map.of());
    }

    /** {@code base}'s figures with these facts instead of its own (a warm-up's counts, a drift). */
    private static ScenarioResult withFacts(ScenarioResult base, ScenarioFacts facts) {
        return new ScenarioResult(
                base.scenario(),
                1,
                base.paperColumn(),
                "ok",
                "",
                10,
                1000,
                base.rtt(),
                List.of(),
                Map.of(),
                facts,
                Map.of(),
                Map.of(),
                List.of(),
                "",
                base.cpu(),
                Map.of());
    }

    @Test
    void everyTableCellHasAnInterval() {
        List<ScenarioResult> run =
                List.of(scenario("rmi", 40, 0.02, 100, 0.02, 0), scenario("rmi-ssl", 50, 0.02, 130, 0.02, 0));
        for (Table t : List.of(RoundTripTable.roundTrips(run), CpuTables.perCall(run))) {
            for (List<String> row : t.rows()) {
                if (row.get(0).equals("noise")) continue;
                for (String cell : row.subList(t.header().indexOf("rmi"), row.size()))
                    assertTrue(cell.matches("[\\d.]+ \\[[\\d.]+, [\\d.]+\\].*"), t.title() + ": " + cell);
            }
        }
        Table f = FactorTables.factors(run);
        assertEquals(2, f.rows().size(), "RMI-SSL/RMI from seeds 000 and 002");
        for (List<String> row : f.rows()) {
            assertTrue(row.get(2).matches("1\\.2\\d \\[[\\d.]+, [\\d.]+\\]"), "round trips: " + row.get(2));
            assertTrue(row.get(3).matches("1\\.3\\d \\[[\\d.]+, [\\d.]+\\]"), "CPU per call: " + row.get(3));
            assertEquals("", row.get(6), "a clean pair has no noise flag");
        }
    }

    @Test
    void aFactorWhoseIntervalIncludesOneIsFlaggedInTheTableAndInResultsJson() throws Exception {
        // round trips 40 vs 41 µs with 30 % spread: the interval of 1.03 includes 1; CPU clearly apart
        List<ScenarioResult> run =
                List.of(scenario("rmi", 40, 0.3, 100, 0.02, 0), scenario("rmi-ssl", 41, 0.3, 130, 0.02, 0));
        List<String> row = FactorTables.factors(run).rows().get(0);
        assertTrue(row.get(6).contains("round-trip interval includes 1, the paper's factor does not"), row.get(6));
        assertFalse(row.get(6).contains("CPU interval includes 1"), row.get(6));
        assertTrue(row.get(6).contains("rmi round trips' CV"), "30 % spread is over the CV threshold: " + row.get(6));
        String noiseRow = String.join(
                " | ",
                RoundTripTable.roundTrips(run)
                        .rows()
                        .get(RoundTripTable.roundTrips(run).rows().size() - 1));
        assertTrue(noiseRow.startsWith("noise | too noisy: round trips' CV"), noiseRow);

        RunMetadata meta = TestRuns.meta(new ProfilerSettings("none", "cpu", 1_000_000), List.of("rmi", "rmi-ssl"));
        JsonNode json = new ObjectMapper().readTree(ResultsJson.render(meta, run));
        JsonNode factor = json.get("factors").get(0);
        assertTrue(factor.get("too_noisy").asBoolean());
        assertTrue(factor.get("rtt").get("ci_low").asDouble() < 1
                && factor.get("cpu").get("ci_low").asDouble() > 1);
        assertEquals("rmi", json.get("cpu_per_call").get(0).get("scenario").asText());
        // each scenario's own flags, as the round-trip table's noise row says them
        JsonNode rmiFlags = json.get("scenarios").get(0).get("noise_flags");
        assertEquals(1, rmiFlags.size(), rmiFlags.toString());
        assertTrue(rmiFlags.get(0).asText().startsWith("round trips' CV"), rmiFlags.toString());
        // the diff reads what the writer wrote, through the same records, at the version written
        assertEquals(ResultsFile.VERSION, json.get("format_version").asInt());
        java.nio.file.Path file = java.nio.file.Files.createTempFile("results", ".json");
        try {
            java.nio.file.Files.writeString(file, ResultsJson.render(meta, run));
            RunData read = RunData.read(file);
            assertEquals(List.of("rmi", "rmi-ssl"), List.copyOf(read.scenarios().keySet()));
            assertEquals(40, read.scenarios().get("rmi").get(0).rttMeanMicros().get("int"), 5);
        } finally {
            java.nio.file.Files.delete(file);
        }
    }

    @Test
    void theFactorsSayWhichProcessesTheirCpuCounts() {
        ScenarioResult rmi = scenario("rmi", 40, 0.02, 100, 0.02, 0);
        ScenarioResult port = scenario("http-to-port", 400, 0.02, 400, 0.02, 0);
        List<CpuStatistics> cpu = new ArrayList<>(port.cpu());
        cpu.add(new CpuStatistics(
                "primitives-geomean",
                "proxy",
                io.wirecost.runner.Estimate.mean(new double[] {60, 61, 59}),
                8400,
                List.of()));
        port = new ScenarioResult(
                port.scenario(),
                1,
                "",
                "ok",
                "",
                10,
                1000,
                port.rtt(),
                List.of(),
                Map.of(),
                port.facts(),
                Map.of(),
                Map.of(),
                List.of(),
                "",
                cpu,
                Map.of());
        Table t = FactorTables.factors(List.of(rmi, port));
        List<String> row = t.rows().get(0);
        assertEquals("HTTP-to-port/RMI", row.get(0));
        assertEquals("client+server+proxy / client+server", row.get(row.size() - 1));
        assertTrue(CpuTables.perCall(List.of(rmi, port)).rows().stream()
                .anyMatch(r -> r.get(0).equals("primitives-geomean") && r.get(1).equals("proxy")));
    }

    @Test
    void stealOverTheThresholdIsFlagged() {
        List<ScenarioResult> run =
                List.of(scenario("rmi", 40, 0.02, 100, 0.02, 12.5), scenario("rmi-ssl", 50, 0.02, 130, 0.02, 0));
        String noise = FactorTables.factors(run).rows().get(0).get(6);
        assertEquals("rmi CPU steal 12.5 % > 5 %", noise);
    }

    @Test
    void theReportDrawsErrorBarsForRoundTripsCpuAndFactors(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        List<ScenarioResult> run =
                List.of(scenario("rmi", 40, 0.02, 100, 0.02, 0), scenario("rmi-ssl", 50, 0.02, 130, 0.02, 0));
        RunMetadata meta = TestRuns.meta(new ProfilerSettings("none", "cpu", 1_000_000), List.of("rmi", "rmi-ssl"));
        String html = HtmlReport.render(meta, run, io.wirecost.attribution.RuleSet.defaults(), dir);
        assertTrue(html.contains("id=\"cpu-per-call\""), "a CPU-per-call section");
        // round trips and CPU: 7 primitives + geomean, x 2 scenarios each; factors: 2 lines x (round trips, CPU)
        int bars = html.split("class=\"errorbar\"", -1).length - 1;
        assertEquals(16 + 16 + 4, bars, "error bars drawn");
        assertTrue(html.contains("(95 % interval "), "the tooltip gives the interval");
    }

    @Test
    void anAdaptiveWarmUpThatNeverSettledIsFlaggedAndASettledShortOneIsNot() {
        ScenarioResult base = scenario("ws-security", 5000, 0.02, 9000, 0.02, 0);
        java.util.function.Function<Boolean, ScenarioResult> with = settled -> withFacts(
                base,
                ScenarioFacts.builder()
                        .counts(new io.wirecost.runner.Counts(
                                480,
                                27,
                                50,
                                40,
                                io.wirecost.runner.RunMethod.ADAPTIVE,
                                settled,
                                List.of(9500.0, 9100.0, 9050.0, 9000.0),
                                1_000L))
                        .build());
        List<String> unsettled =
                FactorTables.factors(List.of(scenario("ws-literal", 500, 0.02, 900, 0.02, 0), with.apply(false)))
                        .rows()
                        .stream()
                        .map(r -> r.get(6))
                        .toList();
        assertTrue(
                unsettled.stream()
                        .allMatch(n ->
                                n.equals("ws-security warm-up did not settle within its bound (480 calls per type)")),
                unsettled.toString());
        List<String> settled =
                FactorTables.factors(List.of(scenario("ws-literal", 500, 0.02, 900, 0.02, 0), with.apply(true)))
                        .rows()
                        .stream()
                        .map(r -> r.get(6))
                        .toList();
        assertTrue(
                settled.stream().noneMatch(n -> n.contains("warm-up")),
                "480 settled calls are not a cut warm-up: " + settled);
    }

    /**
     * ws-security's first type measured again after the timed pass: a drop of 29 % with an interval away from 1 is
     * flagged on every line that uses the scenario; 3 % is not, nor is 15 % whose interval still holds 1.
     */
    @Test
    void aFigureThatMovedWhileItWasMeasuredIsFlagged() {
        ScenarioResult base = scenario("ws-security", 9000, 0.02, 9000, 0.02, 0);
        java.util.function.Function<double[], ScenarioResult> with = d -> withFacts(
                base,
                ScenarioFacts.builder()
                        .timedPass(
                                null,
                                null,
                                new io.wirecost.runner.Drift(
                                        "int",
                                        12_010.0,
                                        12_010.0 * d[0],
                                        d[0],
                                        d[1],
                                        d[2],
                                        5,
                                        21,
                                        null,
                                        null,
                                        0.0,
                                        0.0,
                                        null,
                                        null,
                                        null))
                        .build());
        java.util.function.Function<double[], List<String>> noise = d ->
                FactorTables.factors(List.of(scenario("ws-literal", 500, 0.02, 900, 0.02, 0), with.apply(d)))
                        .rows()
                        .stream()
                        .map(r -> r.get(6))
                        .toList();
        // every factor line with ws-security says exactly this ("" where the figure did not move beyond its noise)
        java.util.function.BiConsumer<double[], String> every = (d, expected) -> {
            List<String> got = noise.apply(d);
            assertTrue(got.stream().allMatch(expected::equals), got.toString());
        };
        every.accept(
                new double[] {0.71, 0.66, 0.76},
                "ws-security still warming up: int's CPU per call 29 % lower when measured again after the timed"
                        + " pass (x0.71 [0.66, 0.76])");
        every.accept(
                new double[] {1.21, 1.01, 1.45},
                "ws-security moved while measured: int's CPU per call 21 % higher when measured again after the"
                        + " timed pass (x1.21 [1.01, 1.45])");
        every.accept(new double[] {0.97, 0.95, 0.99}, "");
        every.accept(new double[] {0.85, 0.70, 1.03}, "");
    }

    /**
     * A scenario whose timed pass the host's speed moved under, timed again and still moved, is flagged in words on
     * every factor line it is part of; one whose probes agree is not.
     */
    @Test
    void aScenarioMeasuredWhileTheHostsSpeedChangedIsFlagged() {
        java.util.function.Function<io.wirecost.runner.HostSpeed, List<String>> noise =
                h -> FactorTables.factors(List.of(
                                scenario("ws-literal", 500, 0.02, 900, 0.02, 0),
                                withFacts(
                                        scenario("ws-security", 9000, 0.02, 9000, 0.02, 0),
                                        ScenarioFacts.builder().hostSpeed(h, 0).build())))
                        .rows()
                        .stream()
                        .map(r -> r.get(6))
                        .toList();
        List<String> flagged = noise.apply(new io.wirecost.runner.HostSpeed(1180, 700, 1180, 2));
        assertFalse(flagged.isEmpty());
        assertTrue(
                flagged.stream()
                        .allMatch(n -> n.equals("ws-security measured while the host's speed changed (host reference"
                                + " (AES-GCM, one core) 1180 → 700 MB/s, timed 2 times)")),
                flagged.toString());
        assertTrue(
                noise.apply(new io.wirecost.runner.HostSpeed(1180, 1170, 1180, 1)).stream()
                        .allMatch(String::isEmpty),
                "probes that agree flag nothing");
    }

    /** {@code drift}, x1.19 [1.10, 1.28] with memory's x1.08 [1.05, 1.11], flagged on every line. */
    private static void assertFlaggedWithMemorysPace(io.wirecost.runner.Drift drift) {
        ScenarioResult flagged = withFacts(
                scenario("ws-security", 9000, 0.02, 9000, 0.02, 0),
                ScenarioFacts.builder().timedPass(null, null, drift).build());
        List<String> rows =
                FactorTables.factors(List.of(scenario("ws-literal", 500, 0.02, 900, 0.02, 0), flagged)).rows().stream()
                        .map(r -> r.get(6))
                        .toList();
        assertTrue(
                rows.stream()
                        .allMatch(n -> n.equals("ws-security moved while measured: int's CPU per call 19 % higher when"
                                + " measured again after the timed pass (x1.19 [1.10, 1.28]); memory's pace beside it"
                                + " x1.08 [1.05, 1.11]")),
                rows.toString());
    }

    /** A drift flag says how the memory's pace moved beside it; results.json names the drift's parts as before. */
    @Test
    void aDriftFlagSaysHowTheMemorysPaceMovedBesideIt() throws Exception {
        io.wirecost.runner.Drift drift = new io.wirecost.runner.Drift(
                "int", 12_010.0, 14_291.9, 1.19, 1.10, 1.28, 5, 21, null, null, 0.0, 0.19, 1.08, 1.05, 1.11);
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        Map<String, Object> readBack = json.readValue(
                json.writeValueAsString(drift),
                new com.fasterxml.jackson.core.type.TypeReference<Map<String, Object>>() {});
        assertEquals(
                List.of(
                        "operation",
                        "cpu_micros_per_call_timed",
                        "cpu_micros_per_call_again",
                        "ratio",
                        "ci_low",
                        "ci_high",
                        "batches",
                        "invocations",
                        "interval_part_spread_rtt",
                        "interval_part_spread_cpu",
                        "memory_pace_ratio",
                        "memory_pace_ci_low",
                        "memory_pace_ci_high"),
                List.copyOf(readBack.keySet()));
        assertFlaggedWithMemorysPace(drift);
    }

    /**
     * The factor lines' flags of a run of {@code other} and {@code cut}, whose --quick warm-up stopped at {@code calls}
     * per type with the JIT compiling apart ({@code jit}; null: on the calls' CPU).
     */
    private static List<String> flagsWithWarmupCut(
            ScenarioResult other, ScenarioResult cut, int calls, io.wirecost.runner.WarmupCompiler... jits) {
        return flagsWithWarmupCut(io.wirecost.runner.RunMethod.QUICK, other, cut, calls, jits);
    }

    private static List<String> flagsWithWarmupCut(
            io.wirecost.runner.RunMethod method,
            ScenarioResult other,
            ScenarioResult cut,
            int calls,
            io.wirecost.runner.WarmupCompiler... jits) {
        List<ScenarioResult> run = new java.util.ArrayList<>(List.of(other));
        // one repetition per JIT reading (none: one whose JIT compiled on the calls' CPU)
        for (io.wirecost.runner.WarmupCompiler jit :
                jits.length == 0 ? new io.wirecost.runner.WarmupCompiler[] {null} : jits)
            run.add(withFacts(
                    cut,
                    ScenarioFacts.builder()
                            .counts(new io.wirecost.runner.Counts(calls, 5, 5, 12, method, null, List.of(), null))
                            .warmupCompiler(jit)
                            .build()));
        return FactorTables.factors(run).rows().stream().map(r -> r.get(6)).toList();
    }

    /**
     * A warm-up --quick's budget cut is flagged; where the JIT compiled on the other CPU, the flag says how busy it
     * still was: the figures are not settled.
     */
    @Test
    void aWarmUpCutByTheQuickBudgetIsFlaggedWithTheJitsShareWhereKnown() {
        ScenarioResult wsLiteral = scenario("ws-literal", 500, 0.02, 900, 0.02, 0);
        List<String> apart = flagsWithWarmupCut(
                scenario("rmi", 15, 0.02, 15, 0.02, 0),
                wsLiteral,
                508,
                new io.wirecost.runner.WarmupCompiler(0, 8, 97.4, List.of(97.4), null, "end"),
                // a second repetition whose JIT share was unreadable does not hide the first's
                new io.wirecost.runner.WarmupCompiler(0, 8, Double.NaN, List.of(), null, "end"));
        List<String> unknown = flagsWithWarmupCut(wsLiteral, scenario("ws-security", 5000, 0.02, 9000, 0.02, 0), 25);
        assertTrue(
                unknown.stream()
                                .allMatch(n -> n.equals(
                                        "ws-security warm-up cut to 25 calls per type by --quick's time budget"))
                        && apart.stream()
                                .anyMatch(n -> n.equals("ws-literal warm-up cut to 508 calls per type by --quick's "
                                        + "time budget, its JIT still at 97 % of a CPU: timed before its code "
                                        + "settled")),
                unknown + " " + apart);
    }

    /** Counts given on the command line (the papers' method with other numbers) are flagged in their own words. */
    @Test
    void aWarmUpGivenUnderTheBoundIsFlaggedAsGivenAndOneAtTheBoundIsNot() {
        ScenarioResult rmi = scenario("rmi", 15, 0.02, 15, 0.02, 0);
        ScenarioResult wsLiteral = scenario("ws-literal", 500, 0.02, 900, 0.02, 0);
        List<String> given = flagsWithWarmupCut(io.wirecost.runner.RunMethod.PAPER, rmi, wsLiteral, 300);
        assertTrue(
                given.stream().anyMatch(n -> n.equals("ws-literal warm-up of 300 calls per type as given, under 1000")),
                given.toString());
        List<String> enough = flagsWithWarmupCut(io.wirecost.runner.RunMethod.PAPER, rmi, wsLiteral, 1000);
        assertTrue(enough.stream().noneMatch(n -> n.contains("warm-up")), enough.toString());
    }

    @Test
    void cpuCsvKeepsTheGatesHeaderAndRepetitionsGiveTheInterval() {
        ScenarioResult r1 = scenario("rmi", 40, 0.02, 100, 0.02, 0);
        ScenarioResult r2 = scenario("rmi", 40, 0.02, 110, 0.02, 0);
        ScenarioResult rep2 = new ScenarioResult(
                r2.scenario(),
                2,
                r2.paperColumn(),
                r2.status(),
                r2.error(),
                r2.seconds(),
                r2.calls(),
                r2.rtt(),
                r2.profiledRtt(),
                r2.shares(),
                r2.facts(),
                r2.profilers(),
                r2.recordings(),
                r2.sizes(),
                r2.sizesNote(),
                r2.cpu(),
                Map.of());
        List<String> lines = CpuCsv.render(List.of(r1, rep2)).lines().toList();
        assertEquals("scenario,operation,role,cpu_micros_per_call,ci_low,ci_high,invocations", lines.get(0));
        String[] f = lines.stream()
                .filter(l -> l.startsWith("rmi,int,all,"))
                .findFirst()
                .orElseThrow()
                .split(",");
        assertEquals(105.0, Double.parseDouble(f[3]), 0.01, "mean of the two repetitions");
        // two repetitions: t(0.975, 1) = 12.706 times the standard error 5
        assertEquals(105 - 12.706 * 5, Double.parseDouble(f[4]), 0.05);
        assertEquals(2400, Long.parseLong(f[6]));
        assertEquals(1 + 8 * 3, lines.size(), "8 operations x 3 roles");
    }
}
