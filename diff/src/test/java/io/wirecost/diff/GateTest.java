package io.wirecost.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The gate's verdicts on fixture runs: no verdict without repetitions, CPU deciding where it is steadier, the correction's effect. */
class GateTest {

    @TempDir
    Path dir;

    private static final RunDiff.Thresholds T = new RunDiff.Thresholds(5, 2, 1);

    private Gate.Result judge(Path base, Path cand) throws Exception {
        RunData b = RunData.read(base);
        RunData c = RunData.read(cand);
        return new Gate(T, 0.05).judge(b, c, new RunDiff().compare(b, c));
    }

    private static List<DiffLine> of(Gate.Result r, DiffLine.Kind kind) {
        return r.lines().stream().filter(l -> l.kind() == kind).toList();
    }

    @Test
    void oneRepetitionASideGivesNoVerdictEvenForADoubling() throws Exception {
        Gate.Result r = judge(
                RunFixture.write(dir.resolve("a"), new double[] {50}),
                RunFixture.write(dir.resolve("b"), new double[] {100}));
        assertFalse(r.complete());
        assertTrue(
                r.lines().stream().allMatch(l -> l.verdict() == DiffLine.Verdict.NO_VERDICT),
                r.lines().toString());
        // the change is still reported
        assertEquals(100.0, of(r, DiffLine.Kind.RTT).get(0).change(), 0.01);
    }

    @Test
    void twoRepetitionsAreStillTooFew() throws Exception {
        Gate.Result r = judge(
                RunFixture.write(dir.resolve("a"), new double[] {50, 51}),
                RunFixture.write(dir.resolve("b"), new double[] {100, 101}));
        assertFalse(r.complete());
        assertTrue(r.lines().stream().noneMatch(DiffLine::changed));
    }

    @Test
    void aSteadyDoublingOverThreeRepetitionsIsARegression() throws Exception {
        Gate.Result r = judge(
                RunFixture.write(dir.resolve("a"), new double[] {50, 51, 49}),
                RunFixture.write(dir.resolve("b"), new double[] {100, 102, 98}));
        assertTrue(r.complete());
        assertEquals(DiffLine.Kind.RTT, r.decisions().get("rmi").measure(), "no cpu.csv: round trips decide");
        assertEquals(
                DiffLine.Verdict.REGRESSION,
                cost(r, "primitives-geomean").verdict(),
                r.lines().toString());
        // the per-type lines are reported with their intervals but do not gate
        assertTrue(
                of(r, DiffLine.Kind.RTT).stream()
                        .filter(l -> !l.metric().equals("primitives-geomean"))
                        .allMatch(l -> l.reason() == DiffLine.NotGating.OUTSIDE_FAMILY),
                r.lines().toString());
        assertEquals(1, r.testedLines(), "one gating line: the deciding geometric mean");
    }

    @Test
    void theJsonNamesKindsByTheirWordsAndSaysWhyAReportedLineDoesNotGate() throws Exception {
        RunData b = RunData.read(RunFixture.write(dir.resolve("a"), new double[] {50, 51, 49}));
        RunData c = RunData.read(RunFixture.write(dir.resolve("b"), new double[] {100, 102, 98}));
        Gate.Result r = new Gate(T, 0.05).judge(b, c, new RunDiff().compare(b, c));
        String json = new DiffReport(b, c, r, T).json();
        assertTrue(json.contains("\"kind\" : \"rtt\""), json);
        assertTrue(json.contains("\"measure\" : \"rtt\""), json);
        assertTrue(
                json.contains(
                        "\"verdict\" : \"REPORTED\",\n    \"basis\" : \"3+3 repetitions\",\n    \"reason\" : \"OUTSIDE_FAMILY\""),
                json);
        // a line with a verdict of its own carries no reason
        assertEquals(json.split("\"verdict\" : \"REPORTED\"").length - 1, json.split("\"reason\"").length - 1, json);
    }

