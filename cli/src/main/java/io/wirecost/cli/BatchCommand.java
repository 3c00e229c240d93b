package io.wirecost.cli;

import io.wirecost.cli.common.Bounds;
import io.wirecost.cli.common.Durations;
import io.wirecost.cli.common.Locations;
import io.wirecost.cli.common.OutputDirectory;
import io.wirecost.report.BatchTables;
import io.wirecost.report.BatchWriter;
import io.wirecost.report.Progress;
import io.wirecost.runner.BatchRunner;
import io.wirecost.runner.JvmLauncher;
import io.wirecost.runner.ModuleClasspath;
import io.wirecost.runner.UsageException;
import io.wirecost.runner.batch.BatchRun;
import io.wirecost.runner.batch.BatchSettings;
import io.wirecost.runner.batch.LatencyFits;
import io.wirecost.runner.batch.LatencyResult;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code wirecost batch}: seed 004's experiment. Fetches 1..20 files per transaction from one file
 * server three ways (chatty RMI objects, a document-style web service, the same document over RMI)
 * at several network latencies, and fits the paper's model to find the batch size from which the
 * document style wins.
 *
 * <pre>
 * ./wirecost batch --quick
 * ./wirecost batch --latency 0,2ms,29ms --files 1..20
 * </pre>
 */
@Command(
        name = "batch",
        mixinStandardHelpOptions = true,
        description = "Seed 004: document-oriented batching vs chatty remote objects under injected network latency.")
final class BatchCommand implements Callable<Integer> {

    static final int MAX_FILES = 1000;
    static final long MAX_DELAY_NANOS = 10_000_000_000L;

    @Option(
            names = "--latency",
            split = ",",
            description =
                    "Delays the proxy holds each direction's data for, e.g. 0,2ms,29ms (default; quick: 0,2ms). 0 connects directly.")
    List<String> latencies;

    @Option(
            names = "--files",
            description = "Files per transaction: a range 1..20 (default) or a list 1,2,5,10 (quick).")
    String files;

    @Option(
            names = "--quick",
            description =
                    "A small sweep for tests and CI: files 1,2,5,10, latencies 0 and 2ms, 5 transactions per point.")
    boolean quick;

    @Option(
            names = "--reps",
            description = "Timed transactions per point (default 20 below 5 ms, 3 from 5 ms; quick 5).")
    Integer reps;

    @Option(
            names = "--warmup",
            description = "Untimed transactions per variant before each latency (default 300; quick 100).")
    Integer warmup;

    @Option(
            names = {"-o", "--out"},
            description = "Output directory (default: runs/<timestamp>-batch).")
    Path out;

    @Mixin
    JdkOptions jdk;

    @Override
    public Integer call() throws Exception {
        BatchSettings settings = settings();
        Path home = jdk.home();
        Path dir = OutputDirectory.fresh("--out", out, "", "-batch", "batch.json", "a batch run");
        JvmLauncher launcher = jdk.unprofiled(new ModuleClasspath(Locations.projectRoot()));
        BatchRun run = new BatchRun(
                dir.getFileName().toString(),
                OffsetDateTime.now(java.time.ZoneId.systemDefault()).toString(),
                Locations.hostName(),
                Locations.version(),
                home.toString(),
                launcher.featureVersion(),
                settings,
                Arrays.asList(ProcessHandle.current().info().arguments().orElse(new String[0])));
        BatchWriter writer = new BatchWriter(dir);
        Progress progress = new Progress(System.err, System.console() != null);
        System.err.println("wirecost: writing to " + dir);
        List<LatencyResult> results = new BatchRunner(launcher, settings, dir, progress, partial -> {
                    try {
                        writer.write(run, partial); // after every point: an interrupted run keeps what it measured
                    } catch (Exception e) {
                        throw new IllegalStateException("cannot write results to " + dir + ": " + e.getMessage(), e);
                    }
                })
                .run();
        progress.done();
        System.out.println();
        System.out.print(BatchTables.times(results).text());
        System.out.println();
        System.out.print(BatchTables.model(LatencyFits.of(results)).text());
        System.out.println();
        System.out.println("Results: " + dir + " (batch.csv, fits.csv, batch.json, table.md, logs/)");
        boolean failed = false;
        for (LatencyResult r : results) {
            if (!r.ok()) {
                System.err.println("wirecost: latency " + BatchRunner.millis(r.delayNanos()) + " failed: " + r.error());
                failed = true;
            }
        }
        return failed ? 1 : 0;
    }

    BatchSettings settings() {
        List<String> l = latencies != null ? latencies : quick ? List.of("0", "2ms") : List.of("0", "2ms", "29ms");
        List<Long> delays = new ArrayList<>();
        for (String s : l) {
            long d = Durations.parseOffsetNanos("--latency", s);
            if (d > MAX_DELAY_NANOS) throw new UsageException("--latency " + s + " is more than 10s");
            if (!delays.contains(d)) delays.add(d);
        }
        List<Integer> sizes = parseFiles(files != null ? files : quick ? "1,2,5,10" : "1..20");
        if (reps != null) Bounds.atLeast("--reps", reps, 1);
        if (warmup != null) Bounds.notNegative("--warmup", warmup);
        return new BatchSettings(
                delays, sizes, reps == null ? 0 : reps, warmup != null ? warmup : quick ? 100 : 300, 30, quick);
    }

    static List<Integer> parseFiles(String text) {
        List<Integer> sizes = new ArrayList<>();
        try {
            if (text.contains("..")) {
                String[] r = text.split("\\.\\.", -1);
                int from = Integer.parseInt(r[0].trim());
                int to = Integer.parseInt(r[1].trim());
                if (r.length != 2 || from > to) throw new NumberFormatException();
                for (int n = from; n <= to; n++) sizes.add(n);
            } else {
                for (String s : text.split(",")) sizes.add(Integer.parseInt(s.trim()));
            }
        } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
            throw new UsageException("--files must be a range like 1..20 or a list like 1,2,5,10, got '" + text + "'");
        }
        for (int n : sizes) {
            if (n < 1 || n > MAX_FILES)
                throw new UsageException("--files: batch sizes must be between 1 and " + MAX_FILES + ", got " + n);
        }
        return sizes;
    }
}
