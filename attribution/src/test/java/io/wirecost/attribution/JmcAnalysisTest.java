package io.wirecost.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import jdk.jfr.Configuration;
import jdk.jfr.Recording;
import one.profiler.AsyncProfiler;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * JMC's automated analysis on real recordings made in this JVM, one per producer: JDK Flight Recorder
 * (young GCs only, then System.gc() only) and async-profiler; and on a two-chunk file.
 */
class JmcAnalysisTest {

    @TempDir
    static Path dir;
    /** Only young collections caused by allocation. */
    static Path youngGcs;
    /** Every collection asked for by System.gc(). */
    static Path systemGcs;

    static Path asyncProfiler;
    /** No collection at all. */
    static Path quiet;

    private static volatile Object sink;

    @BeforeAll
    static void record() throws Exception {
        System.gc(); // nothing of the set-up left for the first recording to collect
        youngGcs = jfr("young.jfr", JmcAnalysisTest::allocate);
        systemGcs = jfr("system.jfr", () -> {
            for (int i = 0; i < 5; i++) System.gc();
        });
        quiet = jfr("quiet.jfr", () -> {
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        asyncProfiler = dir.resolve("async.jfr");
        AsyncProfiler p = AsyncProfiler.getInstance();
        p.execute("start,event=itimer,interval=1ms,jfr,file=" + asyncProfiler);
        try {
            allocate();
        } finally {
            p.execute("stop");
        }
    }

    static Path jfr(String name, Runnable work) throws Exception {
        Path f = dir.resolve(name);
        try (Recording r = new Recording(Configuration.getConfiguration("default"))) {
            r.start();
            work.run();
            r.stop();
            r.dump(f);
        }
        return f;
    }

    /** About 1 GB of short-lived arrays: young collections, no System.gc(). */
    static void allocate() {
        long end = System.nanoTime() + 600_000_000L;
        int n = 0;
        while (System.nanoTime() < end || n < 1000) {
            sink = new byte[1 << 20];
            n++;
        }
    }

    static Map<String, RuleFinding> byId(JmcAnalysis.Report r) {
        return r.findings().stream().collect(Collectors.toMap(RuleFinding::ruleId, Function.identity()));
    }

    @Test
    void jfrRecordingSystemGcRuleSeparatesTheTwoRecordings() throws Exception {
        JmcAnalysis.Report young = JmcAnalysis.analyze(youngGcs);
        JmcAnalysis.Report system = JmcAnalysis.analyze(systemGcs);
        assertEquals(1, young.chunks());
        assertTrue(young.formatVersion().startsWith("2."), young.formatVersion());
        assertEquals(
                RuleFinding.Severity.OK,
                byId(young).get("SystemGc").severity(),
                byId(young).get("SystemGc").toString());
        RuleFinding s = byId(system).get("SystemGc");
        assertEquals(RuleFinding.Severity.WARNING, s.severity(), s.toString());
        assertTrue(s.score() > 75, s.toString());
        assertFalse(s.summary().contains("\n"));
        // most severe first
        List<RuleFinding> f = system.findings();
        for (int i = 1; i < f.size(); i++)
            assertTrue(f.get(i - 1).severity().compareTo(f.get(i).severity()) >= 0);
    }

    @Test
    void asyncProfilerRecordingIsAnalysed() throws Exception {
        JmcAnalysis.Report r = JmcAnalysis.analyze(asyncProfiler);
        Map<String, RuleFinding> rules = byId(r);
        assertTrue(rules.size() > 40, "JMC's rule set did not run: " + rules.keySet());
        // async-profiler writes execution samples but no GC events: the GC rules cannot apply
        assertEquals(RuleFinding.Severity.NA, rules.get("SystemGc").severity());
        assertTrue(
                r.findings().stream().anyMatch(x -> x.severity() != RuleFinding.Severity.NA),
                "no rule applied to an async-profiler recording: " + r.findings());
    }

    @Test
    void everyChunkOfATwoChunkFileIsAnalysed() throws Exception {
        // no GC in the first chunk, System.gc() only in the second: the rule flags only if it sees the second.
        // (Not young GCs first: JMC's SystemGc rule divides two ints, so it flags only when every GC was System.gc().)
        assertEquals(0, gcEvents(quiet), "a GC ran while recording the quiet chunk");
        Path both = dir.resolve("two-chunks.jfr");
        try (OutputStream out = Files.newOutputStream(both)) {
            out.write(Files.readAllBytes(quiet));
            out.write(Files.readAllBytes(systemGcs));
        }
        JmcAnalysis.Report r = JmcAnalysis.analyze(both);
        assertEquals(2, r.chunks());
        RuleFinding s = byId(r).get("SystemGc");
        assertTrue(s.severity().flags(), s.toString());
    }

    static long gcEvents(Path f) throws java.io.IOException {
        return jdk.jfr.consumer.RecordingFile.readAllEvents(f).stream()
                .filter(e -> e.getEventType().getName().equals("jdk.GarbageCollection"))
                .count();
    }

    @Test
    void oldFormatsAndCompressedFilesAreAnalysed() throws Exception {
        JmcAnalysis.Report r = JmcAnalysis.analyze(JmcRecordingReaderTest.fixture("8u40.jfr"));
        assertEquals("0.9", r.formatVersion());
        assertEquals(
                RuleFinding.Severity.WARNING, byId(r).get("LowOnPhysicalMemory").severity());
    }

    @Test
    void badInputIsOneLine() throws Exception {
        Path text = dir.resolve("notes.txt");
        Files.writeString(text, "not a recording");
        RecordingException e = assertThrows(RecordingException.class, () -> JmcAnalysis.analyze(text));
        assertTrue(e.getMessage().startsWith(text + ": not a JFR recording"), e.getMessage());
        e = assertThrows(RecordingException.class, () -> JmcAnalysis.analyze(dir.resolve("missing.jfr")));
        assertTrue(e.getMessage().endsWith("no such file"), e.getMessage());
    }
}