    @Test
    void unequalContentionWithholdsAModestVerdictButNotOneFarBeyondWhatContentionDoes() throws Exception {
        // the candidate waited 5 times as long in the run queue: a +10 % CPU change could be that contention
        Path a = RunFixture.write(dir.resolve("a"), new double[] {50, 51, 49}, 14);
        Path b = RunFixture.write(dir.resolve("b"), new double[] {55, 56, 54}, 70);
        RunFixture.cpu(a, 40, 0.5, 3000);
        RunFixture.cpu(b, 44, 0.5, 3000);
        Gate.Result r = judge(a, b);
        assertFalse(r.complete());
        assertTrue(r.unequalContention().containsKey("rmi"), r.toString());
        assertEquals(
                DiffLine.Verdict.NO_VERDICT, cost(r, "all/primitives-geomean").verdict());
        // 300 µs of injected work on 20 µs (GateBenchIT): +1,500 %, far beyond the 17 % contention moved CPU per call
        Path c = RunFixture.write(dir.resolve("c"), new double[] {320, 321, 319}, 70);
        RunFixture.cpu(c, 320, 2, 3000);
        r = judge(a, c);
        assertTrue(r.unequalContention().isEmpty(), r.unequalContention().toString());
        assertTrue(r.complete());
        assertEquals(
                DiffLine.Verdict.REGRESSION, cost(r, "all/primitives-geomean").verdict());
    }

    /** Gives every scenario entry of a fixture's results.json the warm-up counts {@code counts} (a JSON object). */
    private static Path warmedUp(Path dir, String counts) throws Exception {
        return withScenarioField(dir, "\"facts\":{\"counts\":" + counts + "}");
    }

    /** Every repetition's whole-call profile: 300 of 1,000 middleware samples in xml-binding, the rest application. */
    private static Path profiled(Path dir) throws Exception {
        return withScenarioField(
                dir,
                "\"shares\":{\"all\":{\"middleware_samples\":1000,\"middleware_percent\":["
                        + "{\"category\":\"xml-binding\",\"samples\":300},{\"category\":\"application\",\"samples\":700}]}}");
    }

    @Test
    void costTimedAfterAWarmupCutShortIsReportedNotGatingWhileASettledOneGates() throws Exception {
        // --quick's time budget stopped the warm-up at 450 calls: a doubling then says how far each side's JIT got
        Path a = profiled(
                warmedUp(RunFixture.write(dir.resolve("a"), new double[] {50, 51, 49}), "{\"warmupCalls\":450}"));
        Path b = profiled(
                warmedUp(RunFixture.write(dir.resolve("b"), new double[] {100, 102, 98}), "{\"warmupCalls\":700}"));
        RunFixture.cpu(a, 40, 0.5, 3000);
        RunFixture.cpu(b, 80, 0.5, 3000);
        Gate.Result r = judge(a, b);
        assertTrue(r.complete(), "the shares still gate: " + r.ungated());
        assertEquals(
                "warm-up cut to 450 to 700 calls per type in 6 of 6 repetitions",
                r.warmupCut().get("rmi"));
        List<DiffLine> costs = r.lines().stream().filter(l -> l.kind().cost()).toList();
        assertFalse(costs.isEmpty());
        assertTrue(costs.stream().allMatch(l -> l.reason() == DiffLine.NotGating.WARMUP_CUT), costs.toString());
        assertEquals(2, r.testedLines(), "the two categories' shares");
        DiffReport report = new DiffReport(RunData.read(a), RunData.read(b), r, T);
        assertEquals(0, report.regressions());
        assertTrue(
                report.markdown().contains("rmi: round trips and CPU per call **reported, not gating**: warm-up cut"),
                report.markdown());
        assertTrue(report.json().contains("\"warmup_cut\" : {\n    \"rmi\" : \"warm-up cut to 450"), report.json());

        // the same figures after a warm-up the adaptive method judged settled (or 5,000 calls) gate as before
        for (String counts : new String[] {"{\"warmupCalls\":450,\"settled\":true}", "{\"warmupCalls\":5000}"}) {
            Path c = warmedUp(RunFixture.write(dir.resolve("c" + counts.length()), new double[] {50, 51, 49}), counts);
            Path d =
                    warmedUp(RunFixture.write(dir.resolve("d" + counts.length()), new double[] {100, 102, 98}), counts);
            Gate.Result settled = judge(c, d);
            assertTrue(settled.warmupCut().isEmpty(), counts);
            assertEquals(
                    DiffLine.Verdict.REGRESSION,
                    cost(settled, "primitives-geomean").verdict(),
                    counts);
        }
    }

