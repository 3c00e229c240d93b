package io.wirecost.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.opentelemetry.proto.collector.profiles.v1development.ExportProfilesServiceRequest;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.profiles.v1development.KeyValueAndUnit;
import io.opentelemetry.proto.profiles.v1development.Profile;
import io.opentelemetry.proto.profiles.v1development.ProfilesDictionary;
import io.opentelemetry.proto.profiles.v1development.Sample;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import one.profiler.AsyncProfiler;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * OTLP out and in: every fixture recording, attributed directly and after a trip through an OTLP export
 * (binary and JSON), gives the same samples, events and spread per category, in every mode and both kinds
 * of attribution; async-profiler's own {@code otlp} output gives the categories of its collapsed output of
 * the same session.
 */
class OtlpRoundTripTest {

    @TempDir
    static Path dir;

    static final List<Path> fixtures = new ArrayList<>();
    static Path asyncCollapsed;
    static Path asyncOtlp;
    static final RuleSet rules = Attributor.rules(List.of());

    private static volatile Object sink;

    @BeforeAll
    static void recordings() throws Exception {
        try (Stream<Path> s = Files.list(Path.of(OtlpRoundTripTest.class
                        .getResource("/recordings/ap29-cpu.jfr")
                        .toURI())
                .getParent())) {
            s.filter(p -> p.toString().endsWith(".jfr")).sorted().forEach(fixtures::add);
        }
        // a recording of this async-profiler with CPU, allocation and lock events, and threads
        Path jfr = dir.resolve("ap-all.jfr");
        AsyncProfiler profiler = AsyncProfiler.getInstance();
        profiler.execute("start,event=itimer,interval=1ms,alloc=64k,lock=0,threads,jfr,file=" + jfr);
        try {
            busy(600);
        } finally {
            profiler.execute("stop");
        }
        fixtures.add(jfr);
        // async-profiler's own OTLP and collapsed output of one session
        profiler.execute("start,event=itimer,interval=1ms,threads");
        try {
            compute(600);
        } finally {
            profiler.execute("stop");
        }
        asyncCollapsed = dir.resolve("ap.collapsed");
        asyncOtlp = dir.resolve("ap.otlp");
        profiler.execute("collapsed,threads,file=" + asyncCollapsed);
        profiler.execute("otlp,threads,file=" + asyncOtlp);
        fixtures.add(asyncCollapsed);
    }

    private static void compute(long millis) {
        long end = System.nanoTime() + millis * 1_000_000;
        double x = 0;
        while (System.nanoTime() < end) x += Math.sqrt(x + String.valueOf(x).length());
        sink = x;
    }

    /** Allocates, contends for a monitor on two threads, and computes. */
    private static void busy(long millis) throws InterruptedException {
        Object lock = new Object();
        Runnable work = () -> {
            long end = System.nanoTime() + millis * 1_000_000;
            Random r = new Random(1);
            List<byte[]> keep = new ArrayList<>();
            while (System.nanoTime() < end) {
                synchronized (lock) {
                    keep.add(new byte[1024 + r.nextInt(4096)]);
                    if (keep.size() > 1000) keep.clear();
                }
                sink = String.valueOf(r.nextDouble()).getBytes(StandardCharsets.UTF_8);
            }
        };
        Thread a = new Thread(work, "otlp-worker-a");
        Thread b = new Thread(work, "otlp-worker-b");
        a.start();
        b.start();
        a.join();
        b.join();
    }

    private static CategoryCounts direct(Path file, SampleMode mode, AttributionMode attribution) throws Exception {
        Attributor a = new Attributor(rules, mode, attribution);
        CategoryCounts c = a.newCounts();
        a.read(file, c);
        return c;
    }

    private static Path export(Path file, SampleMode mode, boolean json) throws Exception {
        OtlpExport export = new OtlpExport(rules, Map.of(mode, 1_000_000L), null);
        export.read(file);
        ExportProfilesServiceRequest request = export.request(OtlpResource.ofThisProcess("round-trip", null));
        Path out = dir.resolve(file.getFileName() + "-" + mode + (json ? ".json" : ".pb"));
        if (json) Files.writeString(out, OtlpJson.print(request));
        else Files.write(out, request.toByteArray());
        return out;
    }

    private static void assertSameCounts(CategoryCounts expected, CategoryCounts actual, String what) {
        assertEquals(expected.total(), actual.total(), what + ": total");
        Attribution e = expected.toAttribution("x");
        Attribution a = actual.toAttribution("x");
        for (int i = 0; i < expected.categories().size(); i++) {
            String c = expected.categories().get(i).name();
            assertEquals(expected.samples(i), actual.samples(i), what + ": samples of " + c);
            assertEquals(expected.events(i), actual.events(i), what + ": events of " + c);
        }
        assertEquals(e.middleware(), a.middleware(), what + ": middleware shares and their intervals");
        assertEquals(e.jvm(), a.jvm(), what + ": jvm shares and their intervals");
    }

