package io.wirecost.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openjdk.jmc.common.item.Aggregators;
import org.openjdk.jmc.common.item.IItemCollection;
import org.openjdk.jmc.common.item.ItemFilters;
import org.openjdk.jmc.common.unit.UnitLookup;
import org.openjdk.jmc.flightrecorder.JfrAttributes;
import org.openjdk.jmc.flightrecorder.JfrLoaderToolkit;
import org.openjdk.jmc.flightrecorder.jdk.JdkAttributes;

/**
 * Every mode on JFR formats 0.9 and 1.0 (Oracle JDK 7/8, JRockit R28, JDK 9), read through JMC's parser, against
 * JMC's own aggregates of the same files: JDK Mission Control's test recordings, from
 * {@code -Dwirecost.jmc.recordings=DIR} (skipped with that reason without it, see {@link JmcRecordingsTest}).
 */
class OldFormatModesTest {

    private static Path file(String name) {
        return JmcRecordingsTest.dir().resolve(name);
    }

    private static IItemCollection jmc(Path f, String type) throws Exception {
        return JfrLoaderToolkit.loadEvents(f.toFile()).apply(ItemFilters.type(type));
    }

    private static long bytes(
            Path f, String type, org.openjdk.jmc.common.item.IAttribute<org.openjdk.jmc.common.unit.IQuantity> a)
            throws Exception {
        var q = jmc(f, type).getAggregate(Aggregators.sum(a));
        return q == null ? 0 : q.clampedLongValueIn(UnitLookup.BYTE);
    }

    private static long nanos(Path f, String type) throws Exception {
        var q = jmc(f, type).getAggregate(Aggregators.sum(JfrAttributes.DURATION));
        return q == null ? 0 : q.clampedLongValueIn(UnitLookup.NANOSECOND);
    }

    /** Leaf frames of every sample, to see that stacks were resolved, not only counted. */
    private static final class Leaves implements SampleSink {
        ChunkView chunk;
        final List<String> leaves = new ArrayList<>();

        @Override
        public void beginChunk(ChunkView c) {
            chunk = c;
        }

        @Override
        public void sample(int stackTraceId, int threadId, long ticks, long weight) {
            long[] m = chunk.stackMethods(stackTraceId);
            leaves.add(
                    m.length == 0 ? "" : chunk.frame(m[0], ChunkView.TYPE_UNKNOWN) + " @" + chunk.threadName(threadId));
        }
    }

    /** uitests/.../transitions_R28.2.jfr: JRockit's own event names and fields; JMC finds 1262 execution samples. */
    @Test
    void jrockitSamplesAndMonitorEnters() throws Exception {
        Path f = file("transitions_R28.2.jfr");
        String sample = JmcEvents.JROCKIT_SAMPLE;
        Leaves cpu = new Leaves();
        RecordingSummary s = Recordings.read(f, SampleMode.CPU, cpu);
        // 1262 samples, 2 of threads blocked on a monitor: cpu counts the 1260 runnable ones, wall all
        assertEquals(Map.of(sample, 1260L), s.eventCounts());
        assertEquals(
                Map.of(sample, 1262L),
                Recordings.read(f, SampleMode.WALL, new Leaves()).eventCounts());
        assertEquals(1262L, jmc(f, sample).getAggregate(Aggregators.count()).longValue());
        assertTrue(
                cpu.leaves.stream()
                                .filter(l -> l.contains("TransitionRunner$LockThread.doWork @Thread"))
                                .count()
                        > 100,
                cpu.leaves.subList(0, 5).toString());
        // lock: JRockit's java/monitor_enter, the nanoseconds between each event's start and end
        assertEquals(
                Map.of(JmcEvents.JROCKIT_MONITOR_ENTER, nanos(f, JmcEvents.JROCKIT_MONITOR_ENTER)),
                Recordings.read(f, SampleMode.LOCK, new Leaves()).eventCounts());
    }

    /** JDK 8 (8u40.jfr, gzip) and JDK 9 (9u0.jfr): TLAB events weigh their TLAB or object; parks their time. */
    @Test
    void allocationAndLockModesReadAsJmcDoes() throws Exception {
        for (String name : List.of("8u40.jfr", "9u0.jfr")) {
            Path f = file(name);
            Map<String, Long> alloc =
                    Recordings.read(f, SampleMode.ALLOC, new Leaves()).eventCounts();
            assertEquals(
                    Map.of(
                            "jdk.ObjectAllocationInNewTLAB",
                            bytes(f, "jdk.ObjectAllocationInNewTLAB", JdkAttributes.TLAB_SIZE),
                            "jdk.ObjectAllocationOutsideTLAB",
                            bytes(f, "jdk.ObjectAllocationOutsideTLAB", JdkAttributes.ALLOCATION_SIZE)),
                    alloc,
                    name);
            assertTrue(alloc.values().stream().allMatch(v -> v > 0), name + ": " + alloc);
        }
        Path jdk8 = file("8u40.jfr");
        assertEquals(
                Map.of("jdk.ThreadPark", nanos(jdk8, "jdk.ThreadPark")),
                Recordings.read(jdk8, SampleMode.LOCK, new Leaves()).eventCounts());
    }

    /** 9u0.jfr has no execution samples: the cpu mode says what the file holds and which mode counts it. */
    @Test
    void anEmptyModeOnAnOldFormatSaysWhatTheFileHolds() throws Exception {
        RecordingSummary s = Recordings.read(file("9u0.jfr"), SampleMode.CPU, new Leaves());
        assertEquals(0, s.samples());
        String line = s.eventsHeldLine(6);
        assertTrue(
                line.startsWith("the recording holds ") && line.contains("jdk.ObjectAllocationInNewTLAB (270)"), line);
        assertTrue(line.contains("try --mode alloc"), line);
    }
}
