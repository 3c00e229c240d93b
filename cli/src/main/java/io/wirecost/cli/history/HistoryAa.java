package io.wirecost.cli.history;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.wirecost.cli.common.Bounds;
import io.wirecost.history.ChangePointCheck.Found;
import io.wirecost.history.FalseAlarms;
import io.wirecost.history.FalseAlarms.Proportion;
import io.wirecost.history.HistoryStore.Entry;
import io.wirecost.history.HostScaling;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.ToDoubleFunction;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code wirecost history aa}: the false-alarm rate of {@code history check} on an A/A history (the same build
 * measured again and again), per metric and per CI job, with exact intervals; the machine's load beside it.
 */
@Command(
        name = "aa",
        mixinStandardHelpOptions = true,
        description = "On a history where nothing changed (the same build measured again), count history check's false "
                + "alarms: metrics with a change point, metrics whose check fails, and the checks a CI job would have "
                + "run after each run that would have failed, each with its 95 %% Clopper-Pearson interval.")
final class HistoryAa implements Callable<Integer> {

    @Mixin
    CheckOptions options;

    @Mixin
    FormatOption format;

    @Option(
            names = "--from-runs",
            paramLabel = "N",
            defaultValue = "6",
            description = "The first CI job counted is the check after this many runs (default: ${DEFAULT-VALUE}).")
    int fromRuns;

    @Override
    public Integer call() throws Exception {
        boolean json = format.json();
        Bounds.atLeast("--from-runs", fromRuns, 2);
        CheckOptions.Result r = options.run();
        FalseAlarms fa =
                FalseAlarms.of(options.check(), r.entries(), r.measured(), options.hostScaling(), r.shares(), fromRuns);
        FormatOption.print(
                json,
                json
                        ? json(fa, r.entries(), r.scaling())
                        : text(fa, r.entries())
                                + CheckOptions.scalingNote(r.scaling())
                                + CheckOptions.leftOutNote(r.leftOut(), r.warmupCut()),
                r.otherSideNote());
        return 0;
    }

    private String text(FalseAlarms fa, List<Entry> runs) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(
                Locale.ROOT,
                "history aa: %d runs, %s to %s; load %s, busy CPU %s, steal %s %%, host reference %s MB/s%n",
                fa.runs(),
                runs.isEmpty() ? "-" : Times.format(runs.get(0).measured()),
                runs.isEmpty() ? "-" : Times.format(runs.get(runs.size() - 1).measured()),
                range(runs, e -> e.facts().loadAverage()),
                range(runs, e -> e.facts().busyPercent()),
                range(runs, e -> e.facts().stealPercent()),
                range(runs, e -> e.facts().hostSpeedMbps())));
        sb.append("nothing changed between these runs: every change point is a false alarm about the code\n");
        sb.append(String.format(
                Locale.ROOT, "metrics checked: %d; with a change point: %s%n", fa.metrics(), proportion(fa.changed())));
        sb.append(String.format(
                Locale.ROOT,
                "metrics whose newest change point fails the check: %s (regressions the machine explains: %d, "
                        + "not yet confirmed: %d, p not within the check's bound: %d)%n",
                proportion(fa.failing()),
                fa.machine(),
                fa.unconfirmed(),
                fa.weak()));
        sb.append(String.format(
                Locale.ROOT,
                "CI jobs that would have failed (the check after each run from run %d on): %s; they share runs, "
                        + "so they are not independent trials%n",
                fromRuns,
                proportion(fa.jobsFailed())));
        sb.append(String.format(
                Locale.ROOT,
                "CI jobs that would have measured again, each re-measure passing and clearing its scenarios from the "
                        + "change point to its run (history clear): %s%n",
                proportion(fa.remeasured())));
        for (FalseAlarms.FailedJob job : fa.failedJobs()) {
            sb.append(String.format(Locale.ROOT, "  the job after run %d failed on", afterRun(job, runs)));
            String sep = " ";
            for (Found f : job.failing()) {
                sb.append(String.format(
                        Locale.ROOT,
                        "%s%s (at run %d, %+.1f %%)",
                        sep,
                        f.metric(),
                        f.run().seq(),
                        f.changePercent()));
                sep = ", ";
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    /** The history's number ({@code history list}) of the job's last run. */
    private static long afterRun(FalseAlarms.FailedJob job, List<Entry> runs) {
        return runs.get(job.runs() - 1).seq();
    }

    private static String proportion(Proportion p) {
        return p.n() == 0
                ? "0 of 0"
                : String.format(
                        Locale.ROOT,
                        "%d of %d, %.1f %% [%.1f, %.1f] (95 %% Clopper-Pearson)",
                        p.k(),
                        p.n(),
                        100 * p.rate(),
                        100 * p.low(),
                        100 * p.high());
    }

    private static String range(List<Entry> runs, ToDoubleFunction<Entry> fact) {
        double[] v = runs.stream().mapToDouble(fact).filter(Double::isFinite).toArray();
        if (v.length == 0) return "not recorded";
        return String.format(
                Locale.ROOT,
                "%.1f to %.1f",
                java.util.Arrays.stream(v).min().orElseThrow(),
                java.util.Arrays.stream(v).max().orElseThrow());
    }

    private String json(FalseAlarms fa, List<Entry> runs, HostScaling.Scaled scaling) throws Exception {
        ObjectMapper om = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ObjectNode o = om.createObjectNode();
        o.put("runs", fa.runs());
        o.put("metrics", fa.metrics());
        proportion(o.putObject("metrics_with_change_point"), fa.changed());
        proportion(o.putObject("metrics_failing"), fa.failing());
        o.put("machine", fa.machine());
        o.put("unconfirmed", fa.unconfirmed());
        o.put("weak", fa.weak());
        proportion(o.putObject("jobs_failed"), fa.jobsFailed());
        proportion(o.putObject("jobs_remeasured"), fa.remeasured());
        ArrayNode failedJobs = o.putArray("failed_jobs");
        for (FalseAlarms.FailedJob job : fa.failedJobs()) {
            ObjectNode j = failedJobs.addObject();
            j.put("after_run", afterRun(job, runs));
            j.put("runs", job.runs());
            ArrayNode failing = j.putArray("failing");
            for (Found f : job.failing()) {
                ObjectNode m = failing.addObject();
                m.put("metric", f.metric());
                m.put("run", f.run().seq());
                m.put("position", f.position());
                m.put("change_percent", f.changePercent());
            }
        }
        o.put("from_runs", fromRuns);
        CheckOptions.scaling(o.putObject("host_scaling"), options.hostScaling(), scaling);
        ObjectNode load = o.putObject("load_1m");
        double[] l = runs.stream()
                .mapToDouble(e -> e.facts().loadAverage())
                .filter(Double::isFinite)
                .toArray();
        if (l.length > 0) {
            load.put("min", java.util.Arrays.stream(l).min().orElseThrow());
            load.put("max", java.util.Arrays.stream(l).max().orElseThrow());
        }
        return om.writeValueAsString(o) + "\n";
    }

    private static void proportion(ObjectNode o, Proportion p) {
        o.put("count", p.k());
        o.put("of", p.n());
        o.put("rate", p.rate());
        o.put("ci_low", p.low());
        o.put("ci_high", p.high());
    }
}
