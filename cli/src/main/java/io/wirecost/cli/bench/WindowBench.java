package io.wirecost.cli.bench;

import io.wirecost.attribution.Attributor;
import io.wirecost.cli.common.Bounds;
import io.wirecost.runner.UsageException;
import io.wirecost.scenarios.files.FileTrees;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code wirecost bench window}: the agent's read of one window, with wirecost's own JFR reader against
 * async-profiler's {@code JfrReader} (the reader it replaced, still the fallback), in this one JVM as the agent reads
 * in its host's: each segment read as the agent's {@code SegmentReader} reads it (the same entry point, {@link
 * Attributor#readSegment}, the cpu and alloc classifiers fed in one pass, the built-in rules), the two readers
 * alternating read by read, which one goes first alternating too, after a warm-up of each. Prints per reader the
 * median time per window and the paired ratio with its 95 % interval, and checks that both counted the same.
 */
@Command(
        name = "window",
        mixinStandardHelpOptions = true,
        description = "The agent's per-window read: wirecost's own JFR reader vs async-profiler's, in one JVM, on a "
                + "scenario's segments or the given ones.")
final class WindowBench implements Callable<Integer> {

    @Option(
            names = "--segments",
            arity = "1..*",
            paramLabel = "DIR|FILE",
            description =
                    "Segments to read (JFR files; a directory: its .jfr files) instead of recording a scenario's.")
    List<Path> segments;

    @Option(
            names = "--rounds",
            defaultValue = "200",
            description = "Timed rounds per segment, one read by each reader (default: ${DEFAULT-VALUE}).")
    int rounds;

    @Option(
            names = "--warmup",
            defaultValue = "50",
            description = "Untimed reads by each reader before the rounds (default: ${DEFAULT-VALUE}).")
    int warmup;

    @Option(
            names = "--scenario",
            defaultValue = "rmi",
            description = "Without --segments: the scenario whose server is recorded (default: ${DEFAULT-VALUE}).")
    String scenario;

    @Option(
            names = "--window",
            defaultValue = AgentWindow.DEFAULT,
            description = "Without --segments: the length of the recorded window (default: ${DEFAULT-VALUE}, the "
                    + "agent's otlp.interval).")
    String window;

    @Option(
            names = "--work-dir",
            description = "Without --segments: where the segments are recorded and kept (default: a temporary "
                    + "directory, deleted).")
    Path workDir;

    @Override
    public Integer call() throws Exception {
        PairedRatio.checkRounds(rounds);
        Bounds.notNegative("--warmup", warmup);
        ScenarioName.check(scenario);
        Duration length = AgentWindow.parse(window);
        if (segments != null && workDir != null)
            throw new UsageException("--work-dir: only without --segments (nothing is recorded)");
        ReaderComparison readers = new ReaderComparison(rounds, warmup);
        if (segments != null) return readers.compareAll(segmentFiles(segments));
        if (workDir != null) {
            Path dir = io.wirecost.cli.common.OutputDirectory.create("--work-dir", workDir);
            return readers.compareAll(ScenarioSegments.record(scenario, length, dir, System.err::println));
        }
        Path dir = Files.createTempDirectory("wirecost-bench-window-");
        try { // the temporary segments go whatever happens: nothing is left behind on a failure
            return readers.compareAll(ScenarioSegments.record(scenario, length, dir, System.err::println));
        } finally {
            FileTrees.deleteQuietly(dir);
        }
    }

    /** The files the options name: each a file, or a directory's .jfr files in name order; refused in one line. */
    static List<Path> segmentFiles(List<Path> given) throws IOException {
        List<Path> out = new ArrayList<>();
        for (Path p : given) {
            if (Files.isDirectory(p)) {
                try (Stream<Path> s = Files.list(p)) {
                    List<Path> jfr = s.filter(f -> f.getFileName().toString().endsWith(".jfr"))
                            .filter(Files::isRegularFile)
                            .sorted()
                            .toList();
                    if (jfr.isEmpty()) throw new UsageException("--segments " + p + ": no .jfr file in the directory");
                    out.addAll(jfr);
                }
            } else if (Files.isRegularFile(p) && Files.isReadable(p)) {
                out.add(p);
            } else {
                throw new UsageException("--segments " + p + ": no such file or directory");
            }
        }
        return out;
    }
}
