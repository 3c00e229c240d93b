package io.wirecost.cli;

import io.wirecost.runner.UsageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The JFR recordings a directory given as input stands for: a run directory's {@code recordings/}, with the
 * {@code rep-K/} folders {@code profile --repeat} writes below it (in K's order), or else the directory's own
 * {@code .jfr} files. Every command that takes a run directory where recordings are expected lists them here, so a
 * run reads the same whichever command reads it.
 */
final class DirectoryRecordings {

    private static final Pattern REPETITION = Pattern.compile("rep-([0-9]{1,9})");

    private DirectoryRecordings() {}

    /** The recordings, in order; a one-line {@link UsageException} naming the directory when it holds none. */
    static List<Path> of(Path dir) {
        Path recordings = Files.isDirectory(dir.resolve("recordings")) ? dir.resolve("recordings") : dir;
        try {
            List<Path> out = new ArrayList<>(jfrs(recordings));
            if (recordings != dir) for (Path rep : repetitions(recordings)) out.addAll(jfrs(rep));
            if (out.isEmpty())
                throw new UsageException(
                        io.wirecost.diff.NestedRuns.hint(dir).orElse(dir + ": no .jfr recordings in this directory"));
            return out;
        } catch (IOException e) {
            throw new UsageException(dir + ": cannot list: " + e.getMessage());
        }
    }

    private static List<Path> jfrs(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(f -> f.getFileName().toString().endsWith(".jfr") && Files.isRegularFile(f))
                    .sorted()
                    .toList();
        }
    }

    /** The rep-K folders, by K: rep-10 after rep-9. */
    private static List<Path> repetitions(Path recordings) throws IOException {
        try (Stream<Path> s = Files.list(recordings)) {
            return s.filter(Files::isDirectory)
                    .filter(d -> REPETITION.matcher(d.getFileName().toString()).matches())
                    .sorted(Comparator.comparingInt(DirectoryRecordings::repetition))
                    .toList();
        }
    }

    private static int repetition(Path dir) {
        Matcher m = REPETITION.matcher(dir.getFileName().toString());
        return m.matches() ? Integer.parseInt(m.group(1)) : 0;
    }
}
