package io.wirecost.cli.history;

import io.wirecost.history.ChangePointCheck;
import io.wirecost.history.ChangePointCheck.Found;
import io.wirecost.history.EDivisive;
import io.wirecost.history.HistoryStore;
import io.wirecost.runner.UsageException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The options of {@code history check} and {@code history report}: which series, and the detector's settings. */
final class CheckOptions {

    /** The figures a CI gates on: CPU per call of both JVMs and round trips, per scenario and operation. */
    static final List<String> GATING = List.of("cpu/*/all/*", "rtt/*");

    @Option(
            names = "--metric",
            split = ",",
            paramLabel = "GLOB",
            description = "Metrics to check, globs over names such as cpu/rmi/all/int (default: cpu/*/all/*,rtt/*).")
    List<String> metrics = new ArrayList<>();

    @Mixin
    SinceOption since;

    @Option(
            names = "--threshold",
            defaultValue = "5",
            description = "A newest change point raising a metric by more than this, percent, exits 1 "
                    + "(default: ${DEFAULT-VALUE}).")
    double threshold;

    @Option(
            names = "--window",
            defaultValue = "" + EDivisive.DEFAULT_WINDOW,
            description = "Runs per window of the split step (Otava's window_len; default: ${DEFAULT-VALUE}).")
    int window;

    @Option(
            names = "--max-p",
            defaultValue = "" + EDivisive.DEFAULT_MAX_P,
            description = "Largest p-value of a change point (Otava's max_pvalue; default: ${DEFAULT-VALUE}).")
    double maxP;

    @Option(
            names = "--min-magnitude",
            defaultValue = "0",
            description = "Smallest relative change of a change point, e.g. 0.05 for 5 %% (Otava's min_magnitude; "
                    + "default: ${DEFAULT-VALUE}).")
    double minMagnitude;

    /** The gating series, the share series beside them, and their change points. */
    record Result(Map<String, List<HistoryStore.Point>> gating, int runs, List<Found> found) {}

    Result run(DbOption db) throws Exception {
        if (window < 2) throw new UsageException("--window must be at least 2, got " + window);
        if (!(maxP > 0 && maxP < 1)) throw new UsageException("--max-p must be between 0 and 1, got " + maxP);
        if (!(minMagnitude >= 0)) throw new UsageException("--min-magnitude must not be negative, got " + minMagnitude);
        if (!(threshold >= 0)) throw new UsageException("--threshold must not be negative, got " + threshold);
        Instant from = since.from();
        Map<String, List<HistoryStore.Point>> gating;
        Map<String, List<HistoryStore.Point>> shares;
        int runs;
        try (HistoryStore store = db.open(false)) {
            gating = store.series(MetricGlobs.of(metrics.isEmpty() ? GATING : metrics), from);
            shares = store.series(m -> m.startsWith("share/") || m.startsWith("artifact/"), from);
            runs = (int) store.runs().stream()
                    .filter(e -> from == null || !e.measured().isBefore(from))
                    .count();
        }
        if (gating.isEmpty())
            throw new UsageException(
                    "no stored figure matches --metric " + (metrics.isEmpty() ? GATING : metrics) + since.inWords());
        List<Found> found =
                new ChangePointCheck(new EDivisive(window, maxP, minMagnitude), threshold).check(gating, shares);
        return new Result(gating, runs, found);
    }
}
