package io.wirecost.cli.history;

import io.wirecost.cli.common.OutputDirectory;
import io.wirecost.history.HistoryReport;
import io.wirecost.runner.AtomicFiles;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code wirecost history report -o DIR}: one HTML page of the gating metrics over the history, change points marked. */
@Command(
        name = "report",
        mixinStandardHelpOptions = true,
        description = "Write DIR/history.html: each gating metric over the runs with intervals and change points, "
                + "links to each run's report.html.")
final class HistoryReportCommand implements Callable<Integer> {

    @Option(
            names = {"-o", "--out"},
            required = true,
            paramLabel = "DIR",
            description = "Where history.html goes.")
    Path out;

    @Mixin
    CheckOptions options;

    @Mixin
    DbOption db;

    @Override
    public Integer call() throws Exception {
        OutputDirectory.create("--out", out);
        CheckOptions.Result r = options.run(db);
        Path page = out.resolve("history.html");
        AtomicFiles.write(page, HistoryReport.render(db.db, r.gating(), r.found()));
        System.out.println("history: " + page + " (" + r.gating().size() + " metrics, "
                + r.found().size() + " change points)");
        return 0;
    }
}
