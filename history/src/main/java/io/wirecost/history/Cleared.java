package io.wirecost.history;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A stretch of one scenario's history measured again and not borne out ({@code history clear}): the commit before a
 * change point that failed the check and the build of the newest run, run one straight after the other, and
 * {@code diff} found no regression between them. Two runs measured together do not drift apart as runs hours apart do,
 * so a change point of the scenario's figures inside the stretch is the machine's drift, to {@code diff}'s
 * resolution, and {@code history check} reports it as cleared instead of failing on it in every job after.
 *
 * @param scenario     the scenario whose figures the stretch covers
 * @param fromSeq      the first run after the change point that failed the check
 * @param throughSeq   the newest run when it was measured again: the build compared with the commit before
 * @param commitBefore the commit measured beside it; null where the history does not know it
 * @param evidence     what was compared and found, in words
 * @param added        when it was recorded
 */
public record Cleared(
        String scenario, long fromSeq, long throughSeq, String commitBefore, String evidence, Instant added) {

    /** The scenario a gating metric belongs to: its second part ({@code cpu/rmi/all/int}, {@code rtt/rmi/int}). */
    public static Optional<String> scenarioOf(String metric) {
        String[] parts = metric.split("/", -1);
        return parts.length >= 3 && !parts[1].isEmpty() ? Optional.of(parts[1]) : Optional.empty();
    }

    /** How {@code history check} names it: {@code measured again beside 98c8f84 through run 36, 2026-12-07: ...}. */
    public String words() {
        return "measured again beside "
                + (commitBefore == null ? "the commit before it" : HistoryStore.shortCommit(commitBefore))
                + " through run " + throughSeq + ", " + added.toString().substring(0, 10) + ": " + evidence;
    }

    /** The stretches that cover change points, for one history's order of runs. */
    public static final class Covering {
        private final List<Cleared> stretches;
        private final RunOrder order;

        public Covering(List<Cleared> stretches, List<HistoryStore.Entry> history) {
            this.stretches = List.copyOf(stretches);
            this.order = new RunOrder(history);
        }

        /**
         * The stretch that covers run {@code seq} of this metric's scenario, in the history's order (runs added with an
         * earlier --time fall inside a stretch by where they stand, not by when they were added); the latest recorded
         * where several do.
         */
        public Optional<Cleared> of(String metric, long seq) {
            Optional<String> scenario = scenarioOf(metric);
            OptionalInt at = order.placeOf(seq);
            if (scenario.isEmpty() || at.isEmpty()) return Optional.empty();
            Cleared found = null;
            for (Cleared c : stretches) {
                OptionalInt from = order.placeOf(c.fromSeq);
                OptionalInt through = order.placeOf(c.throughSeq);
                if (c.scenario.equals(scenario.get())
                        && from.isPresent()
                        && through.isPresent()
                        && from.getAsInt() <= at.getAsInt()
                        && at.getAsInt() <= through.getAsInt()) found = c;
            }
            return Optional.ofNullable(found);
        }
    }
}
