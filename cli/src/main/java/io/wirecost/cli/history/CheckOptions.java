package io.wirecost.cli.history;

import io.wirecost.cli.common.Bounds;
import io.wirecost.cli.common.Choice;
import io.wirecost.diff.ResultsFile;
import io.wirecost.history.ChangePointCheck;
import io.wirecost.history.ChangePointCheck.Found;
import io.wirecost.history.Cleared;
import io.wirecost.history.EDivisive;
import io.wirecost.history.HistoryStore;
import io.wirecost.history.HostScaling;
import io.wirecost.history.RunSelection;
import io.wirecost.runner.UsageException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The options of {@code history check}, {@code aa} and {@code report}: which history and series, the detector's settings. */
final class CheckOptions {

    /**
     * The figures a CI gates on: CPU per call of both JVMs and round trips, per scenario and operation, and the
     * category shares of both JVMs. The shares say where the cost goes, which a machine's load moves far less than
     * how much; a step in any of them that coincides with a step of the machine does not fail the check.
     */
    static final List<String> GATING = List.of("cpu/*/all/*", "rtt/*", "share/*/all/*");

    @Option(
            names = "--metric",
            split = ",",
            paramLabel = "GLOB",
            description = "Metrics to check, globs over names such as cpu/rmi/all/int "
                    + "(default: cpu/*/all/*,rtt/*,share/*/all/*).")
    List<String> metrics = new ArrayList<>();

    @Mixin
    DbOption db;

    @Mixin
    SelectionOptions runs;

    @Option(
            names = "--confirm",
            paramLabel = "N",
            defaultValue = "" + ChangePointCheck.DEFAULT_CONFIRM_RUNS,
            description =
                    "Runs after a newest change point, each beyond --threshold and beyond where the runs before it "
                            + "put a next run, before it fails the check (default: ${DEFAULT-VALUE}).")
    int confirm;

    @Option(
            names = "--confirm-share",
            paramLabel = "F",
            defaultValue = "" + ChangePointCheck.DEFAULT_CONFIRM_SHARE,
            description = "The share of all the runs after a newest change point that must each bear it out too, "
                    + "0 to 1 (default: ${DEFAULT-VALUE}: most of them; 0: --confirm runs are enough).")
    double confirmShare;

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

    @Option(
            names = "--host-scaling",
            paramLabel = "HOW",
            defaultValue = "median",
            description = "How to read CPU per call and round trips: median reads each series at the host's median "
                    + "speed (each run's figure times its host reference over the median of the runs on the same "
                    + "host and JDK) where that makes it steadier from run to run, so that the host's speed states do "
                    + "not read as the code's steps; none reads them as measured (default: ${DEFAULT-VALUE}).")
    String hostScaling;

    /**
     * The gating series as stored (without the figures their runs flagged too noisy, {@code leftOut} of them) and as
     * checked (figures per call read as {@code --host-scaling} says, {@code scaling}), the share series beside them,
     * the runs, their change points, and the note on runs of the other side left out ("" for none).
     */
    record Result(
            Map<String, List<HistoryStore.Point>> measured,
            Map<String, List<HistoryStore.Point>> gating,
            HostScaling.Scaled scaling,
            Map<String, List<HistoryStore.Point>> shares,
            List<HistoryStore.Entry> entries,
            List<Found> found,
            long leftOut,
            List<String> warmupCut,
            String otherSideNote) {
        int runs() {
            return entries.size();
        }
    }

    /**
     * The line that says how many figures were left out as too noisy by their runs, and why; empty when none was.
     * {@code warmupCut}: the scenarios whose warm-up --quick cut short in some run.
     */
    static String leftOutNote(long leftOut, List<String> warmupCut) {
        if (leftOut == 0) return "";
        String cut = warmupCut.isEmpty()
                ? ""
                : String.format(
                        Locale.ROOT,
                        "; %s's CPU per call and round trips where a warm-up under %,d calls per type left them timed "
                                + "while the JIT still compiled, as --quick's time budget does: the default method "
                                + "times them once it is quiet",
                        String.join(", ", warmupCut),
                        ResultsFile.Scenario.TOO_FEW_WARMUP_CALLS);
        return String.format(
                Locale.ROOT,
                "note: %d figures left out of their series: their own runs flagged them too noisy (round trips' CV "
                        + "over %.0f %%%s)%n",
                leftOut,
                ResultsFile.Rtt.TOO_NOISY_CV_PERCENT,
                cut);
    }

