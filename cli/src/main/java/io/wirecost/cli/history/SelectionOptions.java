package io.wirecost.cli.history;

import io.wirecost.cli.common.Choice;
import io.wirecost.history.HistoryStore;
import io.wirecost.history.RunSelection;
import java.util.List;
import picocli.CommandLine.Option;

/** Which stored runs a history subcommand reads: the same options wherever it reads a series. */
final class SelectionOptions {

    @Option(names = "--since", paramLabel = "T", description = "Only runs measured at or after this date or time.")
    String since;

    @Option(names = "--until", paramLabel = "T", description = "Only runs measured before this date or time.")
    String until;

    @Option(
            names = "--branch",
            paramLabel = "B",
            description = "Only runs stored with this branch (history add --branch).")
    String branch;

    @Option(
            names = "--side",
            paramLabel = "SIDE",
            defaultValue = "baseline",
            description = "Which runs of two-sided runs (run --candidate-...): baseline (with every run of one "
                    + "configuration), candidate or all (default: ${DEFAULT-VALUE}).")
    String side;

    /** The selection, its times checked. */
    RunSelection selection() {
        return new RunSelection(
                Times.parse("--since", since),
                Times.parse("--until", until),
                branch,
                Choice.among("--side", side, List.of(RunSelection.Side.values())));
    }

    /** " since T until U on branch B" for a message about an empty selection; empty for the whole history. */
    String inWords() {
        return (since == null ? "" : " since " + since)
                + (until == null ? "" : " until " + until)
                + (branch == null ? "" : " on branch " + branch);
    }

    /**
     * The line that says how many runs in the window were left out for being the other side of two-sided runs, and how
     * to read them; empty when none was.
     */
    static String otherSideNote(RunSelection selection, List<HistoryStore.Entry> all) {
        long n = all.stream().filter(selection::otherSide).count();
        if (n == 0) return "";
        return switch (selection.side()) {
            case BASELINE ->
                "note: " + n + " candidate sides of two-sided runs left out: they measured another "
                        + "configuration than the baselines (--side candidate reads them alone)"
                        + System.lineSeparator();
            case CANDIDATE ->
                "note: " + n + " runs left out: --side candidate reads only the candidate sides of " + "two-sided runs"
                        + System.lineSeparator();
            case ALL -> "";
        };
    }
}
