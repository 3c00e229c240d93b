package io.wirecost.cli.bench;

import io.wirecost.attribution.AttributionMode;
import io.wirecost.attribution.Attributor;
import io.wirecost.attribution.CategoryCounts;
import io.wirecost.attribution.RecordingException;
import io.wirecost.attribution.RecordingReader;
import io.wirecost.attribution.RecordingSummary;
import io.wirecost.attribution.RuleSet;
import io.wirecost.attribution.SampleMode;
import io.wirecost.attribution.stats.Median;
import io.wirecost.runner.UsageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The comparison {@code bench window} makes once its segments are at hand (recorded or given): each segment read
 * by wirecost's own JFR reader and by async-profiler's, alternating read by read after a warm-up of each, the
 * median time per window and the paired ratio printed, and the two readers' counts checked against each other.
 */
final class ReaderComparison {

    private static final String OWN = "wirecost", REFERENCE = "async-profiler";

    private final int rounds;
    private final int warmup;

    /** One reader's reading of a segment: the counts it made and which reader really ran. */
    private record Read(long nanos, CategoryCounts cpu, CategoryCounts alloc, String reader, String producer) {}

    ReaderComparison(int rounds, int warmup) {
        this.rounds = rounds;
        this.warmup = warmup;
    }

    /** Reads every segment with both readers and prints their figures; 1 when the readers counted differently. */
    int compareAll(List<Path> files) throws Exception {
        System.out.printf(
                Locale.ROOT,
                "load average (1 min) at start: %.2f on %d cores%n",
                LoadAverage.oneMinute(),
                Runtime.getRuntime().availableProcessors());
        if (java.lang.management.ManagementFactory.getRuntimeMXBean()
                .getInputArguments()
                .contains("-XX:TieredStopAtLevel=1"))
            // the launcher's default suits a command that lives seconds; the agent reads in a long-lived host
            System.out.println("note: this JVM compiles with C1 only (the launcher's default); a host's JVM, where"
                    + " the agent reads, has C2 too: WIRECOST_JAVA_OPTS=-XX:+UseG1GC reads as a default host JVM does");
        boolean same = true;
        for (Path f : files) same &= compare(f);
        System.out.printf(
                Locale.ROOT,
                "load average (1 min) at end: %.2f. Each round: one read by each reader in this JVM, the first"
                        + " alternating; the ratio is the geometric mean of the rounds' ratios.%n",
                LoadAverage.oneMinute());
        if (!same) {
            System.err.println("wirecost: the two readers counted differently (see above): a reader is wrong");
            return 1;
        }
        return 0;
    }

    private boolean compare(Path file) throws Exception {
        String name = file.getFileName().toString();
        // the first read of each also checks the file, so a segment neither reader can read is one line
        Read own = readOrRefuse(file, true);
        Read ref = readOrRefuse(file, false);
        int chunks = RecordingFacts.chunks(file);
        System.out.printf(
                Locale.ROOT,
                "%n[%s] %s, %.1f KB, %s's, %d chunk(s)%s%n",
                name,
                file,
                Files.size(file) / 1e3,
                own.producer(),
                chunks,
                chunks > 1 ? " (an agent's segment has one: this reads as a recording of several)" : "");
        for (int i = 0; i < warmup; i++) {
            read(file, i % 2 == 0);
            read(file, i % 2 != 0);
        }
        double[] ownNanos = new double[rounds];
        double[] refNanos = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            boolean ownFirst = r % 2 == 0;
            Read first = read(file, ownFirst);
            Read second = read(file, !ownFirst);
            ownNanos[r] = (ownFirst ? first : second).nanos();
            refNanos[r] = (ownFirst ? second : first).nanos();
        }
        boolean same = sameCounts(own.cpu(), ref.cpu()) && sameCounts(own.alloc(), ref.alloc());
        for (Read x : List.of(own, ref)) {
            System.out.printf(
                    Locale.ROOT,
                    "[%s] reader %s: median %.3f ms per window; cpu samples %d, alloc samples %d%n",
                    name,
                    x.reader(),
                    Median.of(x == own ? ownNanos : refNanos) / 1e6,
                    total(x.cpu()),
                    total(x.alloc()));
        }
        System.out.printf(
                Locale.ROOT, "[%s] counts per category, cpu and alloc: %s%n", name, same ? "the same" : "DIFFERENT");
        System.out.printf(
                Locale.ROOT,
                "[%s] %s / %s, time per window: %s after %d warm-up reads each%n",
                name,
                OWN,
                REFERENCE,
                PairedRatio.of(ownNanos, refNanos),
                warmup);
        if (!own.reader().equals(OWN))
            System.out.printf(
                    Locale.ROOT,
                    "[%s] wirecost's own reader does not read this file (it fell back to %s): both rows are the same"
                            + " reader%n",
                    name,
                    own.reader());
        return same;
    }

    private static Read readOrRefuse(Path file, boolean own) throws IOException {
        try {
            return read(file, own);
        } catch (RecordingException e) {
            throw new UsageException("--segments " + e.getMessage());
        }
    }

    /** One window's read as the agent's SegmentReader does: a fresh attributor and counts, cpu and alloc at once. */
    private static Read read(Path file, boolean own) throws IOException, RecordingException {
        long t0 = System.nanoTime();
        RuleSet rules = RuleSet.defaults();
        Attributor cpu = new Attributor(rules, SampleMode.CPU, AttributionMode.SELF);
        CategoryCounts cpuCounts = cpu.newCounts();
        CategoryCounts allocCounts = new CategoryCounts(rules.categories());
        RecordingReader reader = new RecordingReader(cpu.sampleMode()).ownReader(own);
        Map<SampleMode, RecordingSummary> read = cpu.readSegment(
                reader,
                file,
                cpuCounts,
                List.of(),
                Map.of(
                        SampleMode.ALLOC,
                        new Attributor(rules, SampleMode.ALLOC, AttributionMode.SELF).classifier(allocCounts)));
        long nanos = System.nanoTime() - t0;
        return new Read(
                nanos,
                cpuCounts,
                allocCounts,
                reader.readerUsed(),
                read.get(SampleMode.CPU).producer());
    }

    private static boolean sameCounts(CategoryCounts a, CategoryCounts b) {
        for (int i = 0; i < a.categories().size(); i++) {
            if (a.samples(i) != b.samples(i) || a.events(i) != b.events(i)) return false;
        }
        return true;
    }

    private static long total(CategoryCounts c) {
        long n = 0;
        for (int i = 0; i < c.categories().size(); i++) n += c.events(i);
        return n;
    }
}
