package io.wirecost.cli.common;

import io.wirecost.runner.UsageException;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/** Creates the directory an option names, or says in one line, naming the option, why it cannot be. */
public final class OutputDirectory {

    private OutputDirectory() {}

    public static Path create(String option, Path dir) {
        try {
            return Files.createDirectories(dir);
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
    public static Path defaultRun(String prefix, String suffix) {
        return Path.of(
                "runs",
                prefix
                        + LocalDateTime.now(java.time.ZoneId.systemDefault())
                                .format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", java.util.Locale.ROOT))
                        + suffix);
    }

    /**
     * The outermost of {@code dir} and its parents that does not exist yet, absolute; null where {@code dir} exists.
     * What creating {@code dir} makes, so that a command that fails can remove what it made and nothing else.
     */
    public static Path firstMissing(Path dir) {
        Path missing = null;
        for (Path p = dir.toAbsolutePath().normalize(); p != null && !Files.exists(p); p = p.getParent()) missing = p;
        return missing;
    }
}