    /**
     * The scenarios whose CPU per call some run flagged: only a warm-up cut short flags a CPU figure
     * ({@link ResultsFile.Scenario#warmupCut}).
     */
    private static List<String> warmupCut(Map<String, List<HistoryStore.Point>> stored) {
        return stored.entrySet().stream()
                .filter(e -> e.getKey().startsWith("cpu/")
                        && e.getValue().stream().anyMatch(p -> p.figure().noisy()))
                .map(e -> e.getKey().split("/")[1])
                .distinct()
                .sorted()
                .toList();
    }

    HostScaling.Mode hostScaling() {
        return Choice.among("--host-scaling", hostScaling, List.of(HostScaling.Mode.values()));
    }

    /**
     * The line that says how figures per call were read: scaled to which host reference, over how many runs; empty
     * where no run had a reference or they were read as measured.
     */
    static String scalingNote(HostScaling.Scaled s) {
        if (s.runsScaled() == 0) return "";
        return String.format(
                Locale.ROOT,
                "note: %d of %d series of CPU per call and round trips read at the host's median speed, where that "
                        + "made them steadier run to run (host reference %.1f MB/s; %d of %d runs had one; "
                        + "--host-scaling none reads them as measured)%n",
                s.metricsScaled().size(),
                s.perCallMetrics(),
                s.referenceMbps(),
                s.runsScaled(),
                s.runsScaled() + s.runsAsMeasured());
    }

    /** JSON's {@code host_scaling}: how figures per call were read, and at which reference. */
    static void scaling(com.fasterxml.jackson.databind.node.ObjectNode o, HostScaling.Mode mode, HostScaling.Scaled s) {
        o.put("mode", Choice.word(mode));
        o.put("runs_scaled", s.runsScaled());
        o.put("runs_as_measured", s.runsAsMeasured());
        o.put("metrics_scaled", s.metricsScaled().size());
        o.put("per_call_metrics", s.perCallMetrics());
        if (s.runsScaled() == 0 || !Double.isFinite(s.referenceMbps())) o.putNull("reference_mbps");
        else o.put("reference_mbps", s.referenceMbps());
    }

    ChangePointCheck check() {
        return new ChangePointCheck(new EDivisive(window, maxP, minMagnitude), threshold, confirm, confirmShare);
    }

    Result run() throws Exception {
        Bounds.atLeast("--window", window, 2);
        if (!(maxP > 0 && maxP < 1)) throw new UsageException("--max-p must be between 0 and 1, got " + maxP);
        Bounds.notNegative("--min-magnitude", minMagnitude);
        Bounds.notNegative("--threshold", threshold);
        Bounds.atLeast("--confirm", confirm, 1);
        if (!(confirmShare >= 0 && confirmShare <= 1))
            throw new UsageException("--confirm-share must be between 0 and 1, got " + confirmShare);
        hostScaling();
        RunSelection selection = runs.selection();
        Map<String, List<HistoryStore.Point>> stored;
        Map<String, List<HistoryStore.Point>> shares;
        List<HistoryStore.Entry> entries;
        String otherSide;
        Cleared.Covering cleared;
        try (HistoryStore store = db.open(false)) {
            stored = store.series(MetricGlobs.of(metrics.isEmpty() ? GATING : metrics), selection);
            shares = store.series(m -> m.startsWith("share/") || m.startsWith("artifact/"), selection);
            entries = store.runs(selection);
            otherSide = SelectionOptions.otherSideNote(selection, store.runs());
            cleared = new Cleared.Covering(store.cleared(), store.runs());
        }
        if (stored.isEmpty())
            throw new UsageException("no stored figure matches --metric " + (metrics.isEmpty() ? GATING : metrics)
                    + runs.inWords() + (otherSide.isEmpty() ? "" : "; " + otherSide.strip()));
        Map<String, List<HistoryStore.Point>> measured = ChangePointCheck.withoutNoisy(stored);
        HostScaling.Scaled scaled = HostScaling.apply(measured, hostScaling());
        Map<String, List<HistoryStore.Point>> gating = scaled.series();
        return new Result(
                measured,
                gating,
                scaled,
                shares,
                entries,
                ChangePointCheck.cleared(check().check(gating, shares), cleared),
                ChangePointCheck.leftOut(stored),
                warmupCut(stored),
                otherSide);
    }
}