    @Test
    void everyFixtureGivesTheSameCountsPerCategoryAfterAnOtlpTrip() throws Exception {
        int compared = 0;
        for (Path f : fixtures) {
            for (SampleMode mode : SampleMode.values()) {
                CategoryCounts self = direct(f, mode, AttributionMode.SELF);
                if (self.total() == 0) continue;
                for (boolean json : new boolean[] {false, true}) {
                    Path otlp = export(f, mode, json);
                    String what = f.getFileName() + " " + mode + (json ? " json" : " binary");
                    assertSameCounts(self, direct(otlp, mode, AttributionMode.SELF), what);
                    assertSameCounts(
                            direct(f, mode, AttributionMode.INCLUSIVE),
                            direct(otlp, mode, AttributionMode.INCLUSIVE),
                            what + " inclusive");
                    compared++;
                }
            }
        }
        // cpu, wall, alloc, lock of the fixtures, cpu of the collapsed file: each in binary and JSON
        assertTrue(compared >= 14, "compared only " + compared + " recordings and modes");
    }

    @Test
    void samplesCarryTheirCategoryGroupThreadAndTheResourceItsService() throws Exception {
        Path jfr = fixtures.stream()
                .filter(p -> p.getFileName().toString().equals("ap-all.jfr"))
                .findFirst()
                .orElseThrow();
        ExportProfilesServiceRequest r =
                ExportProfilesServiceRequest.parseFrom(Files.readAllBytes(export(jfr, SampleMode.CPU, false)));
        ProfilesDictionary d = r.getDictionary();
        Map<String, Object> resource = new HashMap<>();
        for (KeyValue kv : r.getResourceProfiles(0).getResource().getAttributesList())
            resource.put(
                    kv.getKey(),
                    kv.getValue().hasIntValue()
                            ? kv.getValue().getIntValue()
                            : kv.getValue().getStringValue());
        assertEquals("round-trip", resource.get(OtlpResource.SERVICE_NAME));
        assertEquals(ProcessHandle.current().pid(), resource.get("process.pid"));
        assertTrue(
                resource.containsKey("service.instance.id") && resource.containsKey("host.name"), resource.toString());
        assertEquals(System.getProperty("java.runtime.version"), resource.get("process.runtime.version"));

        Profile p = r.getResourceProfiles(0).getScopeProfiles(0).getProfiles(0);
        assertEquals("cpu", d.getStringTable(p.getSampleType().getTypeStrindex()));
        assertEquals("count", d.getStringTable(p.getSampleType().getUnitStrindex()));
        assertEquals("nanoseconds", d.getStringTable(p.getPeriodType().getUnitStrindex()));
        assertEquals(1_000_000L, p.getPeriod());
        Set<String> categories = new HashSet<>();
        Set<String> threads = new HashSet<>();
        for (Sample s : p.getSamplesList()) {
            Map<String, String> attrs = new HashMap<>();
            for (int i : s.getAttributeIndicesList()) {
                KeyValueAndUnit kv = d.getAttributeTable(i);
                attrs.put(d.getStringTable(kv.getKeyStrindex()), kv.getValue().getStringValue());
            }
            String c = attrs.get(OtlpProfileSink.CATEGORY);
            categories.add(c);
            String group = rules.categories().stream()
                    .filter(x -> x.name().equals(c))
                    .findFirst()
                    .orElseThrow()
                    .group()
                    .name()
                    .toLowerCase();
            assertEquals(group, attrs.get(OtlpProfileSink.CATEGORY_GROUP), "group of " + c);
            if (attrs.containsKey(OtlpDictionary.THREAD_NAME)) threads.add(attrs.get(OtlpDictionary.THREAD_NAME));
        }
        assertFalse(categories.isEmpty());
        assertTrue(threads.contains("otlp-worker-a"), threads.toString());
        // the dictionary holds each location once, whatever the number of samples
        assertEquals(
                d.getLocationTableCount(), new HashSet<>(d.getLocationTableList()).size() + 0, "duplicate locations");
        assertEquals(d.getStringTableCount(), new HashSet<>(d.getStringTableList()).size(), "duplicate strings");
        assertEquals(d.getStackTableCount(), new HashSet<>(d.getStackTableList()).size(), "duplicate stacks");
        assertEquals("", d.getStringTable(0));
    }

    @Test
    void asyncProfilersOwnOtlpGivesTheCategoriesOfItsCollapsedOutput() throws Exception {
        CategoryCounts collapsed = direct(asyncCollapsed, SampleMode.CPU, AttributionMode.SELF);
        CategoryCounts otlp = direct(asyncOtlp, SampleMode.CPU, AttributionMode.SELF);
        assertTrue(collapsed.total() >= 10, "async-profiler recorded " + collapsed.total() + " samples");
        assertSameCounts(collapsed, otlp, "async-profiler otlp vs collapsed");
    }

    @Test
    void aModeTheFileLacksSaysWhatItHolds() throws Exception {
        Path otlp = export(fixtures.get(0), SampleMode.CPU, false);
        CategoryCounts c = new CategoryCounts(rules.categories());
        RecordingSummary s = new Attributor(rules, SampleMode.LOCK, AttributionMode.SELF).read(otlp, c);
        assertEquals(0, s.samples());
        assertTrue(s.eventsHeldLine(5).contains("cpu"), s.eventsHeldLine(5));
    }

    @Test
    void aCorruptFileIsAOneLineError() throws Exception {
        Path bad = dir.resolve("bad.pb");
        Files.write(bad, new byte[] {0x12, 0x7f, 0x01, 0x02});
        RecordingException e = org.junit.jupiter.api.Assertions.assertThrows(
                RecordingException.class,
                () -> new Attributor(rules, SampleMode.CPU, AttributionMode.SELF)
                        .read(bad, new CategoryCounts(rules.categories())));
        assertTrue(e.getMessage().startsWith(bad + ": not an OTLP profiles message"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }
}
