package io.wirecost.cli.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.wirecost.attribution.CategoryCounts;
import io.wirecost.attribution.CollapsedReader;
import io.wirecost.attribution.RecordingException;
import io.wirecost.attribution.RecordingReader;
import io.wirecost.attribution.RuleFileException;
import io.wirecost.attribution.RuleParser;
import io.wirecost.attribution.RuleSet;
import io.wirecost.attribution.SampleMode;
import io.wirecost.attribution.StackClassifier;
import io.wirecost.diff.RunData;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Feeds thousands of mutated inputs, derived from real ones, to every parser of wirecost: the JFR
 * recording reader, the collapsed-stack parser, the rule parser and diff's results parser. Each input
 * must end in a result or the parser's own clean error within a time bound: never another exception,
 * a hang or running out of memory. Budget: {@code -Dwirecost.fuzz.inputs=N} per target (default 2,500:
 * 12,500 inputs per run over the five targets, for CI; run with 100000 for a long session). Failing inputs
 * are kept in {@code cli/target/fuzz-failures}.
 */
class FuzzTest {

    private static final int INPUTS = Integer.getInteger("wirecost.fuzz.inputs", 2_500);
    private static final long SEED = Long.getLong("wirecost.fuzz.seed", 20261121L);
    /** Far above the reader's own budget (3 s for these small files): the budget is the guarantee under test. */
    private static final Duration LIMIT = Duration.ofSeconds(20);

    @TempDir
    static Path dir;

    static byte[] jfr;
    /** An async-profiler recording of two chunks (cpu, alloc): the layout wirecost's own reader reads most. */
    static byte[] asyncJfr;

    static final RuleSet RULES = RuleSet.defaults();

    /** The JDK's own wording for a failure in the reader's code, which tells a user nothing about the file. */
    static final java.util.regex.Pattern RAW_JAVA = java.util.regex.Pattern.compile(
            "out of bounds for length|Cannot (read|invoke|load|store|assign) |because \"[a-z]");

    interface Target {
        /** Parses; returns normally or throws the parser's own error type. */
        void parse(Path file) throws Exception;
    }

    /**
     * Checked-in recordings (their README says how they were made): a seed recorded at test time made each
     * run mutate different bytes, and its time ranged from seconds to minutes (issue 50).
     */
    @BeforeAll
    static void seeds() throws Exception {
        Path seeds = Path.of("src", "test", "resources", "fuzz");
        jfr = Files.readAllBytes(seeds.resolve("jdk-seed.jfr"));
        byte[] once = Files.readAllBytes(seeds.resolve("async-seed.jfr"));
        asyncJfr = java.util.Arrays.copyOf(once, once.length * 2); // concatenated: a second chunk
        System.arraycopy(once, 0, asyncJfr, once.length, once.length);
    }

    /** Runs {@code INPUTS} mutations through a target and reports what happened to each. */
    private void fuzz(String name, byte[] seed, String suffix, Class<? extends Exception> clean, Target target)
            throws Exception {
        fuzz(name, seed, suffix, clean, target, INPUTS);
    }

