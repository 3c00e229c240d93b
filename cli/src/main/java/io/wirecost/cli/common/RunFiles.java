package io.wirecost.cli.common;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The "Results: DIR (...)" line's list: what the run directory holds, read from it, so that the line names a file only
 * where the run wrote it (endpoints.csv with endpoints, cpu.csv where CPU was measured) and no command keeps a list of
 * its own that drifts from what it writes.
 */
public final class RunFiles {

    /** In the order a reader opens them: the results, the tables, the pages, then the folders. */
    private static final List<String> ORDER = List.of(
            "results.json",
            "shares.csv",
            "rtt.csv",
            "cpu.csv",
            "sizes.csv",
            "endpoints.csv",
            "table.md",
            "metrics.prom",
            "report.html",
            "recordings/",
            "flames/",
            "captures/");

    private RunFiles() {}

    /** "results.json, shares.csv, table.md, report.html, recordings/, flames/" of what {@code dir} holds. */
    public static String named(Path dir) {
        return ORDER.stream()
                .filter(n -> n.endsWith("/")
                        ? Files.isDirectory(dir.resolve(n.substring(0, n.length() - 1)))
                        : Files.isRegularFile(dir.resolve(n)))
                .collect(Collectors.joining(", "));
    }
}
