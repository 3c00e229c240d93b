package io.wirecost.cli.common;

import io.wirecost.runner.UsageException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;

/**
 * Creates the directory an option names, or says in one line, naming the option, why it cannot be. Remembers what it
 * made, so that a command that fails ({@link #removeMadeIfEmpty}) leaves no empty directory of its own behind: many
 * commands make their output directory first, so that a path that cannot be one is refused before any work.
 */
public final class OutputDirectory {

    /** The outermost directory each {@link #create} made, this command line's (a CLI runs one command at a time). */
    private static final List<Path> MADE = new CopyOnWriteArrayList<>();

    private OutputDirectory() {}

    public static Path create(String option, Path dir) {
        try {
            Path missing = firstMissing(dir);
            Path made = Files.createDirectories(dir);
            if (missing != null) MADE.add(missing);
            return made;
        } catch (FileAlreadyExistsException | java.nio.file.NotDirectoryException e) {
            throw new UsageException(option + " " + dir + ": a file stands where a directory is needed");
        } catch (FileSystemException e) {
            throw new UsageException(option + " " + dir + ": cannot create the directory"
                    + (e.getReason() == null ? "" : " (" + e.getReason() + ")"));
        } catch (IOException e) {
            throw new UsageException(option + " " + dir + ": cannot create the directory");
        }
    }

    /**
     * A run's directory, created: {@code dir}, or {@code runs/PREFIXyyyyMMdd-HHmmss} when null; refused in one line if
     * it already holds {@code marker} ({@code what} names it: "a run"), so a run never overwrites another's files.
     */
    public static Path fresh(String option, Path dir, String prefix, String marker, String what) {
        return fresh(option, dir, prefix, "", marker, what);
    }

    /** As {@link #fresh(String, Path, String, String, String)}, the default's name ending in {@code suffix}. */
    public static Path fresh(String option, Path dir, String prefix, String suffix, String marker, String what) {
        Path d = dir != null ? dir : defaultRun(prefix, suffix);
        if (Files.exists(d.resolve(marker)))
            throw new UsageException(option + " " + d + " already holds " + what + "; choose another directory");
        return create(option, d);
    }

    /** {@code runs/PREFIXyyyyMMdd-HHmmssSUFFIX}: a run's directory where the user named none. */
    private static Path defaultRun(String prefix, String suffix) {
        return Path.of(
                "runs",
                prefix
                        + LocalDateTime.now(java.time.ZoneId.systemDefault())
                                .format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", java.util.Locale.ROOT))
                        + suffix);
    }

    /** The outermost of {@code dir} and its parents that does not exist yet, absolute; null where {@code dir} exists. */
    private static Path firstMissing(Path dir) {
        Path missing = null;
        for (Path p = dir.toAbsolutePath().normalize(); p != null && !Files.exists(p); p = p.getParent()) missing = p;
        return missing;
    }

    /** A new command line: nothing made yet. */
    public static void forget() {
        MADE.clear();
    }

    /**
     * The command failed: removes the directories {@link #create} made that hold no file, deepest first. A directory
     * holding anything (a recording, a partial result) stays with its parents: what a failed command wrote is kept.
     */
    public static void removeMadeIfEmpty() {
        for (Path top : MADE) removeEmpty(top);
        MADE.clear();
    }

    /** Removes {@code top} and the directories below it that hold no file, deepest first; files and their parents stay. */
    public static void removeEmpty(Path top) {
        try (Stream<Path> all = Files.walk(top)) {
            for (Path d : all.filter(Files::isDirectory)
                    .sorted(Comparator.reverseOrder())
                    .toList()) {
                try {
                    Files.deleteIfExists(d);
                } catch (IOException e) {
                    // not empty: kept
                }
            }
        } catch (IOException | UncheckedIOException e) {
            // gone already, or unreadable: nothing to remove
        }
    }
}
