package io.wirecost.attribution;

import java.util.HashMap;
import java.util.Map;

/**
 * One chunk's counted events on their way to the sink: straight through, or summed per (stack, thread)
 * in the tally when the sink only sums; totals per event type are kept per chunk in a long[] so that
 * a sample costs no boxing.
 */
final class EventPassing {
    private final EventSelection selection;
    private final SampleSink sink;
    private final StackTally tally;
    private final Map<String, long[]> perType = new HashMap<>();
    /** The last type's cell: a chunk's events are mostly of one type, whose name is a constant. */
    private String lastType;

    private long[] lastCell;

    EventPassing(EventSelection selection, SampleSink sink, StackTally tally) {
        this.selection = selection;
        this.sink = sink;
        this.tally = tally;
    }

    void pass(String type, RecordedEvents.Counted e) {
        long weight = selection.weight(e);
        if (type != lastType) {
            lastType = type;
            lastCell = perType.computeIfAbsent(type, t -> new long[1]);
        }
        lastCell[0] += weight;
        if (tally != null) {
            tally.add(e.stackTraceId, e.tid, weight);
        } else {
            sink.sample(e.stackTraceId, e.tid, e.time, weight);
        }
    }

    void finish(Map<String, Long> counts) {
        if (tally != null) tally.drainTo(sink);
        perType.forEach((type, w) -> counts.merge(type, w[0], Long::sum));
    }
}
