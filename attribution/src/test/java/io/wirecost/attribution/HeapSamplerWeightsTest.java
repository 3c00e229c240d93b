package io.wirecost.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import io.wirecost.testalloc.left.Allocator;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import one.profiler.AsyncProfiler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * async-profiler's allocation samples re-weighed by their probability of being sampled: the interval read from the
 * samples themselves, and the bytes of objects near the interval recovered where the written weights fall short.
 */
class HeapSamplerWeightsTest {

    private static final long I = 64 << 10;

    @TempDir
    Path dir;

    @Test
    void theIntervalIsTheTlabSizeOfEverySampleSmallerThanIt() {
        long[] sizes = {100, 4096, I, 3 * I, 2000};
        long[] tlabs = {I, I, I, 3 * I, I};
        assertEquals(I, HeapSamplerWeights.interval(sizes, tlabs, sizes.length));
        // only the first n count
        assertEquals(0, HeapSamplerWeights.interval(new long[] {I, 3 * I}, new long[] {I, 3 * I}, 2), "none below it");
        // a JDK's TLAB events: new TLABs of several sizes
        assertEquals(0, HeapSamplerWeights.interval(new long[] {24, 24}, new long[] {8192, 16384}, 2));
        // one sample that fits no single interval (a TLAB smaller than its object, or no TLAB) keeps them all
        assertEquals(0, HeapSamplerWeights.interval(new long[] {24, 5000}, new long[] {I, 4096}, 2));
        assertEquals(0, HeapSamplerWeights.interval(new long[] {24, 5000}, new long[] {I, 0}, 2));
    }

    @Test
    void aSampleWeighsTheInverseOfItsProbability() {
        // far smaller than the interval: about the interval, as written
        assertEquals(I + 50, HeapSamplerWeights.weight(100, I, I), 1);
        // at the interval: S / (1 - 1/e), where the written weight (S) is sampled with probability 0.63
        assertEquals(Math.round(I / (1 - Math.exp(-1))), HeapSamplerWeights.weight(I, I, I));
        // far larger: always sampled, its own size
        assertEquals(40 * I, HeapSamplerWeights.weight(40 * I, 40 * I, I));
        // no interval known: as written
        assertEquals(8192, HeapSamplerWeights.weight(24, 8192, 0));
        assertEquals(24, HeapSamplerWeights.weight(24, 0, 0));
    }

    /**
     * Objects three quarters of the interval: async-profiler's written weights expect 0.70 of their bytes; re-weighed,
     * both readers recover the bytes the thread allocated (ThreadMXBean), within 8 % (about five standard deviations
     * of a sum of some 4,500 samples).
     */
    @Test
    void objectsNearTheIntervalReadTheBytesAllocated() throws Exception {
        Path file = dir.resolve("near-interval.jfr");
        ThreadMXBean mx = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        long[] allocated = new long[1];
        AsyncProfiler profiler = AsyncProfiler.getInstance();
        profiler.execute("start,event=alloc,alloc=" + I + ",jfr,file=" + file);
        try {
            Thread t = new Thread(
                    () -> {
                        long before = mx.getCurrentThreadAllocatedBytes();
                        Allocator.allocate(400L << 20, 48 << 10);
                        allocated[0] = mx.getCurrentThreadAllocatedBytes() - before;
                    },
                    "near-interval");
            t.start();
            t.join();
        } finally {
            profiler.execute("stop");
        }
        long written = 0;
        for (RecordedEvent e : RecordingFile.readAllEvents(file)) {
            if (e.getEventType().getName().equals("jdk.ObjectAllocationInNewTLAB")
                    && e.getStackTrace() != null
                    && e.getStackTrace().getFrames().stream()
                            .anyMatch(f -> f.getMethod().getType().getName().equals(Allocator.class.getName())))
                written += e.getLong("tlabSize");
        }
        long own = allocatorBytes(file, true);
        long general = allocatorBytes(file, false);
        assertEquals(own, general, "the own reader and async-profiler's weigh alike");
        double ratio = (double) own / allocated[0];
        String what = String.format(
                java.util.Locale.ROOT,
                "allocated %d, read %d (%.3f), as written %d (%.3f)",
                allocated[0],
                own,
                ratio,
                written,
                (double) written / allocated[0]);
        System.out.println("objects near the interval: " + what);
        assertTrue(Math.abs(ratio - 1) < 0.08, what);
        assertTrue((double) written / allocated[0] < 0.85, "the written weights fall short: " + what);
    }

    private static long allocatorBytes(Path file, boolean ownReader) throws RecordingException {
        PackageProfile profile = new PackageProfile();
        new RecordingReader(SampleMode.ALLOC).ownReader(ownReader).read(file, profile);
        return profile.top(Integer.MAX_VALUE).stream()
                .filter(r -> r.packageName().equals("io.wirecost.testalloc.left"))
                .mapToLong(PackageProfile.Row::samples)
                .sum();
    }
}
