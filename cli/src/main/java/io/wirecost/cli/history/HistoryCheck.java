package io.wirecost.cli.history;

import io.wirecost.history.ChangePointCheck;
import io.wirecost.history.ChangePointCheck.Found;
import io.wirecost.history.HistoryStore;
import io.wirecost.history.HostScaling;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code wirecost history check}: change points in each gating metric's history. Exit 0: no metric's newest change
 * point is a confirmed regression beyond the threshold under a steady machine; 1: at least one is; 2: bad input.
 */
@Command(
        name = "check",
        mixinStandardHelpOptions = true,
        description = "Find change points in each metric's history (E-divisive means with Otava's split and merge "
                + "tests). Exit 1 when a metric's newest change point is a regression beyond --threshold, borne out "
                + "by --confirm runs after it and most of them (--confirm-share), each beyond the threshold and the "
                + "runs before it, where the machine (host, CPU model, load, steal, busy CPU) held steady.")
final class HistoryCheck implements Callable<Integer> {

    @Mixin
    CheckOptions options;

    @Mixin
    FormatOption format;

    @Override
    public Integer call() throws Exception {
        boolean json = format.json();
        CheckOptions.Result r = options.run();
        FormatOption.print(
                json,
                json
                        ? HistoryCheckJson.of(r.found(), r.scaling().metricsScaled())
                        : text(r.found(), r.gating().size(), r.runs(), r.leftOut(), r.warmupCut(), r.scaling()),
                r.otherSideNote());
        return ChangePointCheck.failed(r.found()) ? 1 : 0;
    }

    private String text(
            List<Found> found,
            int metricCount,
            int runs,
            long leftOut,
            List<String> warmupCut,
            HostScaling.Scaled scaling) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(
                Locale.ROOT,
                "history check: %d metrics over %d runs, %d change points in %d metrics (window %d, p <= %s, "
                        + "magnitude > %s)%n",
                metricCount,
                runs,
                found.size(),
                found.stream().filter(Found::newest).count(),
                options.window,
                options.maxP,
                options.minMagnitude));
        Map<String, String> listed = new HashMap<>(); // a run and the lines that moved there -> the first metric
        for (Found f : found) {
            sb.append(String.format(
                    Locale.ROOT,
                    "%s %s at run %d (position %d, commit %s): %s -> %s %s, %+.1f %% (p %.2g)%s%n",
                    label(f),
                    f.metric(),
                    f.run().seq(),
                    f.position(),
                    f.run().commit() == null
                            ? "unknown"
                            : HistoryStore.shortCommit(f.run().commit()),
                    segment(f.before()),
                    segment(f.after()),
                    f.unit(),
                    f.changePercent(),
                    f.pValue(),
                    why(f, metricCount)));
            StringBuilder moved = new StringBuilder();
            for (ChangePointCheck.MovedLine m : f.moved())
                moved.append(String.format(
                        Locale.ROOT,
                        "    moved with it: %s %.2f -> %.2f %% (%+.2f points)%n",
                        m.metric(),
                        m.before(),
                        m.after(),
                        m.changePoints()));
            // a step of the code moves every operation of a scenario at once, and each one's change point would list
            // the same share lines again: they are listed under the first, and the others point to it
            String first = listed.putIfAbsent(f.run().seq() + "\n" + moved, f.metric());
            if (first == null) sb.append(moved);
            else
                sb.append("    moved with it: the same lines as for ")
                        .append(first)
                        .append('\n');
        }
        if (runs < 2 * 3) sb.append("note: fewer than 6 runs; a change point needs runs on both sides to be tested\n");
        sb.append(CheckOptions.leftOutNote(leftOut, warmupCut));
        sb.append(CheckOptions.scalingNote(scaling));
        long gating = found.stream().filter(Found::gates).count();
        sb.append(
                gating > 0
                        ? String.format(
                                Locale.ROOT,
                                "fail: %d metrics' newest change point is a regression under a steady machine%n",
                                gating)
                        : "pass: no metric's newest change point is a confirmed regression under a steady machine\n");
        return sb.toString();
    }

    private static String label(Found f) {
        if (f.gates()) return "REGRESSION";
        if (!f.newest()) return "change";
        if (f.regression() && !f.machine().isEmpty()) return "machine";
        if (f.regression() && !f.cleared().isEmpty()) return "cleared";
        if (f.regression() && !f.confirmed()) return "unconfirmed";
        if (f.regression() && !f.significant()) return "weak";
        return "newest";
    }

    private String why(Found f, int metricCount) {
        String machine = f.machine().isEmpty() ? "" : "; machine: " + f.machine();
        if (!f.regression()) return machine;
        if (f.gates()) return " regression";
        if (f.newest() && !f.machine().isEmpty()) return " regression" + machine + ", not the code's: does not fail";
        if (f.newest() && !f.cleared().isEmpty()) return " regression; cleared, " + f.cleared();
        if (f.newest() && !f.confirmed())
            return String.format(
                    Locale.ROOT,
                    " regression; %d of the %d runs after it bear it out, %d needed%s",
                    f.confirming(),
                    f.after().runs(),
                    options.check().confirmingNeeded(f.after().runs()),
                    machine);
        return " regression" + machine;
    }

    private static String segment(ChangePointCheck.Segment s) {
        return Double.isNaN(s.low())
                ? String.format(Locale.ROOT, "%.3f (1 run)", s.mean())
                : String.format(Locale.ROOT, "%.3f [%.3f, %.3f] (%d runs)", s.mean(), s.low(), s.high(), s.runs());
    }
}
