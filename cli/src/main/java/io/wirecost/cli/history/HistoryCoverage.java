package io.wirecost.cli.history;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.wirecost.cli.bench.Proportion;
import io.wirecost.history.HistoryStore;
import io.wirecost.history.IntervalCoverage;
import io.wirecost.history.RunSelection;
import io.wirecost.runner.UsageException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code wirecost history coverage}: do the intervals a run prints cover where the other runs landed? The check a
 * reproduction must pass to be repeatable ({@link IntervalCoverage}), over the runs stored in the history.
 */
@Command(
        name = "coverage",
        mixinStandardHelpOptions = true,
        description = "How often each run's 95 %% interval holds the median of the other runs of the same figure: "
                + "the run's own interval, and a next-run interval from the spread of the runs before it.")
final class HistoryCoverage implements Callable<Integer> {

    /** The papers' and today's headline factors, as `run` prints them. */
    static final List<String> FACTORS = List.of("factor/*");

    @Option(
            names = "--metric",
            split = ",",
            paramLabel = "GLOB",
            description =
                    "Metrics, globs over names such as factor/rmi-ssl:rmi/* or cpu/*/all/int (default: factor/*).")
    List<String> metrics = new ArrayList<>();

    @Mixin
    SelectionOptions selected;

    @Mixin
    FormatOption format;

    @Mixin
    DbOption db;

    @Override
    public Integer call() throws Exception {
        boolean json = format.json();
        RunSelection selection = selected.selection();
        IntervalCoverage.Summary s;
        int runs;
        String otherSide;
        try (HistoryStore store = db.open(false)) {
            Map<String, List<HistoryStore.Point>> series =
                    store.series(MetricGlobs.of(metrics.isEmpty() ? FACTORS : metrics), selection);
            runs = (int) series.values().stream()
                    .flatMap(List::stream)
                    .map(p -> p.run().seq())
                    .distinct()
                    .count();
            s = IntervalCoverage.of(series);
            otherSide = SelectionOptions.otherSideNote(selection, store.runs());
        }
        if (s.metrics().isEmpty())
            throw new UsageException("no metric matching " + (metrics.isEmpty() ? FACTORS : metrics)
                    + " has two or more runs in the history" + selected.inWords()
                    + (otherSide.isEmpty() ? "" : "; " + otherSide.strip()));
        FormatOption.print(json, json ? json(s, runs) : text(s, runs), otherSide);
        return 0;
    }

    private static String text(IntervalCoverage.Summary s, int runs) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(
                Locale.ROOT,
                "history coverage: %d metrics over %d runs; each run's 95 %% interval against the median of the other"
                        + " runs%n%n",
                s.metrics().size(),
                runs));
        sb.append(String.format(
                Locale.ROOT,
                "%-52s %4s %9s %8s   %-9s %7s   %-9s %7s%n",
                "metric",
                "runs",
                "median",
                "spread",
                "own",
                "half-w.",
                "next run",
                "half-w."));
        for (IntervalCoverage.Metric m : s.metrics())
            sb.append(String.format(
                    Locale.ROOT,
                    "%-52s %4d %9.3f %7.1f%%   %-9s %7s   %-9s %7s%n",
                    m.metric(),
                    m.runs(),
                    m.medianValue(),
                    m.betweenRunSpreadPercent(),
                    fraction(m.own()),
                    percent(m.own().medianHalfWidthPercent()),
                    fraction(m.nextRun()),
                    percent(m.nextRun().medianHalfWidthPercent())));
        sb.append('\n');
        sb.append(pooled("own intervals", s.own()));
        sb.append(pooled("next-run intervals", s.nextRun()));
        sb.append("  spread: the runs' standard deviation on a log scale, % of the value. own: the interval the run"
                + " printed (its batches or repetitions). next run: the run's value with the spread of the runs"
                + " before it (t prediction interval, from the "
                + (IntervalCoverage.MIN_EARLIER + 1) + "th run on), or its own where wider.\n");
        return sb.toString();
    }

    private static String pooled(String what, IntervalCoverage.Kind k) {
        if (k.checked() == 0) return String.format(Locale.ROOT, "%s: none to check%n", what);
        Proportion p = Proportion.of(k.covered(), k.checked());
        return String.format(
                Locale.ROOT,
                "%s: cover %d of %d (%.0f %%, 95 %% interval %.0f to %.0f %%), median half-width %.1f %%%n",
                what,
                k.covered(),
                k.checked(),
                k.coveredPercent(),
                100 * p.low(),
                100 * p.high(),
                k.medianHalfWidthPercent());
    }

    private static String fraction(IntervalCoverage.Kind k) {
        return k.checked() == 0 ? "-" : k.covered() + "/" + k.checked();
    }

    private static String percent(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.1f%%", v);
    }

    private static String json(IntervalCoverage.Summary s, int runs) throws Exception {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("runs", runs);
        out.put("own", kind(s.own()));
        out.put("next_run", kind(s.nextRun()));
        List<Map<String, Object>> metrics = new ArrayList<>();
        for (IntervalCoverage.Metric m : s.metrics()) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("metric", m.metric());
            row.put("runs", m.runs());
            row.put("median", m.medianValue());
            row.put("between_run_spread_percent", m.betweenRunSpreadPercent());
            row.put("own", kind(m.own()));
            row.put("next_run", kind(m.nextRun()));
            metrics.add(row);
        }
        out.put("metrics", metrics);
        return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(out) + "\n";
    }

    private static Map<String, Object> kind(IntervalCoverage.Kind k) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("covered", k.covered());
        m.put("checked", k.checked());
        m.put(
                "median_half_width_percent",
                Double.isNaN(k.medianHalfWidthPercent()) ? null : k.medianHalfWidthPercent());
        return m;
    }
}
