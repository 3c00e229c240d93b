package io.wirecost.history;

import java.time.Instant;
import java.util.function.Predicate;

/**
 * Which stored runs a command reads: those measured in a window of time, on one branch, and one side of two-sided
 * runs. A two-sided run ({@code run --candidate-...}) is stored as two runs, its baseline and its candidate, started
 * seconds apart and measuring two configurations: in one series they would alternate, a step at every run that no
 * commit made, so a history is read one side at a time.
 *
 * @param since  the first time kept (null: no bound)
 * @param until  the first time left out (null: no bound)
 * @param branch the branch the runs were stored with (null: any)
 */
public record RunSelection(Instant since, Instant until, String branch, Side side)
        implements Predicate<HistoryStore.Entry> {

    /** Which runs of their configuration a selection keeps. */
    public enum Side {
        /** Runs of one configuration, and the baseline sides of two-sided runs: the code's own history. */
        BASELINE,
        /** Only the candidate sides of two-sided runs. */
        CANDIDATE,
        /** Every run, whatever configuration it measured. */
        ALL;

        boolean holds(HistoryStore.Entry e) {
            boolean candidate = e.facts().configuration().equals("candidate");
            return switch (this) {
                case BASELINE -> !candidate;
                case CANDIDATE -> candidate;
                case ALL -> true;
            };
        }
    }

    /** Every stored run. */
    public static final RunSelection EVERY = new RunSelection(null, null, null, Side.ALL);

    public RunSelection {
        if (side == null) side = Side.BASELINE;
    }

    /** The runs measured at or after {@code since} (null: all), of any branch and side. */
    public static RunSelection since(Instant since) {
        return new RunSelection(since, null, null, Side.ALL);
    }

    @Override
    public boolean test(HistoryStore.Entry e) {
        return inWindow(e) && side.holds(e);
    }

    /** Whether the run would be read but for its side: what a note about the other side counts. */
    public boolean otherSide(HistoryStore.Entry e) {
        return inWindow(e) && !side.holds(e);
    }

    private boolean inWindow(HistoryStore.Entry e) {
        return (since == null || !e.measured().isBefore(since))
                && (until == null || e.measured().isBefore(until))
                && (branch == null || branch.equals(e.branch()));
    }
}
