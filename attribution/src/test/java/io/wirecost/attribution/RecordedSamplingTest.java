package io.wirecost.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import jdk.jfr.Recording;
import one.profiler.AsyncProfiler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How a recording says it sampled, as diff and export label a profile with it. */
class RecordedSamplingTest {

    @TempDir
    Path tmp;

    /** async-profiler's own recording, made here: the event that ran and its interval in nanoseconds. */
    @Test
    void asyncProfilerSaysItsEventAndInterval() throws Exception {
        Path file = tmp.resolve("itimer.jfr");
        AsyncProfiler profiler = AsyncProfiler.getInstance();
        profiler.execute("start,event=itimer,interval=3ms,jfr,file=" + file);
        try {
            Thread.sleep(50);
        } finally {
            profiler.execute("stop");
        }
        assertEquals(new RecordedSampling("itimer", 3_000_000L), RecordedSampling.of(file));
        // async-profiler 2.9's file names its interval
        assertEquals(
                5_000_000L,
                RecordedSampling.of(Path.of("src/test/resources/recordings/ap29-cpu.jfr"))
                        .intervalNanos());
    }

    /** A JDK recording's period of jdk.ExecutionSample, not another periodic event's, and no event of its own. */
    @Test
    void theJdkSaysItsExecutionSamplePeriod() throws Exception {
        Path file = tmp.resolve("jdk.jfr");
        try (Recording r = new Recording()) {
            r.enable("jdk.ActiveSetting"); // as the agent's JFR engine and the JDK's default.jfc enable it
            r.enable("jdk.ThreadCPULoad").withPeriod(Duration.ofMillis(3));
            r.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(7));
            r.enable("jdk.NativeMethodSample").withPeriod(Duration.ofMillis(5));
            r.start();
            Thread.sleep(50);
            r.stop();
            r.dump(file);
        }
        RecordedSampling s = RecordedSampling.of(file);
        assertEquals(7_000_000L, s.intervalNanos());
        assertNull(s.event());
    }

    @Test
    void whatSaysNothingIsUnknownNotAFailure() throws Exception {
        assertEquals(
                RecordedSampling.UNKNOWN,
                RecordedSampling.of(Files.writeString(tmp.resolve("junk.jfr"), "not a recording")));
        assertEquals(RecordedSampling.UNKNOWN, RecordedSampling.of(tmp.resolve("absent.jfr")));
        assertEquals(20_000_000L, RecordedSampling.parse("period", "20 ms"));
        assertEquals(1_000_000_000L, RecordedSampling.parse("period", "1 s"));
        assertEquals(0, RecordedSampling.parse("period", "everyChunk"));
        assertEquals(0, RecordedSampling.parse("period", "9 fortnights"));
        assertEquals(250_000L, RecordedSampling.parse("interval", "250000"));
        assertEquals("cpu", RecordedSampling.event("perf_events", "cpu"));
        assertEquals("itimer", RecordedSampling.event("itimer", "itimer")); // perf events refused: the agent's fallback
        assertEquals("itimer", RecordedSampling.event("itimer", "cpu"));
        assertEquals("wall", RecordedSampling.event(null, "wall"));
        assertNull(RecordedSampling.event(null, "alloc"));
    }
}
