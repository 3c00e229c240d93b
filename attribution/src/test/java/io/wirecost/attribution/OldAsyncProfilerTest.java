package io.wirecost.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Recordings of async-profiler 2.9 (checked in, see resources/recordings/README.md): its cpu and wall samples
 * differ only by the recording's {@code event} setting. Counts are compared with the JDK's own parser.
 */
class OldAsyncProfilerTest {

    @TempDir
    Path dir;

    static Path fixture(String name) {
        try {
            return Path.of(OldAsyncProfilerTest.class
                    .getResource("/recordings/" + name)
                    .toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static RecordingSummary read(Path file, SampleMode mode) throws RecordingException {
        return new RecordingReader(mode).read(file, new StackCounts());
    }

    @Test
    void cpuRecordingOfAsyncProfiler29CountsAsCpuNotWall() throws Exception {
        Path cpu = fixture("ap29-cpu.jfr");
        RecordingSummary s = read(cpu, SampleMode.CPU);
        assertEquals("async-profiler", s.producer());
        assertEquals(Map.of("jdk.ExecutionSample", 110L), s.eventCounts());
        assertEquals(0, read(cpu, SampleMode.WALL).samples(), "a cpu recording holds no wall samples");
    }

    @Test
    void wallRecordingOfAsyncProfiler29CountsAsWall() throws Exception {
        Path wall = fixture("ap29-wall.jfr");
        assertEquals(
                Map.of("jdk.ExecutionSample", 3387L),
                read(wall, SampleMode.WALL).eventCounts());
        RecordingSummary cpu = read(wall, SampleMode.CPU);
        assertEquals(0, cpu.samples());
        assertEquals(
                3387L, cpu.eventsHeld().get("jdk.ExecutionSample"), "an empty mode lists what the recording holds");
    }

    @Test
    void allocationAndLockEventsWeighBytesAndNanoseconds() throws Exception {
        Path f = fixture("ap29-cpu-alloc-lock.jfr");
        long lockNanos = 0;
        long lockEvents = 0;
        List<RecordedEvent> events = RecordingFile.readAllEvents(f);
        // the heap sampler's interval as the recording's settings state it (async-profiler's "alloc"), and each
        // sample weighed by the inverse of its probability of being sampled, 1 - e^(-size/interval)
        double interval = events.stream()
                .filter(e -> e.getEventType().getName().equals("jdk.ActiveSetting"))
                .filter(e -> e.getString("name").equals("alloc"))
                .mapToDouble(e -> Double.parseDouble(e.getString("value")))
                .findFirst()
                .orElseThrow();
        long bytes = 0;
        for (RecordedEvent e : events) {
            switch (e.getEventType().getName()) {
                case "jdk.ObjectAllocationInNewTLAB" -> {
                    long size = e.getLong("allocationSize");
                    bytes += Math.round(size / (1 - Math.exp(-size / interval)));
                }
                case "jdk.JavaMonitorEnter" -> {
                    lockNanos += e.getDuration().toNanos();
                    lockEvents++;
                }
                default -> {}
            }
        }
        assertEquals(149L, read(f, SampleMode.CPU).samples());
        assertEquals(
                Map.of("jdk.ObjectAllocationInNewTLAB", bytes),
                read(f, SampleMode.ALLOC).eventCounts());
        long lock = read(f, SampleMode.LOCK).eventCounts().get("jdk.JavaMonitorEnter");
        // each event's end and start converted, then subtracted, as the JDK does: the same total to the nanosecond
        assertEquals(lockNanos, lock, lockEvents + " events");
    }

    /** The agent's one pass for CPU and allocation counters: the same stacks and totals as a pass per mode. */
    @Test
    void onePassForEveryModeEqualsAPassPerMode() throws Exception {
        Path f = fixture("ap29-cpu-alloc-lock.jfr");
        Map<SampleMode, StackCounts> together = new java.util.EnumMap<>(SampleMode.class);
        for (SampleMode m : SampleMode.values()) together.put(m, new StackCounts());
        StackCounts sameSamples = new StackCounts();
        Map<SampleMode, SampleSink> sinks = new java.util.EnumMap<>(SampleMode.class);
        together.forEach((m, counts) -> sinks.put(m, counts));
        sinks.put(SampleMode.CPU, new FanOutSink(java.util.List.of(together.get(SampleMode.CPU), sameSamples)));
        Map<SampleMode, RecordingSummary> summaries = new RecordingReader(SampleMode.CPU).readEach(f, sinks);
        for (SampleMode m : SampleMode.values()) {
            StackCounts alone = new StackCounts();
            RecordingSummary s = new RecordingReader(m).read(f, alone);
            assertEquals(s.eventCounts(), summaries.get(m).eventCounts(), m.toString());
            assertEquals(alone.counts(), together.get(m).counts(), m + ": the same stacks with the same weights");
        }
        assertTrue(together.get(SampleMode.ALLOC).total() > 0
                && together.get(SampleMode.LOCK).total() > 0);
        assertEquals(149L, sameSamples.total(), "the fanned-out sink got every CPU sample");
        assertEquals(together.get(SampleMode.CPU).counts(), sameSamples.counts());
    }

    @Test
    void gzipCompressedRecordingReadsLikeThePlainOne() throws Exception {
        Path gz = dir.resolve("ap29-cpu.jfr.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            Files.copy(fixture("ap29-cpu.jfr"), out);
        }
        assertTrue(Recordings.isJfr(gz));
        RecordingSummary s = Recordings.read(gz, SampleMode.CPU, new StackCounts());
        assertEquals(Map.of("jdk.ExecutionSample", 110L), s.eventCounts());
        assertEquals(gz.toString(), s.file(), "messages name the user's file, not the decompressed copy");
    }
}
