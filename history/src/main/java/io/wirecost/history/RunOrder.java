package io.wirecost.history;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Where each run stands in one history's order. A run added with an earlier {@code --time} stands by that time, not by
 * its sequence number, so comparisons of runs go through their places here.
 */
public final class RunOrder {
    private final List<HistoryStore.Entry> runs;
    private final Map<Long, Integer> place = new HashMap<>();

    /** @param runs the history's runs in its order, as {@link HistoryStore#runs()} returns them */
    public RunOrder(List<HistoryStore.Entry> runs) {
        this.runs = List.copyOf(runs);
        for (int i = 0; i < this.runs.size(); i++) place.put(this.runs.get(i).seq(), i);
    }

    /** The 0-based place of run {@code seq}; empty where the history does not hold it. */
    public OptionalInt placeOf(long seq) {
        Integer at = place.get(seq);
        return at == null ? OptionalInt.empty() : OptionalInt.of(at);
    }

    /** Run {@code seq}; empty where the history does not hold it. */
    public Optional<HistoryStore.Entry> entry(long seq) {
        Integer at = place.get(seq);
        return at == null ? Optional.empty() : Optional.of(runs.get(at));
    }

    /** Whether the history holds no run. */
    public boolean isEmpty() {
        return runs.isEmpty();
    }

    /** The newest run: the last in the history's order. */
    public HistoryStore.Entry newest() {
        if (runs.isEmpty()) throw new IllegalStateException("the history holds no run");
        return runs.get(runs.size() - 1);
    }
}
