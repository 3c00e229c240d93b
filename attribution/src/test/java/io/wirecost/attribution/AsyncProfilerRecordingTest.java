package io.wirecost.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.zip.Deflater;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import one.profiler.AsyncProfiler;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reads a real async-profiler recording made in this JVM. async-profiler is wirecost's main engine; its JFR
 * differs from JDK Flight Recorder's: it is recognised by its {@code profiler.*} types, CPU samples carry
 * STATE_DEFAULT, and native (C/C++) frames name their library where a Java frame names its class.
 */
class AsyncProfilerRecordingTest {

    private static final Frame DEFLATE_NATIVE_METHOD = Frame.java("java.util.zip.Deflater", "deflateBytesBytes");

    @TempDir
    static Path dir;

    static Path recording;
    static long jdkExecutionSamples;

    private static volatile long blackhole; // keeps the busy loop from being optimised away

    @BeforeAll
    static void record() throws Exception {
        recording = dir.resolve("async-cpu.jfr");
        AsyncProfiler profiler = AsyncProfiler.getInstance();
        try {
            profiler.execute("start,event=cpu,interval=1ms,jfr,file=" + recording);
        } catch (IllegalStateException perfEventsRefused) {
            // where perf_events are not allowed, the agent falls back to itimer; so do we: the reader is under test
            profiler.execute("start,event=itimer,interval=1ms,jfr,file=" + recording);
        }
        try {
            busy(1000);
        } finally {
            profiler.execute("stop");
        }
        for (RecordedEvent e : RecordingFile.readAllEvents(recording)) {
            if (e.getEventType().getName().equals("jdk.ExecutionSample")) jdkExecutionSamples++;
        }
        assertTrue(jdkExecutionSamples > 0, "async-profiler recorded no CPU samples");
    }

    /** Compresses random bytes: most of the time is in zlib's C code, under Deflater's native method. */
    private static void busy(long millis) {
        byte[] input = new byte[1 << 16];
        new Random(42).nextBytes(input);
        byte[] output = new byte[1 << 17];
        long end = System.nanoTime() + millis * 1_000_000;
        long total = 0;
        while (System.nanoTime() < end) {
            Deflater d = new Deflater(Deflater.BEST_COMPRESSION);
            d.setInput(input);
            d.finish();
            while (!d.finished()) total += d.deflate(output);
            d.end();
        }
        blackhole = total;
    }

    @Test
    void cpuSamplesOfAnAsyncProfilerRecording() throws Exception {
        RecordingReaderTest.Collector c = new RecordingReaderTest.Collector();
        RecordingSummary s = new RecordingReader(SampleMode.CPU).read(recording, c);

        assertEquals("async-profiler", s.producer());
        assertEquals(
                Map.of("jdk.ExecutionSample", jdkExecutionSamples),
                s.eventCounts(),
                "every cpu sample of async-profiler is a jdk.ExecutionSample with STATE_DEFAULT");
        assertEquals(jdkExecutionSamples, c.weight);
        assertEquals(1, s.chunks());
        assertEquals(List.of(), s.warnings());
    }

    @Test
    void wallModeFindsNoWallClockSamplesInACpuRecording() throws Exception {
        RecordingSummary s = new RecordingReader(SampleMode.WALL).read(recording, new RecordingReaderTest.Collector());
        assertEquals(Map.of(), s.eventCounts(), "cpu samples are not wall-clock samples");
    }

    @Test
    void nativeFramesAreNativeNotClassesNamedAfterTheirLibrary() throws Exception {
        RecordingReaderTest.Collector c = new RecordingReaderTest.Collector();
        new RecordingReader(SampleMode.CPU).read(recording, c);

        for (List<Frame> stack : c.stacks) {
            for (Frame f : stack) {
                // async-profiler writes libjvm.so, libc.so.6 ... where a Java frame has its class
                assertFalse(
                        !f.isNative() && f.className().matches(".*\\.so(\\.\\d+)*"), "library taken for a class: " + f);
                if (f.method().contains("::")) assertTrue(f.isNative(), "C++ frame taken for Java: " + f);
            }
        }
        // zlib's C code runs under Deflater's native method, which itself is a Java frame
        long inZlib = 0;
        for (List<Frame> stack : c.stacks) {
            int at = stack.indexOf(DEFLATE_NATIVE_METHOD);
            if (at <= 0) continue;
            inZlib++;
            for (Frame f : stack.subList(0, at)) assertTrue(f.isNative(), "above Deflater.deflateBytesBytes: " + f);
        }
        assertTrue(inZlib > 0, "no CPU sample inside zlib");
    }

    @Test
    void nativeRulesClaimAsyncProfilerFrames() throws Exception {
        // the JNI function under Deflater's native method, by its C symbol
        Frame jni = Frame.nativeSymbol("Java_java_util_zip_Deflater_deflateBytesBytes");
        RuleSet rules = RuleParser.parse(
                String.join(
                        "\n",
                        "category zip group=middleware",
                        "category rest group=middleware",
                        "fallback rest",
                        "rule zip native " + jni.method()),
                "test.rules");
        CategoryCounts counts = new CategoryCounts(rules.categories());
        RecordingReaderTest.Collector c = new RecordingReaderTest.Collector();
        RecordingSummary s = new RecordingReader(SampleMode.CPU)
                .read(recording, new RecordingReaderTest.Tee(new StackClassifier(rules, counts), c));

        long withJniFrame = c.stacks.stream().filter(st -> st.contains(jni)).count();
        assertTrue(withJniFrame > 0, "no sample in " + jni);
        assertEquals(withJniFrame, counts.samples(0));
        assertEquals(s.samples(), counts.samples(0) + counts.samples(1));
    }

    @Test
    void attributionWithTheDefaultRules() throws Exception {
        RuleSet rules = RuleSet.defaults();
        CategoryCounts counts = new CategoryCounts(rules.categories());
        RecordingSummary s = new RecordingReader(SampleMode.CPU).read(recording, new StackClassifier(rules, counts));
        Attribution at = counts.toAttribution("jdk.ExecutionSample (async-profiler cpu)");

        assertEquals(s.samples(), at.totalSamples());
        assertTrue(at.middlewareSamples() > 0);
        assertEquals(
                100.0,
                at.middleware().stream().mapToDouble(CategoryShare::percent).sum(),
                1e-6);
    }
}
