package io.wirecost.cli.history;

import io.wirecost.history.HistoryStore;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code wirecost history list}: the stored runs in the history's order, one a line. */
@Command(name = "list", mixinStandardHelpOptions = true, description = "List the stored runs in the history's order.")
final class HistoryList implements Callable<Integer> {

    @Mixin
    DbOption db;

    @Override
    public Integer call() throws Exception {
        List<HistoryStore.Entry> runs;
        try (HistoryStore store = db.open(false)) {
            runs = store.runs();
        }
        System.out.printf(
                Locale.ROOT,
                "%-5s %-20s %-12s %-14s %-8s %-9s %-8s %-24s %s%n",
                "run",
                "measured (UTC)",
                "commit",
                "branch",
                "kind",
                "side",
                "figures",
                "host, load",
                "directory");
        for (HistoryStore.Entry e : runs) {
            System.out.printf(
                    Locale.ROOT,
                    "%-5d %-20s %-12s %-14s %-8s %-9s %-8d %-24s %s%n",
                    e.seq(),
                    Times.format(e.measured()),
                    HistoryStore.shortCommit(e.commit()),
                    e.branch() == null ? "" : e.branch(),
                    e.facts().kind(),
                    e.facts().configuration(),
                    e.figures(),
                    e.facts().host()
                            + (Double.isNaN(e.facts().loadAverage())
                                    ? ""
                                    : String.format(
                                            Locale.ROOT,
                                            ", load %.2f",
                                            e.facts().loadAverage())),
                    e.facts().dir());
        }
        System.out.println(runs.size() + " runs in " + db.name());
        return 0;
    }
}
