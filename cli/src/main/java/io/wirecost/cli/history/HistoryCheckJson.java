package io.wirecost.cli.history;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.wirecost.history.ChangePointCheck;
import io.wirecost.history.ChangePointCheck.Found;
import java.util.List;
import java.util.Set;

/**
 * {@code history check --format json}: one object per change point found. Scripts read these field names, so the
 * shape lives apart from the text report, which is free to change its wording.
 */
final class HistoryCheckJson {

    private HistoryCheckJson() {}

    /**
     * {@code scaled}: the metrics whose figures per call were read at the host's median speed ({@code --host-scaling
     * median}), which each change point's {@code host_scaled} says of its own means.
     */
    static String of(List<Found> found, Set<String> scaled) throws Exception {
        ObjectMapper om = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ArrayNode list = om.createArrayNode();
        for (Found f : found) {
            ObjectNode o = list.addObject();
            o.put("metric", f.metric());
            o.put("unit", f.unit());
            o.put("host_scaled", scaled.contains(f.metric()));
            o.put("commit", f.run().commit());
            o.put("position", f.position());
            o.put("run", f.run().seq());
            // the last run before the change: what a CI job builds and re-measures beside its own (docs/history.md)
            o.put("commit_before", f.runBefore().commit());
            o.put("run_before", f.runBefore().seq());
            o.put("time", f.run().measured().toString());
            segment(o.putObject("before"), f.before());
            segment(o.putObject("after"), f.after());
            o.put("change_percent", f.changePercent());
            o.put("p_value", f.pValue());
            o.put("regression", f.regression());
            o.put("newest", f.newest());
            o.put("attributed_to", f.attributedTo());
            if (f.machine().isEmpty()) o.putNull("machine");
            else o.put("machine", f.machine());
            o.put("confirming_runs", f.confirming());
            o.put("confirmed", f.confirmed());
            o.put("significant", f.significant());
            if (f.cleared().isEmpty()) o.putNull("cleared");
            else o.put("cleared", f.cleared());
            o.put("gates", f.gates());
            ArrayNode moved = o.putArray("moved");
            for (ChangePointCheck.MovedLine m : f.moved()) {
                moved.addObject()
                        .put("metric", m.metric())
                        .put("before", m.before())
                        .put("after", m.after())
                        .put("change_points", m.changePoints())
                        .put("p_value", m.pValue());
            }
        }
        return om.writeValueAsString(list) + "\n";
    }

    private static void segment(ObjectNode o, ChangePointCheck.Segment s) {
        o.put("mean", s.mean());
        if (Double.isNaN(s.low())) {
            o.putNull("ci_low");
            o.putNull("ci_high");
        } else {
            o.put("ci_low", s.low());
            o.put("ci_high", s.high());
        }
        o.put("runs", s.runs());
    }
}
