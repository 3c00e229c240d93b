package io.wirecost.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AgentOptionsTest {

    @Test
    void withoutMetricsTheRecordingIsAlwaysKept() {
        AgentOptions o = AgentOptions.parse("engine=jfr,interval=5ms,start=manual");
        assertEquals("jfr", o.engine());
        assertEquals(5_000_000L, o.intervalNs());
        assertFalse(o.startNow());
        assertNull(o.metrics());
        assertTrue(o.keepsRecording());
        assertEquals(Path.of("wirecost-" + ProcessHandle.current().pid() + ".jfr"), o.recordingFile());
    }

    @Test
    void jfrTakesCpuSamplesOnlyAndRefusesAnAsyncProfilerEvent() {
        assertEquals("cpu", AgentOptions.parse("engine=jfr").event());
        assertEquals("cpu", AgentOptions.parse("engine=jfr,event=cpu").event());
        assertEquals(
                AgentOptions.DEFAULT_EVENT, AgentOptions.parse("engine=async").event());
        for (String event : List.of("wall", "itimer", "ctimer")) {
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("engine=jfr,event=" + event));
            assertEquals(
                    "event=" + event + ": engine=jfr takes CPU samples only (jdk.ExecutionSample); " + event
                            + " is an async-profiler event (engine=async)",
                    e.getMessage());
        }
    }

    @Test
    void durationsTakeEachSuffixAndBareNanoseconds() {
        // ms, us and ns end in s or m: each must be read as itself, not as seconds or minutes
        assertEquals(5_000_000L, AgentOptions.parseDuration("5ms"));
        assertEquals(500_000L, AgentOptions.parseDuration("500US"));
        assertEquals(7L, AgentOptions.parseDuration(" 7ns "));
        assertEquals(2_000_000_000L, AgentOptions.parseDuration("2s"));
        assertEquals(180_000_000_000L, AgentOptions.parseDuration("3m"));
        assertEquals(1_000_000L, AgentOptions.parseDuration("1000000"));
        assertThrows(IllegalArgumentException.class, () -> AgentOptions.parseDuration("0s"));
        assertThrows(IllegalArgumentException.class, () -> AgentOptions.parseDuration("10h"));
    }

    @Test
    void allocAndLockAreRecordedOnlyWhenAsked() {
        assertEquals(java.util.Set.of(), AgentOptions.parse("engine=async").extras());
        assertEquals(
                java.util.Set.of("alloc", "lock"),
                AgentOptions.parse("engine=async,also=lock+alloc,start=manual").extras());
        assertEquals(java.util.Set.of("alloc"), AgentOptions.parse("also=alloc").extras());
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class, () -> AgentOptions.parse("also=alloc+wall"));
        assertEquals("also must be one of alloc|lock, got 'wall'", e.getMessage());
    }

    @Test
    void metricsOptionsAndStaticLabels() {
        AgentOptions o =
                AgentOptions.parse("metrics.port=9464,metrics.bind=0.0.0.0,metrics.period=5s,metrics.window=2m,"
                        + "role=server,labels=service:demo;run:r1;scenario:rmi,rules=/tmp/my.rules");
        MetricsOptions m = o.metrics();
        assertEquals(9464, m.port());
        assertEquals("0.0.0.0", m.bind());
        assertEquals(5_000_000_000L, m.periodNs());
        assertEquals(120_000_000_000L, m.windowNs());
        assertEquals("server", m.role());
        assertEquals(
                List.of("service", "run", "scenario"), List.copyOf(m.labels().keySet()), "order kept");
        assertEquals(Map.of("service", "demo", "run", "r1", "scenario", "rmi"), m.labels());
        assertEquals(Path.of("/tmp/my.rules"), o.rules());
        assertFalse(o.keepsRecording(), "with metrics, only an explicit file= is kept");
        assertTrue(AgentOptions.parse("metrics.port=0,file=/tmp/a.jfr").keepsRecording());
    }

    @Test
    void defaultsAreLoopbackTenSecondsAndAMinute() {
        MetricsOptions m = AgentOptions.parse("metrics.port=9464").metrics();
        assertEquals("127.0.0.1", m.bind());
        assertEquals(10_000_000_000L, m.periodNs());
        assertEquals(60_000_000_000L, m.windowNs());
        assertEquals("app", m.role());
        assertTrue(m.labels().isEmpty());
    }

    @Test
    void mistakesAreNamed() {
        assertMessage("unknown option 'metrics.prot'", "metrics.prot=9464");
        assertMessage("labels need(s) metrics.port=PORT", "labels=service:x");
        assertMessage("rules= applies to live metrics", "rules=/tmp/x.rules");
        assertMessage("metrics.port must be 0..65535, got '70000'", "metrics.port=70000");
        assertMessage("label name 'category' is reserved", "metrics.port=1,labels=category:x");
        assertMessage("label name 'job' is reserved", "metrics.port=1,labels=job:x");
        assertMessage("label name 'my-label' is not a Prometheus label name", "metrics.port=1,labels=my-label:x");
        assertMessage("labels must be name:value;name:value, got 'service'", "metrics.port=1,labels=service");
        assertMessage("label 'a' given twice", "metrics.port=1,labels=a:1;a:2");
        assertMessage("metrics.period must be at least 1s", "metrics.port=1,metrics.period=100ms");
        assertMessage(
                "metrics.window must be at least metrics.period",
                "metrics.port=1,metrics.period=30s,metrics.window=10s");
        assertMessage(
                "metrics.tls.keystore and metrics.tls.password-file go together",
                "metrics.port=1,metrics.tls.keystore=/k.p12");
        assertMessage("interval must be a positive duration like 10ms, got 'fast'", "interval=fast");
        assertMessage("endpoints must be one of on|off, got 'yes'", "endpoints=yes");
        assertMessage("endpoints.max must be a whole number from 1 to 1000, got '0'", "endpoints=on,endpoints.max=0");
        assertMessage("endpoints=on measures CPU per request: not with event=wall", "endpoints=on,event=wall");
    }

    @Test
    void endpointsAreOffUnlessAsked() {
        assertFalse(AgentOptions.parse("engine=async").endpoints());
        AgentOptions on = AgentOptions.parse("endpoints=on,endpoints.max=20");
        assertTrue(on.endpoints());
        assertEquals(20, on.maxEndpoints());
        assertEquals(
                AgentOptions.DEFAULT_MAX_ENDPOINTS,
                AgentOptions.parse("endpoints=on").maxEndpoints());
    }

    private static void assertMessage(String expected, String args) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse(args));
        assertTrue(e.getMessage().startsWith(expected), e.getMessage());
    }

    @Test
    void aRecordingPlaceThatCannotBeWrittenIsRefusedNamingTheOption() {
        IllegalArgumentException dir =
                assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("dir=/nonexistent-wirecost-dir"));
        assertEquals("dir=/nonexistent-wirecost-dir: no such directory", dir.getMessage());
        IllegalArgumentException file = assertThrows(
                IllegalArgumentException.class, () -> AgentOptions.parse("file=/nonexistent-wirecost-dir/a.jfr"));
        assertEquals(
                "file=/nonexistent-wirecost-dir/a.jfr: no such directory (/nonexistent-wirecost-dir)",
                file.getMessage());
    }
}
