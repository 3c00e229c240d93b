package io.wirecost.cli.history;

import io.wirecost.attribution.RecordingException;
import io.wirecost.cli.common.OutputDirectory;
import io.wirecost.diff.DiffFlames;
import io.wirecost.history.HistoryReport;
import io.wirecost.runner.AtomicFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code wirecost history report -o DIR}: one HTML page of the gating metrics over the history, change points marked. */
@Command(
        name = "report",
        mixinStandardHelpOptions = true,
        description = "Write DIR/history.html: each gating metric over the runs with intervals and change points, "
                + "links to each run's report.html and to the differential flame graphs between the runs either side of "
                + "each change point.")
final class HistoryReportCommand implements Callable<Integer> {

    @Option(
            names = {"-o", "--out"},
            required = true,
            paramLabel = "DIR",
            description = "Where history.html goes.")
    Path out;

    @Mixin
    CheckOptions options;

    @Override
    public Integer call() throws Exception {
        OutputDirectory.create("--out", out);
        CheckOptions.Result r = options.run();
        Map<String, List<String>> flames = new HashMap<>();
        for (HistoryReport.Sides sides : HistoryReport.sides(r.found())) flames.put(sides.dir(), flames(sides));
        Path page = out.resolve("history.html");
        AtomicFiles.write(page, HistoryReport.render(options.db.db, r.gating(), r.scaling(), r.found(), flames));
        System.out.println("history: " + page + " (" + r.gating().size() + " metrics, "
                + r.found().size() + " change points, "
                + flames.values().stream().mapToInt(List::size).sum() + " differential flame graphs)");
        System.out.print(r.otherSideNote());
        return 0;
    }

    /**
     * The differential flame graphs between the runs either side of a change point, written under {@code out}; none
     * when either run's directory (with its recordings) is no longer where it was stored, which the page then says by
     * showing the command.
     */
    private List<String> flames(HistoryReport.Sides sides) throws IOException {
        Path before = Path.of(sides.before().facts().dir());
        Path after = Path.of(sides.after().facts().dir());
        if (!Files.isDirectory(before) || !Files.isDirectory(after)) return List.of();
        Map<String, String> pages;
        try {
            pages = DiffFlames.render(
                    before,
                    after,
                    "run " + sides.before().seq() + " vs run " + sides.after().seq());
        } catch (RecordingException e) {
            System.err.println("history: no differential flame graph for runs "
                    + sides.before().seq() + " and " + sides.after().seq() + ": " + e.getMessage());
            return List.of();
        }
        // runs that share no recording (different scenarios or roles, or none recorded): nothing to compare, and no
        // empty directory left behind; the page shows the diff command instead
        if (pages.isEmpty()) return List.of();
        Path dir = Files.createDirectories(out.resolve(sides.dir()));
        for (Map.Entry<String, String> p : pages.entrySet())
            AtomicFiles.write(dir.resolve(p.getKey() + ".html"), p.getValue());
        return List.copyOf(pages.keySet());
    }
}
