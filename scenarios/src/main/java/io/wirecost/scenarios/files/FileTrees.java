package io.wirecost.scenarios.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Removes the temporary trees wirecost makes (key directories, Tomcat base directories, proxy logs).
 * The JDK has no recursive delete; this one is small enough not to pull in commons-io, which neither
 * the scenario JVMs nor the runner otherwise need.
 */
public final class FileTrees {

    private FileTrees() {}

    /**
     * Deletes {@code dir} and everything below it, children before parents. A file that cannot be
     * deleted is left in place (its parent then stays too); a missing or null {@code dir} is nothing to do.
     *
     * @throws IOException when the tree cannot be listed
     */
    public static void delete(Path dir) throws IOException {
        if (dir == null) return;
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (NoSuchFileException e) {
            // already gone
        }
    }

    /** {@link #delete} for clean-up paths (close, shutdown hooks) where a failure has nobody to tell. */
    public static void deleteQuietly(Path dir) {
        try {
            delete(dir);
        } catch (IOException | RuntimeException e) {
            // best effort: an owner-only directory under the temp dir
        }
    }
}
