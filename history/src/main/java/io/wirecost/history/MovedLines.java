package io.wirecost.history;

import io.wirecost.history.ChangePointCheck.MovedLine;
import io.wirecost.history.HistoryStore.Point;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The share lines of a change point's scenario that moved at the same run: each line's values split by the metric's
 * own pieces of history either side, and kept when a t-test between them holds and the move is large enough. It reads
 * other series than the one the change point was found in, with thresholds of its own, so it stands apart from
 * {@link ChangePointCheck}, which only lists what it returns.
 */
final class MovedLines {

    /** Smallest move of a share line, in percentage points, reported beside a change point. */
    static final double MOVED_POINTS = 1.0;

    /** A share line's move is reported when the t-test between its pieces either side gives p below this. */
    static final double MOVED_P = 0.01;

    /** How many moved lines a change point lists, the largest first. */
    static final int MOVED_LINES = 5;

    private MovedLines() {}

    /**
     * The lines of {@code shares} that moved between the runs {@code [from, at)} and {@code [at, to)} of {@code points},
     * {@code metric} itself left out (a share's change point is not a line that moved with it).
     */
    static List<MovedLine> find(
            String metric, List<Point> points, int from, int at, int to, Map<String, List<Point>> shares) {
        String scenario = metric.split("/", -1).length > 1 ? metric.split("/", -1)[1] : "";
        Map<String, Integer> side = new HashMap<>(); // run key -> -1 before, +1 after
        for (int i = from; i < to; i++) side.put(points.get(i).run().facts().key(), i < at ? -1 : 1);
        List<MovedLine> out = new ArrayList<>();
        shares.forEach((line, series) -> {
            String[] parts = line.split("/", -1);
            if (parts.length < 2 || !parts[1].equals(scenario) || line.equals(metric)) return;
            List<Double> before = new ArrayList<>();
            List<Double> after = new ArrayList<>();
            for (Point p : series) {
                Integer s = side.get(p.run().facts().key());
                if (s != null) (s < 0 ? before : after).add(p.figure().value());
            }
            if (before.size() < 2 || after.size() < 2) return;
            double[] all = new double[before.size() + after.size()];
            for (int i = 0; i < before.size(); i++) all[i] = before.get(i);
            for (int i = 0; i < after.size(); i++) all[before.size() + i] = after.get(i);
            EDivisive.ChangePoint t = EDivisive.tTest(all, 0, before.size(), all.length, 0);
            double moved = t.meanAfter() - t.meanBefore();
            if (Math.abs(moved) >= MOVED_POINTS && t.pValue() < MOVED_P)
                out.add(new MovedLine(line, t.meanBefore(), t.meanAfter(), t.pValue()));
        });
        out.sort(Comparator.comparingDouble((MovedLine m) -> -Math.abs(m.changePoints())));
        return out.size() > MOVED_LINES ? List.copyOf(out.subList(0, MOVED_LINES)) : out;
    }
}
