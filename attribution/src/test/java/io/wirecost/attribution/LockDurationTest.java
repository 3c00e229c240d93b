package io.wirecost.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.LockSupport;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Lock time is the sum of the events' durations as the JDK computes each ({@code RecordedEvent.getDuration}:
 * end and start converted, then subtracted). Scaling durations in doubles lost a nanosecond on long events.
 */
class LockDurationTest {

    @TempDir
    Path dir;

    @Test
    void backToBackEventsSumToTheirSpanAsTheJdkConvertsIt() {
        long ticksPerSec = 2_095_078_000L; // a TSC clock, as async-profiler and some JDKs record
        long chunkStart = 1_000L;
        long start = chunkStart + 123_457L;
        long sum = 0;
        long oldSum = 0;
        long t = start;
        for (int i = 0; i < 10_000; i++) {
            long d = 1 + (i * 7919L) % 50_000;
            sum += EventSelection.blockedNanos(t, d, chunkStart, ticksPerSec);
            oldSum += (long) (d * 1e9 / ticksPerSec);
            t += d;
        }
        double divisor = ticksPerSec / 1e9;
        long span = (long) ((t - chunkStart) / divisor) - (long) ((start - chunkStart) / divisor);
        assertEquals(span, sum);
        assertTrue(span - oldSum > 1_000, "scaling each duration alone lost " + (span - oldSum) + " ns");
        // with nanosecond ticks, as the JDK writes on Linux, the duration is the tick count
        assertEquals(9_876_543_210L, EventSelection.blockedNanos(5_000L, 9_876_543_210L, 17L, 1_000_000_000L));
    }

    /** A real JDK recording of parked threads: the lock total equals the JDK parser's sum to the nanosecond. */
    @Test
    void lockTotalEqualsTheJdksSumOfDurations() throws Exception {
        Path file = dir.resolve("park.jfr");
        try (Recording r = new Recording()) {
            r.enable("jdk.ThreadPark").withThreshold(Duration.ZERO).withStackTrace();
            r.start();
            CountDownLatch done = new CountDownLatch(200);
            for (int i = 0; i < 4; i++) {
                Thread t = new Thread(() -> {
                    while (done.getCount() > 0) {
                        LockSupport.parkNanos(1_000_000L + (long) (Math.random() * 20_000_000L));
                        done.countDown();
                    }
                });
                t.start();
            }
            done.await();
            r.stop();
            r.dump(file);
        }
        long jdk = 0;
        long events = 0;
        for (RecordedEvent e : RecordingFile.readAllEvents(file)) {
            if (e.getEventType().getName().equals("jdk.ThreadPark")) {
                jdk += e.getDuration().toNanos();
                events++;
            }
        }
        assertTrue(events >= 200, events + " park events");
        RecordingSummary s = new RecordingReader(SampleMode.LOCK).read(file, new StackCounts());
        assertEquals(jdk, s.eventCounts().get("jdk.ThreadPark"), events + " events");
    }
}
