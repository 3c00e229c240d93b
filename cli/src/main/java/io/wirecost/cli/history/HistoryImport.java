package io.wirecost.cli.history;

import io.wirecost.history.HistoryException;
import io.wirecost.history.HistoryStore;
import io.wirecost.history.RunReader;
import io.wirecost.runner.UsageException;
import java.io.IOException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/**
 * {@code wirecost history import DIR}: every run directory under DIR (any depth, through symbolic links: a team's
 * archive often links its latest runs in), in the order they started. Runs already stored are skipped with a note,
 * so importing the same directory again adds only what is new; a run reached by two paths is stored once; a
 * directory that is not a readable run is named and skipped. Exit 2 when none could be stored nor was stored already.
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
        // refused before the store is opened: an import that found nothing leaves no new, empty database behind
        if (read.isEmpty())
            throw new UsageException(dir + ": no run directory (results.json) found to import"
                    + (bad == 0
                            ? ""
                            : " (" + bad + (bad == 1 ? " directory" : " directories") + " not readable as runs)"));
        read.sort(Comparator.comparing(
                (RunReader.StoredRun r) -> r.facts().started(), Comparator.nullsLast(Comparator.naturalOrder())));
        int added = 0;
        int known = 0;
        java.util.Set<String> keys = new java.util.HashSet<>();
        try (HistoryStore store = db.open(true)) {
            for (RunReader.StoredRun r : read) {
                if (!keys.add(r.facts().key())) continue; // the same run through a link and its own path
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
        return 0;
    }

    /**
     * Following links, a link back to an ancestor would loop: the walk reports it as a failed visit, which is named
     * and skipped, as is any entry that cannot be read, so one bad link does not lose the other runs.
     */
    private static List<Path> runDirectories(Path root) {
        List<Path> out = new ArrayList<>();
        try {
            Files.walkFileTree(
                    root, EnumSet.of(FileVisitOption.FOLLOW_LINKS), Integer.MAX_VALUE, new SimpleFileVisitor<>() {
                        @Override
                        public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                            if (file.getFileName().toString().equals("results.json")) out.add(file.getParent());
                            return FileVisitResult.CONTINUE;
                        }

                        @Override
                        public FileVisitResult visitFileFailed(Path file, IOException e) {
                            System.err.println("history: skipped " + file + ": "
                                    + (e instanceof FileSystemLoopException
                                            ? "a link back to a directory above it"
                                            : "cannot be read (" + e.getClass().getSimpleName() + ")"));
                            return FileVisitResult.CONTINUE;
                        }
                    });
        } catch (IOException e) {
            throw new UsageException(root + ": cannot be read (" + e.getMessage() + ")");
        }
        out.sort(Comparator.naturalOrder());
        return out;
    }
}
