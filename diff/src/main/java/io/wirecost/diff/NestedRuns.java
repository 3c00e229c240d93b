package io.wirecost.diff;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A directory given where one run was expected that is no run itself but holds runs in its folders: the two sides of
 * {@code run --candidate-...} ({@code baseline/} and {@code candidate/}), or a folder of runs. Every command that takes
 * a run says the same line for it, naming the folders to give instead.
 */
public final class NestedRuns {

    /** How many of the folders the line names. */
    private static final int NAMED = 4;

    private NestedRuns() {}

    /** The line, or empty where {@code dir} is a run, is not a directory, or holds no run in its folders. */
    public static Optional<String> hint(Path dir) {
        if (!Files.isDirectory(dir) || Files.isRegularFile(dir.resolve("results.json"))) return Optional.empty();
        List<String> runs;
        try (Stream<Path> s = Files.list(dir)) {
            runs = s.filter(d -> Files.isRegularFile(d.resolve("results.json")))
                    .map(d -> d.getFileName().toString())
                    .sorted()
                    .toList();
        } catch (IOException e) {
            return Optional.empty();
        }
        if (runs.isEmpty()) return Optional.empty();
        String named = String.join(", ", runs.subList(0, Math.min(NAMED, runs.size())))
                + (runs.size() > NAMED ? ", ... (" + runs.size() + ")" : "");
        return Optional.of(dir + ": no run itself, but its folders hold runs (" + named + "): give one of them, e.g. "
                + dir.resolve(runs.get(0)));
    }
}
