package io.wirecost.agent;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The opt-in artifact counter's state: CPU samples of at most {@code top} artifacts, the rest as
 * {@code other}. Artifacts are an unbounded label set (every jar on a classpath), so the series are
 * bounded here. An artifact is admitted while there is room, largest first within a segment, and stays:
 * each series is a counter that never goes down (a top N recomputed at every scrape would move samples
 * between series). Its samples before admission stay in {@code other}.
 */
final class ArtifactCounts {

    static final String OTHER = "other";

    private final int top;
    private final Map<String, Long> admitted = new LinkedHashMap<>();
    private long other;

    ArtifactCounts(int top) {
        this.top = top;
    }

    /** Adds one segment's samples by artifact. */
    synchronized void add(Map<String, Long> segment) {
        List<Map.Entry<String, Long>> largest = new ArrayList<>(segment.entrySet());
        largest.sort(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()));
        for (Map.Entry<String, Long> e : largest) {
            if (admitted.size() >= top) break;
            if (!e.getKey().equals(OTHER)) admitted.putIfAbsent(e.getKey(), 0L);
        }
        for (Map.Entry<String, Long> e : segment.entrySet()) {
            if (admitted.containsKey(e.getKey())) admitted.merge(e.getKey(), e.getValue(), Long::sum);
            else other += e.getValue();
        }
    }

    /** The admitted artifacts in order of admission, then {@code other}: at most top + 1 entries. */
    synchronized Map<String, Long> snapshot() {
        Map<String, Long> out = new LinkedHashMap<>(admitted);
        out.put(OTHER, other);
        return out;
    }
}
