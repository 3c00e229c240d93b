package io.wirecost.cli.history;

import io.wirecost.history.Figure;
import io.wirecost.history.HistoryStore;
import io.wirecost.history.RunFacts;
import io.wirecost.runner.UsageException;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code wirecost history show RUN}: one stored run's facts and figures. */
@Command(name = "show", mixinStandardHelpOptions = true, description = "Print one stored run's facts and figures.")
final class HistoryShow implements Callable<Integer> {

    @Parameters(
            index = "0",
            paramLabel = "RUN",
            description = "The run: its number in 'history list', its id, or the start of its key or commit.")
    String run;

    @Option(
            names = "--metric",
            paramLabel = "GLOB",
            description = "Only the figures whose name matches, e.g. 'cpu/*/all/*' (default: all).")
    String metric;

    @Mixin
    DbOption db;

    @Override
    public Integer call() throws Exception {
        try (HistoryStore store = db.open(false)) {
            HistoryStore.Entry e = find(store.runs(), run);
            RunFacts f = e.facts();
            System.out.println("run " + e.seq() + ": " + f.runId() + " (" + f.kind()
                    + (f.configuration().isEmpty() ? "" : ", the " + f.configuration() + " side of a two-sided run")
                    + ")");
            System.out.println("  directory:  " + f.dir());
            System.out.println("  key:        " + f.key());
            System.out.println("  measured:   " + Times.format(e.measured())
                    + (f.started() == null ? " (its start unknown)" : " (started " + Times.format(f.started()) + ")"));
            System.out.println(
                    "  commit:     " + (e.commit() == null || e.commit().isEmpty() ? "none given" : e.commit())
                            + (e.branch() == null || e.branch().isEmpty() ? "" : " on " + e.branch()));
            System.out.println("  host:       " + known(f.host())
                    + (f.cpuModel() == null || f.cpuModel().isEmpty() ? "" : ", " + f.cpuModel()));
            System.out.println("  JDK:        " + known(f.javaVersion()));
            System.out.println(
                    "  method:     " + (f.method() == null || f.method().isEmpty() ? "none" : f.method()));
            System.out.println("  machine:    load " + known(f.loadAverage(), "%.2f") + ", steal "
                    + known(f.stealPercent(), "%.2f %%") + ", busy " + known(f.busyPercent(), "%.1f %%")
                    + ", host reference "
                    + (Double.isNaN(f.hostSpeedMbps())
                            ? "not probed"
                            : String.format(Locale.ROOT, "%.0f MB/s (AES-GCM, one core)", f.hostSpeedMbps())));
            List<String> settings = SettingsLines.of(f.settings());
            System.out.println("  settings:" + (settings.isEmpty() ? "   none stored" : ""));
            for (String line : settings) System.out.println("    " + line);
            java.util.function.Predicate<String> wanted = MetricGlobs.of(metric == null ? List.of() : List.of(metric));
            for (Figure g : store.figures(f.key())) {
                if (!wanted.test(g.metric())) continue;
                System.out.printf(
                        Locale.ROOT,
                        "  %-60s %12.4f %s%s%s%n",
                        g.metric(),
                        g.value(),
                        g.unit(),
                        g.hasInterval() ? String.format(Locale.ROOT, " [%.4f, %.4f]", g.ciLow(), g.ciHigh()) : "",
                        g.noisy() ? "  too noisy in its run: left out of check" : "");
            }
        }
        return 0;
    }

    /** A fact the run did not record reads "unknown", not as an empty field, 0 or NaN. */
    private static String known(String fact) {
        return fact == null || fact.isEmpty() ? "unknown" : fact;
    }

    private static String known(double fact, String format) {
        return Double.isNaN(fact) ? "unknown" : String.format(Locale.ROOT, format, fact);
    }

    static HistoryStore.Entry find(List<HistoryStore.Entry> runs, String which) {
        for (HistoryStore.Entry e : runs) if (String.valueOf(e.seq()).equals(which)) return e;
        List<HistoryStore.Entry> hits = runs.stream()
                .filter(e -> e.facts().runId().equals(which)
                        || (which.length() >= 6 && e.facts().key().startsWith(which))
                        || (which.length() >= 6
                                && e.commit() != null
                                && e.commit().startsWith(which)))
                .toList();
        if (hits.isEmpty())
            throw new UsageException("RUN '" + which + "': no such run in the history (see 'history list')");
        if (hits.size() > 1)
            throw new UsageException(
                    "RUN '" + which + "' names " + hits.size() + " runs; give its number from 'history list'");
        return hits.get(0);
    }
}
