package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wirecost.runner.ProfilerSettings;
import io.wirecost.runner.RunMethod;
import io.wirecost.runner.UsageException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@code run --profile}: what it accepts, and the agent options it turns into. */
class RunProfileOptionTest {

    @Test
    void cpuAloneIsTheDefaultAndAddsNothing() {
        assertEquals(Set.of(), ProfilerOptions.profileExtras(List.of("cpu")));
        assertEquals(
                "engine=async,event=cpu,interval=1000,start=manual,file="
                        + Path.of("/tmp/r.jfr").toAbsolutePath(),
                new ProfilerSettings("async", "cpu", 1000).agentOptions(Path.of("/tmp/r.jfr")));
    }

    @Test
    void allocAndLockBecomeTheAgentsAlsoOption() {
        Set<String> extras = ProfilerOptions.profileExtras(List.of("cpu", "lock", "alloc"));
        assertEquals(Set.of("alloc", "lock"), extras);
        assertEquals(
                "engine=jfr,event=cpu,interval=1000,also=alloc+lock,start=manual,file="
                        + Path.of("/tmp/r.jfr").toAbsolutePath(),
                new ProfilerSettings("jfr", "cpu", 1000, extras).agentOptions(Path.of("/tmp/r.jfr")));
    }

    @Test
    void aLiveSessionsOptionsReplaceTheRecordingFile() {
        // bench overhead's +otlp: the live session keeps no file (it would append every window to it)
        java.util.Map<String, String> live = new java.util.LinkedHashMap<>();
        live.put("otlp.endpoint", "http://127.0.0.1:4318");
        live.put("service.name", "wirecost-bench");
        assertEquals(
                "engine=async,event=itimer,interval=10000000,start=manual,otlp.endpoint=http://127.0.0.1:4318,"
                        + "service.name=wirecost-bench",
                new ProfilerSettings("async", "itimer", 10_000_000).agentOptions(Path.of("/tmp/r.jfr"), live));
    }

    /**
     * JFR has one sampler: an event other than cpu beside it would be recorded and not honoured, so it is refused
     * (by run, profile and attach alike), and a run's header names JFR alone.
     */
    @Test
    void anAsyncProfilerEventWithJfrIsRefusedAndJfrNamesNoEvent() {
        for (String[] command : List.of(
                new String[] {"run", "--profiler", "jfr", "--event", "wall", "--scenarios", "tcp"},
                new String[] {"profile", "--profiler", "jfr", "--event", "itimer", "--", "true"},
                new String[] {"attach", "1", "--profiler", "jfr", "--event", "wall"})) {
            InProcess.Outcome o = InProcess.run(command);
            assertEquals(2, o.exit(), String.join(" ", command));
            assertEquals(1, o.stderr().size(), o.stderr().toString());
            assertTrue(
                    o.stderr().get(0).startsWith("wirecost: --event "),
                    o.stderr().get(0));
            assertTrue(
                    o.stderr().get(0).contains("JFR takes CPU samples only"),
                    o.stderr().get(0));
        }
        assertEquals("cpu", ProfilerOptions.event("jfr", null, "itimer"));
        assertEquals("cpu", ProfilerOptions.event("jfr", "cpu", "itimer"));
        assertEquals("itimer", ProfilerOptions.event("async", null, "itimer"));
        assertEquals("wall", ProfilerOptions.event("async", "wall", "cpu"));
        assertEquals("jfr", new ProfilerSettings("jfr", "cpu", 1000).sampler());
        assertEquals("async itimer", new ProfilerSettings("async", "itimer", 1000).sampler());
    }

    @Test
    void unknownItemsAndAMissingCpuAreOneLineErrors() {
        assertEquals(
                "--profile: each item must be cpu, alloc, lock or endpoints, got 'heap'",
                assertThrows(UsageException.class, () -> ProfilerOptions.profileExtras(List.of("cpu", "heap")))
                        .getMessage());
        assertEquals(
                "--profile must include cpu (e.g. cpu,alloc,lock), got 'alloc'",
                assertThrows(UsageException.class, () -> ProfilerOptions.profileExtras(List.of("alloc")))
                        .getMessage());
    }

    @Test
    void theIntervalDefaultsToTheFinestEachEngineTakesWhereTheSampleBudgetEndsThePass() {
        assertEquals(250_000L, ProfilerOptions.intervalNanos("async", null, RunMethod.ADAPTIVE));
        assertEquals(250_000L, ProfilerOptions.intervalNanos("async", null, RunMethod.QUICK));
        // the papers' counts fix the profiled pass's length: a finer interval would only slow it
        assertEquals(1_000_000L, ProfilerOptions.intervalNanos("async", null, RunMethod.PAPER));
        assertEquals(1_000_000L, ProfilerOptions.intervalNanos("jfr", null, RunMethod.ADAPTIVE));
        assertEquals(2_000_000L, ProfilerOptions.intervalNanos("jfr", "2ms", RunMethod.QUICK));
        assertEquals(100_000L, ProfilerOptions.intervalNanos("async", "100us", RunMethod.PAPER));
        assertEquals(
                "--interval: JFR samples at most once a millisecond, got '500us'",
                assertThrows(
                                UsageException.class,
                                () -> ProfilerOptions.intervalNanos("jfr", "500us", RunMethod.ADAPTIVE))
                        .getMessage());
    }
}
