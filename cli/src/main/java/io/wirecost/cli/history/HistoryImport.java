package io.wirecost.cli.history;

import io.wirecost.history.HistoryException;
import io.wirecost.history.HistoryStore;
import io.wirecost.history.RunReader;
import io.wirecost.runner.UsageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/**
 * {@code wirecost history import DIR}: every run directory under DIR (any depth), in the order they started. Runs
 * already stored are skipped with a note, so importing the same directory again adds only what is new; a directory
 * that is not a readable run is named and skipped. Exit 2 when none could be stored nor was stored already.
 */
@Command(
        name = "import",
        mixinStandardHelpOptions = true,
        description = "Store every run directory found under DIR (those already stored are skipped).")
final class HistoryImport implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "DIR", description = "A directory of old run directories.")
    Path dir;

    @Mixin
    DbOption db;

    @Override
    public Integer call() throws Exception {
        if (!Files.isDirectory(dir)) throw new UsageException(dir + ": no such directory");
        db.check();
        List<RunReader.StoredRun> read = new ArrayList<>();
        int bad = 0;
        for (Path run : runDirectories(dir)) {
            try {
                read.add(RunReader.read(run));
            } catch (HistoryException e) {
                System.err.println("history: skipped " + e.getMessage());
                bad++;
            }
        }
        read.sort(Comparator.comparing(
                (RunReader.StoredRun r) -> r.facts().started(), Comparator.nullsLast(Comparator.naturalOrder())));
        int added = 0;
        int known = 0;
        try (HistoryStore store = db.open(true)) {
            for (RunReader.StoredRun r : read) {
                if (store.contains(r.facts().key())) {
                    known++;
                    continue;
                }
                store.add(r, null, null, null);
                added++;
            }
        }
        System.out.println("history: " + added + " runs stored, " + known + " already stored, " + bad
                + " directories not readable as runs, from " + dir);
        if (added + known == 0) throw new UsageException(dir + ": no run directory (results.json) found to import");
        return 0;
    }

    private static List<Path> runDirectories(Path root) {
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(p -> p.getFileName().toString().equals("results.json"))
                    .map(Path::getParent)
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UsageException(root + ": cannot be read (" + e.getMessage() + ")");
        }
    }
}
