package io.wirecost.cli.history;

import java.time.Instant;
import picocli.CommandLine.Option;

/** {@code --since}: the history subcommands that read a window of runs read it from the same date. */
final class SinceOption {

    @Option(names = "--since", paramLabel = "T", description = "Only runs measured at or after this date or time.")
    String since;

    /** The start, checked; null for the whole history. */
    Instant from() {
        return Times.parse("--since", since);
    }

    /** " since T" for a message about an empty window; empty for the whole history. */
    String inWords() {
        return since == null ? "" : " since " + since;
    }
}
