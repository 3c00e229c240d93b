package io.wirecost.cli.history;

import io.wirecost.history.HistoryStore;
import io.wirecost.history.RunReader;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code wirecost history add RUN...}: stores every figure of each run directory ({@code run}, {@code attach},
 * {@code profile}). Each run is read before anything is stored, so a bad directory stores none of them; the same
 * run already stored is refused (exit 2), not duplicated.
 */
@Command(
        name = "add",
        mixinStandardHelpOptions = true,
        description = "Store run directories' figures, intervals and machine facts. Exit 2 when one is unreadable or "
                + "already stored.")
final class HistoryAdd implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "RUN", description = "Run directories (of run, attach or profile).")
    List<Path> runs;

    @Option(names = "--commit", paramLabel = "SHA", description = "The commit the runs measured.")
    String commit;

    @Option(names = "--branch", paramLabel = "B", description = "The branch the runs measured.")
    String branch;

    @Option(
            names = "--time",
            paramLabel = "T",
            description = "Where the runs go in the history (default: when each run started), e.g. the commit's time.")
    String time;

    @Mixin
    DbOption db;

    @Override
    public Integer call() throws Exception {
        Instant at = Times.parse("--time", time);
        db.check();
        List<RunReader.StoredRun> read = new java.util.ArrayList<>();
        for (Path run : runs) read.add(RunReader.read(run));
        try (HistoryStore store = db.open(true)) {
            for (RunReader.StoredRun r : read) {
                long seq = store.add(r, commit, branch, at);
                System.out.println("history: run " + seq + " stored: "
                        + r.facts().dir() + " (" + r.figures().size() + " figures)");
            }
        }
        return 0;
    }
}