    /**
     * The inputs split over one worker per core (two at most): each worker mutates with its own generator (the
     * first with the generator a single worker had, so its inputs are those of earlier runs) and gives each input
     * its own time limit on a thread of its own, so a hang is caught and named whatever the other worker does.
     */
    private void fuzz(
            String name, byte[] seed, String suffix, Class<? extends Exception> clean, Target target, int inputs)
            throws Exception {
        int workers = Integer.getInteger(
                "wirecost.fuzz.workers",
                Math.max(1, Math.min(2, Runtime.getRuntime().availableProcessors())));
        Tally tally = new Tally();
        long t0 = System.nanoTime();
        ExecutorService all = Executors.newFixedThreadPool(workers);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int w = 0; w < workers; w++) {
                int worker = w;
                int share = inputs / workers + (w < inputs % workers ? 1 : 0);
                done.add(all.submit(() -> {
                    fuzzPart(name, worker, seed, suffix, clean, target, share, tally);
                    return null;
                }));
            }
            for (Future<?> f : done) f.get();
        } finally {
            all.shutdownNow();
        }
        System.out.printf(
                "fuzz %-10s %6d inputs in %5.1f s on %d workers: %d parsed, %d rejected cleanly, %d failures%n",
                name,
                tally.ok.get() + tally.rejected.get() + tally.failures.size(),
                (System.nanoTime() - t0) / 1e9,
                workers,
                tally.ok.get(),
                tally.rejected.get(),
                tally.failures.size());
        if (Boolean.getBoolean("wirecost.fuzz.verbose"))
            new java.util.TreeMap<>(tally.reasons).forEach((r, n) -> System.out.printf("    %5d  %s%n", n, r));
        assertEquals(List.of(), List.copyOf(tally.failures), name + " (seed " + SEED + ")");
    }

    /** What the workers found, shared between them. */
    private static final class Tally {
        final java.util.concurrent.atomic.AtomicInteger ok = new java.util.concurrent.atomic.AtomicInteger();
        final java.util.concurrent.atomic.AtomicInteger rejected = new java.util.concurrent.atomic.AtomicInteger();
        final java.util.Map<String, Integer> reasons = new java.util.concurrent.ConcurrentHashMap<>();
        final List<String> failures = java.util.Collections.synchronizedList(new ArrayList<>());
    }

    private void fuzzPart(
            String name,
            int workerIndex,
            byte[] seed,
            String suffix,
            Class<? extends Exception> clean,
            Target target,
            int inputs,
            Tally tally)
            throws Exception {
        Mutator m = new Mutator(SEED ^ name.hashCode() ^ (workerIndex * 0x9E3779B97F4A7C15L));
        String id = name + "-w" + workerIndex;
        Thread[] worker = new Thread[1];
        java.util.concurrent.ThreadFactory factory = r -> {
            Thread t = new Thread(r, "fuzz-" + id);
            t.setDaemon(true);
            worker[0] = t;
            return t;
        };
        ExecutorService pool = Executors.newSingleThreadExecutor(factory);
        Path failuresDir = Files.createDirectories(Path.of("target", "fuzz-failures"));
        try {
            for (int i = 0; i < inputs && tally.failures.size() < 5; i++) {
                byte[] input = i == 0 && workerIndex == 0 ? seed : m.mutate(seed);
                Path f = dir.resolve(id + suffix);
                Files.write(f, input);
                Future<?> run = pool.submit(() -> {
                    target.parse(f);
                    return null;
                });
                try {
                    run.get(LIMIT.toMillis(), TimeUnit.MILLISECONDS);
                    tally.ok.incrementAndGet();
                } catch (TimeoutException e) {
                    StackTraceElement[] where = worker[0].getStackTrace();
                    run.cancel(true);
                    tally.failures.add(id + " input " + i + ": no answer within " + LIMIT.toSeconds() + " s, at "
                            + java.util.Arrays.stream(where)
                                    .limit(6)
                                    .map(Object::toString)
                                    .toList());
                    Files.write(failuresDir.resolve(id + "-hang-" + i + suffix), input);
                    pool.shutdownNow();
                    pool = Executors.newSingleThreadExecutor(factory);
                } catch (java.util.concurrent.ExecutionException e) {
                    Throwable cause = e.getCause();
                    if (clean.isInstance(cause)
                            && cause.getMessage() != null
                            && !cause.getMessage().contains("\n")
                            && !RAW_JAVA.matcher(cause.getMessage()).find()) {
                        tally.rejected.incrementAndGet();
                        String msg = cause.getMessage();
                        String reason = msg.substring(msg.indexOf(": ") + 2).replaceAll("[0-9]+", "N");
                        tally.reasons.merge(reason.length() > 60 ? reason.substring(0, 60) : reason, 1, Integer::sum);
                    } else {
                        tally.failures.add(id + " input " + i + ": " + cause);
                        Files.write(failuresDir.resolve(id + "-crash-" + i + suffix), input);
                    }
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void recordingReader() throws Exception {
        fuzz(
                "jfr",
                jfr,
                ".jfr",
                RecordingException.class,
                f -> new RecordingReader(SampleMode.WALL)
                        .read(f, new StackClassifier(RULES, new CategoryCounts(RULES.categories()))));
    }

    /**
     * wirecost's own JFR reader (the default for format 2.x), in the modes it counts and in one pass for
     * several as the agent reads. Whatever it cannot read goes to async-profiler's reader, whose clean error
     * is then the answer. That fallback is most of this target's time (async-profiler's metadata reader sizes a
     * map by an attribute count read from the file, so a corrupted count allocates gigabytes before it fails),
     * so it runs as many inputs as the others: four times as many took over 5 minutes of a 2-core CI machine.
     */
    @Test
    void ownRecordingReader() throws Exception {
        fuzz("jfr-own", asyncJfr, ".jfr", RecordingException.class, f -> {
            CategoryCounts cpu = new CategoryCounts(RULES.categories());
            CategoryCounts alloc = new CategoryCounts(RULES.categories());
            new RecordingReader(SampleMode.CPU)
                    .readEach(
                            f,
                            java.util.Map.of(
                                    SampleMode.CPU, new StackClassifier(RULES, cpu),
                                    SampleMode.ALLOC, new StackClassifier(RULES, alloc)));
        });
    }

    @Test
    void collapsedParser() throws Exception {
        byte[] seed = String.join(
                        "\n",
                        "[main tid=1];java/lang/Thread.run_[j];sun/nio/ch/NioSocketImpl.write_[j];__GI___libc_write_[k] 5",
                        "java/lang/Thread.run;java/io/ObjectOutputStream.writeObject;java/util/HashMap.get 3",
                        "thread_native_entry;CompileBroker::compiler_thread_loop 2",
                        "")
                .getBytes(StandardCharsets.UTF_8);
        fuzz(
                "collapsed",
                seed,
                ".collapsed",
                RecordingException.class,
                f -> new CollapsedReader().read(f, new StackClassifier(RULES, new CategoryCounts(RULES.categories()))));
    }

    @Test
    void ruleParser() throws Exception {
        byte[] seed;
        try (InputStream in = RuleSet.class.getResourceAsStream("default.rules")) {
            seed = in.readAllBytes();
        }
        fuzz("rules", seed, ".rules", RuleFileException.class, f -> RuleParser.parse(f));
    }

    @Test
    void diffResultsParser() throws Exception {
        String results =
                "{\"format\":\"wirecost-results/1\",\"run\":{\"configuration\":\"baseline\"},\"scenarios\":[{\"scenario\":\"rmi\","
                        + "\"repetition\":1,\"status\":\"ok\",\"rtt\":[{\"operation\":\"int\",\"mean_micros\":60.1,"
                        + "\"kept_measurements_micros\":[59.0,61.2]}],\"shares\":{\"all\":{\"middleware_samples\":100,"
                        + "\"middleware_percent\":[{\"category\":\"socket-write\",\"samples\":40}]}},"
                        + "\"message_sizes\":{\"per_call\":[{\"operation\":\"int\",\"requestBytes\":41.0,\"responseBytes\":26.0}]}}]}";
        fuzz(
                "results",
                results.getBytes(StandardCharsets.UTF_8),
                ".json",
                RunData.BadRunException.class,
                f -> RunData.read(f));
    }
}
