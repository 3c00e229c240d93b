package io.wirecost.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The CPU sampling interval a recording says it was taken at, as diff and export label a profile with it. */
class RecordedIntervalTest {

    @TempDir
    Path tmp;

    @Test
    void asyncProfilerSaysItsIntervalInNanoseconds() {
        assertEquals(5_000_000L, RecordedInterval.nanos(Path.of("src/test/resources/recordings/ap29-cpu.jfr")));
    }

    /** A JDK recording's period of jdk.ExecutionSample, not another periodic event's. */
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
        assertEquals(7_000_000L, RecordedInterval.nanos(file));
    }

    @Test
    void whatSaysNoIntervalIsZeroNotAFailure() throws Exception {
        assertEquals(0, RecordedInterval.nanos(Files.writeString(tmp.resolve("junk.jfr"), "not a recording")));
        assertEquals(0, RecordedInterval.nanos(tmp.resolve("absent.jfr")));
        assertEquals(20_000_000L, RecordedInterval.parse("period", "20 ms"));
        assertEquals(1_000_000_000L, RecordedInterval.parse("period", "1 s"));
        assertEquals(0, RecordedInterval.parse("period", "everyChunk"));
        assertEquals(0, RecordedInterval.parse("period", "9 fortnights"));
        assertEquals(250_000L, RecordedInterval.parse("interval", "250000"));
    }
}