    @Test
    void aScenarioLeftWithNoGatingLineGetsNoVerdictInsteadOfPassing() throws Exception {
        // --quick --profiler none: the cost cannot gate and no profile's shares can either
        Path a = warmedUp(RunFixture.write(dir.resolve("a"), new double[] {50, 51, 49}), "{\"warmupCalls\":450}");
        Path b = warmedUp(RunFixture.write(dir.resolve("b"), new double[] {100, 102, 98}), "{\"warmupCalls\":450}");
        Gate.Result r = judge(a, b);
        assertFalse(r.complete());
        assertEquals(0, r.testedLines());
        DiffReport report = new DiffReport(RunData.read(a), RunData.read(b), r, T);
        assertTrue(report.noVerdictReason().startsWith("no verdict: rmi: no line gates"), report.noVerdictReason());
        assertTrue(report.summary().startsWith(":grey_question:"), report.summary());
    }

    private static DiffLine cost(Gate.Result r, String metric) {
        return r.lines().stream()
                .filter(l -> l.metric().equals(metric))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void aSmallEffectSignificantAloneIsCaughtByTheSmallFamily() throws Exception {
        // +8 % with 2 % spread: p ~0.01. Holm over all 8 round-trip lines (5 %/8) missed it; the family of one catches
        // it
        Gate.Result r = judge(
                RunFixture.write(dir.resolve("a"), new double[] {100, 102, 98}),
                RunFixture.write(dir.resolve("b"), new double[] {108, 110.5, 105.5}));
        DiffLine line = cost(r, "primitives-geomean");
        assertTrue(line.pValue() < 0.05 && line.pValue() > 0.05 / 8, "p " + line.pValue());
        assertEquals(DiffLine.Verdict.REGRESSION, line.verdict());
        assertEquals(
                1,
                r.lines().stream().filter(DiffLine::changed).count(),
                r.lines().toString());
    }

    @Test
    void cpuDecidesWhereItIsSteadierAndCatchesWhatNoisyRoundTripsHide() throws Exception {
        // round trips vary by a factor of 3 between repetitions; CPU per call by 1 %, and grows by 10 %
        Path a = RunFixture.write(dir.resolve("a"), new double[] {50, 150, 90});
        Path b = RunFixture.write(dir.resolve("b"), new double[] {60, 160, 80});
        RunFixture.cpu(a, 40, 0.5, 3000);
        RunFixture.cpu(b, 44, 0.5, 3000);
        Gate.Result r = judge(a, b);
        Gate.Decision d = r.decisions().get("rmi");
        assertEquals(DiffLine.Kind.CPU, d.measure());
        assertTrue(d.cpuCvPercent() < d.rttCvPercent(), d.toString());
        assertTrue(of(r, DiffLine.Kind.RTT).stream().allMatch(l -> l.verdict() == DiffLine.Verdict.NOT_DECIDING));
        List<DiffLine> cpu = of(r, DiffLine.Kind.CPU);
        assertEquals(4, cpu.size());
        // the whole-call geometric mean gates; server-only and per-type CPU lines are reported
        assertEquals(
                DiffLine.Verdict.REGRESSION, cost(r, "all/primitives-geomean").verdict(), cpu.toString());
        assertTrue(
                cpu.stream()
                        .filter(l -> !l.metric().equals("all/primitives-geomean"))
                        .allMatch(l -> l.reason() == DiffLine.NotGating.OUTSIDE_FAMILY),
                cpu.toString());
        assertEquals(10.0, cpu.get(0).change(), 0.01);
    }

    @Test
    void roundTripsDecideWhereCpuIsTheNoisierMeasure() throws Exception {
        Path a = RunFixture.write(dir.resolve("a"), new double[] {50, 51, 49});
        Path b = RunFixture.write(dir.resolve("b"), new double[] {100, 102, 98});
        RunFixture.cpu(a, 40, 30, 3000);
        RunFixture.cpu(b, 41, 30, 3000);
        Gate.Result r = judge(a, b);
        assertEquals(DiffLine.Kind.RTT, r.decisions().get("rmi").measure());
        assertTrue(of(r, DiffLine.Kind.CPU).stream().allMatch(l -> l.verdict() == DiffLine.Verdict.NOT_DECIDING));
        assertEquals(DiffLine.Verdict.REGRESSION, cost(r, "primitives-geomean").verdict());
    }

    @Test
    void cpuIntervalMatchesAWelchTestOnTheRepetitions() throws Exception {
        // reps 39,40,41 vs 43,44,45: s = 1, se = 1/sqrt(3), half-width = t(2) * se
        double half = Stats.tQuantile975(2) / Math.sqrt(3);
        Stats.Interval i = Stats.ratioOfSummaries(40, half, 3, 44, half, 3);
        // Welch on the raw values: t = 4 / sqrt(2/3) = 4.899 on 4 df, two-sided p = 0.00805
        assertEquals(0.00805, i.p(), 0.0002);
        assertEquals(1.10, i.estimate(), 1e-9);
    }

    /** Writes {@code run} (the results' "run" object) into a fixture's results.json. */
    private static Path withRun(Path dir, String run) throws Exception {
        return withTopLevel(dir, "run", run);
    }

    /** Adds a top-level field, {@code name} with the JSON {@code value}, to a fixture's results.json. */
    private static Path withTopLevel(Path dir, String name, String value) throws Exception {
        Path f = dir.resolve("results.json");
        String format = "{\"format\":\"wirecost-results/1\",";
        java.nio.file.Files.writeString(
                f, java.nio.file.Files.readString(f).replace(format, format + "\"" + name + "\":" + value + ","));
        return dir;
    }

    /** A run object saying when and where it began. */
    private static String session(String started, String host) {
        return "{\"started\":\"" + started + "\",\"host\":\"" + host + "\"}";
    }

    /** Gives every scenario entry of a fixture's results.json {@code seconds} of duration. */
    private static Path lasting(Path dir, double seconds) throws Exception {
        return withScenarioField(dir, "\"duration_seconds\":" + seconds);
    }

    /** Adds {@code field} ("name":value) to every scenario entry of a fixture's results.json. */
    private static Path withScenarioField(Path dir, String field) throws Exception {
        Path f = dir.resolve("results.json");
        java.nio.file.Files.writeString(
                f, java.nio.file.Files.readString(f).replace("\"status\":\"ok\",", "\"status\":\"ok\"," + field + ","));
        return dir;
    }

    @Test
    void runsHoursApartGetNoVerdictUnlessAllowed() throws Exception {
        // a baseline stored at night against a run ten hours later: the machine's speed moved in between
        Path night = withRun(
                RunFixture.write(dir.resolve("night"), new double[] {50, 51, 49}),
                session("2026-11-27T02:09:30Z", "vm"));
        Path noon = withRun(
                RunFixture.write(dir.resolve("noon"), new double[] {100, 102, 98}),
                session("2026-11-27T12:00:02Z", "vm"));
        Gate.Result r = judge(night, noon);
        assertFalse(r.complete(), "a doubling, but hours apart");
        assertTrue(
                r.lines().stream().allMatch(l -> l.verdict() == DiffLine.Verdict.NO_VERDICT),
                r.lines().toString());
        assertEquals(
                "measured 9 h 50 min apart (baseline began 2026-11-27T02:09:30Z, candidate 2026-11-27T12:00:02Z)",
                r.apart());
        assertFalse(r.apartAllowed());
        DiffReport report = new DiffReport(RunData.read(night), RunData.read(noon), r, T);
        assertTrue(
                report.noVerdictReason().startsWith("no verdict: the runs were measured 9 h 50 min apart"),
                report.noVerdictReason());
        assertTrue(report.markdown().contains("pass --allow-apart to judge anyway"), report.markdown());

        RunData b = RunData.read(night);
        RunData c = RunData.read(noon);
        Gate.Result allowed =
                new Gate(T, 0.05, Gate.DEFAULT_MIN_SHARE_PERCENT, true).judge(b, c, new RunDiff().compare(b, c));
        assertTrue(allowed.complete());
        assertTrue(allowed.apartAllowed());
        assertEquals(
                DiffLine.Verdict.REGRESSION,
                of(allowed, DiffLine.Kind.RTT).stream()
                        .filter(l -> l.metric().equals("primitives-geomean"))
                        .findFirst()
                        .orElseThrow()
                        .verdict());
        assertTrue(new DiffReport(b, c, allowed, T).markdown().contains("these verdicts may be the machine's"));
    }

    @Test
    void theHourCountsFromTheEndOfTheFirstRunAndAnotherHostIsApart() throws Exception {
        // the first run's scenarios took 50 min: its end and the second's start are 25 min apart, one sitting
        Path a = lasting(
                withRun(
                        RunFixture.write(dir.resolve("a"), new double[] {50, 51, 49}),
                        session("2026-11-27T10:00:00Z", "vm")),
                1000);
        Path b = withRun(
                RunFixture.write(dir.resolve("b"), new double[] {100, 102, 98}), session("2026-11-27T11:15:00Z", "vm"));
        Gate.Result sitting = judge(b, a); // the order of the sides does not matter
        assertEquals("", sitting.apart());
        assertTrue(sitting.complete());
        // without the durations, 1 h 15 min between the starts is too long; 45 min too

        Path c = withRun(
                RunFixture.write(dir.resolve("c"), new double[] {50, 51, 49}), session("2026-11-27T10:00:00Z", "vm"));
        assertEquals(
                "measured 1 h 15 min apart (baseline began 2026-11-27T10:00:00Z, candidate 2026-11-27T11:15:00Z)",
                judge(c, b).apart());
        Path f = withRun(
                RunFixture.write(dir.resolve("f"), new double[] {100, 102, 98}), session("2026-11-27T10:45:00Z", "vm"));
        assertEquals(
                "measured 45 min apart (baseline began 2026-11-27T10:00:00Z, candidate 2026-11-27T10:45:00Z)",
                judge(c, f).apart());
        // a stored baseline from another runner, even minutes before
        Path d = withRun(
                RunFixture.write(dir.resolve("d"), new double[] {100, 102, 98}),
                session("2026-11-27T10:05:00Z", "fv-az101"));
        Gate.Result host = judge(c, d);
        assertEquals("measured on different hosts (vm vs fv-az101)", host.apart());
        assertFalse(host.complete());
        // older runs without the fields: nothing held against them
        Path e = RunFixture.write(dir.resolve("e"), new double[] {100, 102, 98});
        assertEquals("", judge(c, e).apart());
    }

    private static final String ADAPTIVE_PINNED = "{\"settings\":{\"method\":\"adaptive\",\"stringLength\":64},"
            + "\"cpuAffinity\":\"cpu 1 (client and server JVMs pinned with taskset)\","
            + "\"profiler\":{\"engine\":\"async\",\"event\":\"cpu\",\"intervalNs\":1000000}}";

    /** Judges a baseline and a candidate twice as slow ({@code name}-base, {@code name}-cand), each with its "run" object. */
    private Gate.Result judgeRuns(String name, String baseRun, String candRun) throws Exception {
        return judge(
                withRun(RunFixture.write(dir.resolve(name + "-base"), new double[] {50, 51, 49}), baseRun),
                withRun(RunFixture.write(dir.resolve(name + "-cand"), new double[] {100, 102, 98}), candRun));
    }

    @Test
    void runsMeasuredDifferentlyGetNoVerdictNamingEachDifference() throws Exception {
        String quickUnpinned = ADAPTIVE_PINNED
                .replace("adaptive", "quick")
                .replace("cpu 1 (client and server JVMs pinned with taskset)", "none");
        Gate.Result r = judgeRuns("differently", ADAPTIVE_PINNED, quickUnpinned);
        assertFalse(r.complete(), "a doubling, but measured differently");
        assertTrue(
                r.lines().stream().allMatch(l -> l.verdict() == DiffLine.Verdict.NO_VERDICT),
                r.lines().toString());
        assertEquals(
                java.util.Map.of("method", "adaptive vs quick", "CPU pinning", "both JVMs on one CPU vs none"),
                r.measuredDifferently());
        assertEquals(100.0, of(r, DiffLine.Kind.RTT).get(0).change(), 0.01, "the change is still reported");
    }

    @Test
    void runsWhoseEndpointFiguresComeFromDifferentSamplersGetNoVerdict() throws Exception {
        Gate.Result r = judge(
                withEndpointSampler(
                        withRun(RunFixture.write(dir.resolve("cpu-base"), new double[] {50, 51, 49}), ADAPTIVE_PINNED),
                        "cpu"),
                withEndpointSampler(
                        withRun(
                                RunFixture.write(dir.resolve("itimer-cand"), new double[] {100, 102, 98}),
                                ADAPTIVE_PINNED),
                        "itimer"));
        assertFalse(r.complete(), "a doubling, but its endpoints sampled by another event");
        assertEquals(java.util.Map.of("endpoint sampler", "cpu vs itimer"), r.measuredDifferently());
        // the same sampler, or a run without endpoint figures against one with them: measured alike
        Path same = withEndpointSampler(
                withRun(RunFixture.write(dir.resolve("cpu-cand"), new double[] {100, 102, 98}), ADAPTIVE_PINNED),
                "cpu");
        assertTrue(judge(
                        withRun(
                                RunFixture.write(dir.resolve("plain-base"), new double[] {50, 51, 49}),
                                ADAPTIVE_PINNED),
                        same)
                .measuredDifferently()
                .isEmpty());
    }

    /** Adds the top-level endpoint_sampler object a run with endpoint figures writes. */
    private static Path withEndpointSampler(Path dir, String event) throws Exception {
        return withTopLevel(dir, "endpoint_sampler", "{\"event\":\"" + event + "\"}");
    }

    @Test
    void aBaselineWithoutTheMethodsJitThresholdsForWsSecurityIsNotJudgedAgainstOneWithThem() throws Exception {
        String scaled = ADAPTIVE_PINNED.replace(
                "\"profiler\":",
                "\"methodJvmOptions\":{\"ws-security\":[\"-XX:CompileThresholdScaling=0.25\"]},\"profiler\":");
        Gate.Result before = judgeRuns("before", ADAPTIVE_PINNED, scaled);
        assertFalse(before.complete());
        assertEquals(
                java.util.Map.of("JVM options of the method", "none vs ws-security: -XX:CompileThresholdScaling=0.25"),
                before.measuredDifferently());
        // both with them, or a run whose method added none against an older run: measured alike
        Gate.Result both = judgeRuns("both", scaled, scaled);
        assertTrue(both.complete());
        assertTrue(
                both.measuredDifferently().isEmpty(), both.measuredDifferently().toString());
        Gate.Result none = judgeRuns(
                "none",
                ADAPTIVE_PINNED,
                ADAPTIVE_PINNED.replace("\"profiler\":", "\"methodJvmOptions\":{},\"profiler\":"));
        assertTrue(
                none.measuredDifferently().isEmpty(), none.measuredDifferently().toString());
    }

    @Test
    void runsMeasuredAlikeOrWithoutTheirSettingsAreJudged() throws Exception {
        // the same settings, and a different scenario option (an injected regression is what a diff compares)
        Gate.Result r = judgeRuns(
                "injected",
                ADAPTIVE_PINNED,
                ADAPTIVE_PINNED.replace(
                        "\"settings\":{", "\"settings\":{\"scenarioOptions\":{\"inject.cpu-us\":\"2\"},"));
        assertTrue(r.complete());
        assertTrue(r.measuredDifferently().isEmpty());
        // pinned to another CPU number on another machine: measured alike
        Gate.Result otherCpu = judgeRuns("otherCpu", ADAPTIVE_PINNED, ADAPTIVE_PINNED.replace("cpu 1", "cpu 7"));
        assertTrue(
                otherCpu.measuredDifferently().isEmpty(),
                otherCpu.measuredDifferently().toString());
        // a --quick baseline stored before its JIT moved to the other CPU (2026-11-26): measured differently
        String quickBefore = ADAPTIVE_PINNED.replace("adaptive", "quick");
        String quickNow = quickBefore.replace(
                "pinned with taskset)",
                "pinned with taskset); their JIT compiler threads on cpu 0 until the timed pass"
                        + " (to the end where --quick cut the warm-up)");
        Gate.Result quick = judgeRuns("quick", quickBefore, quickNow);
        assertEquals(
                java.util.Map.of(
                        "CPU pinning",
                        "both JVMs on one CPU vs both JVMs on one CPU, the JIT on another until the timed pass"
                                + " (to the end where cut)"),
                quick.measuredDifferently());
        // an older run without the settings: nothing to compare, so nothing held against it
        Gate.Result older = judge(
                withRun(RunFixture.write(dir.resolve("c"), new double[] {50, 51, 49}), ADAPTIVE_PINNED),
                RunFixture.write(dir.resolve("d"), new double[] {100, 102, 98}));
        assertTrue(older.complete());
        assertEquals(
                DiffLine.Verdict.REGRESSION,
                of(older, DiffLine.Kind.RTT).stream()
                        .filter(l -> l.metric().equals("primitives-geomean"))
                        .findFirst()
                        .orElseThrow()
                        .verdict());
    }

    /**
     * run --profile cpu,endpoints on both sides: each endpoint's CPU per request is a gating line of its own, tested
     * on the per-repetition figures with Holm over the family, so one endpoint that got dearer fails the gate while
     * the scenario's round trips (and the other endpoint) stay as they were.
     */
    @Test
    void oneEndpointThatGotDearerPerRequestIsARegressionOfItsOwn() throws Exception {
        double[] rtt = {50, 51, 49, 50, 50};
        Path a = RunFixture.write(dir.resolve("a"), rtt);
        Path b = RunFixture.write(dir.resolve("b"), rtt);
        RunFixture.endpoints(
                a, java.util.Map.of("GET /rtt/int", new double[] {40, 41, 39, 40, 40}, "GET /a,b", new double[] {
                    60, 62, 58, 61, 59
                }));
        RunFixture.endpoints(
                b, java.util.Map.of("GET /rtt/int", new double[] {40, 39, 41, 40, 40}, "GET /a,b", new double[] {
                    90, 93, 87, 91, 89
                }));
        Gate.Result r = judge(a, b);
        List<DiffLine> endpoints = of(r, DiffLine.Kind.ENDPOINT);
        assertEquals(2, endpoints.size(), endpoints.toString());
        DiffLine dearer = endpoints.stream()
                .filter(l -> l.metric().equals("GET /a,b"))
                .findFirst()
                .orElseThrow();
        assertEquals(DiffLine.Verdict.REGRESSION, dearer.verdict(), dearer.toString());
        assertEquals(50.0, dearer.change(), 1.0);
        assertEquals("µs", dearer.unit());
        DiffLine same = endpoints.stream()
                .filter(l -> l.metric().equals("GET /rtt/int"))
                .findFirst()
                .orElseThrow();
        assertEquals(DiffLine.Verdict.NO_CHANGE, same.verdict(), same.toString());
        assertTrue(of(r, DiffLine.Kind.RTT).stream().noneMatch(DiffLine::changed), "the round trips did not move");
        // in the family: three more lines than without endpoints.csv (the rtt geomean, two endpoints)
        assertEquals(3, r.testedLines());
    }

    @Test
    void endpointsWithoutRepetitionsAreReportedWithoutAVerdict() throws Exception {
        Path a = RunFixture.write(dir.resolve("a"), new double[] {50});
        Path b = RunFixture.write(dir.resolve("b"), new double[] {50});
        RunFixture.endpoints(a, java.util.Map.of("GET /x", new double[] {40}));
        RunFixture.endpoints(b, java.util.Map.of("GET /x", new double[] {80}));
        DiffLine l = of(judge(a, b), DiffLine.Kind.ENDPOINT).get(0);
        assertEquals(DiffLine.Verdict.NO_VERDICT, l.verdict());
        assertEquals(100.0, l.change(), 0.01);
    }

    /**
     * A cheap endpoint can have no sample in a short repetition (0 µs per request): its line is reported untested,
     * the others are still tested, and the diff does not fail on the logarithm of zero.
     */
    @Test
    void anEndpointWithNoSampleInARepetitionIsReportedUntested() throws Exception {
        double[] rtt = {50, 51, 49};
        Path a = RunFixture.write(dir.resolve("a"), rtt);
        Path b = RunFixture.write(dir.resolve("b"), rtt);
        RunFixture.endpoints(
                a, java.util.Map.of("GET /health", new double[] {0, 40, 20}, "GET /orders", new double[] {60, 62, 58}));
        RunFixture.endpoints(
                b, java.util.Map.of("GET /health", new double[] {20, 0, 40}, "GET /orders", new double[] {90, 93, 87}));
        Gate.Result r = judge(a, b);
        List<DiffLine> endpoints = of(r, DiffLine.Kind.ENDPOINT);
        DiffLine health = endpoints.stream()
                .filter(l -> l.metric().equals("GET /health"))
                .findFirst()
                .orElseThrow();
        assertTrue(Double.isNaN(health.pValue()), health.toString());
        assertTrue(!health.changed(), health.toString());
        DiffLine orders = endpoints.stream()
                .filter(l -> l.metric().equals("GET /orders"))
                .findFirst()
                .orElseThrow();
        assertEquals(DiffLine.Verdict.REGRESSION, orders.verdict(), orders.toString());
    }

    /**
     * A health check's figure in a short repetition rests on a handful of samples (its sampling interval spreads 80 %
     * either side): reported with its interval, outside the family, so its noise neither fails the gate nor takes
     * Holm's power from the endpoint that did get dearer.
     */
    @Test
    void aThinlySampledEndpointIsReportedNotGating() throws Exception {
        double[] rtt = {50, 51, 49, 50, 50};
        Path a = RunFixture.write(dir.resolve("a"), rtt);
        Path b = RunFixture.write(dir.resolve("b"), rtt);
        RunFixture.endpoints(a, java.util.Map.of("GET /health", new double[] {40, 57, 30, 45, 41}), 0.8);
        RunFixture.endpoints(b, java.util.Map.of("GET /health", new double[] {90, 97, 88, 95, 92}), 0.8);
        Gate.Result r = judge(a, b);
        DiffLine health = of(r, DiffLine.Kind.ENDPOINT).get(0);
        assertEquals(DiffLine.Verdict.REPORTED, health.verdict(), health.toString());
        assertEquals(DiffLine.NotGating.OUTSIDE_FAMILY, health.reason());
        assertTrue(health.pValue() < 0.05, "significant on its own, still not gating: " + health);
        assertEquals(1, r.testedLines(), "only the round trips' line gates");
        // the same figures resting on enough samples on one side gate
        RunFixture.endpoints(b, java.util.Map.of("GET /health", new double[] {90, 97, 88, 95, 92}), 0.2);
        DiffLine resolved = of(judge(a, b), DiffLine.Kind.ENDPOINT).get(0);
        assertEquals(DiffLine.Verdict.REGRESSION, resolved.verdict(), resolved.toString());
    }
}
