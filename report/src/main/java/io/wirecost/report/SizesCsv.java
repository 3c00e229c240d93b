package io.wirecost.report;

import io.wirecost.runner.MessageSize;
import io.wirecost.runner.ScenarioResult;
import java.util.List;
import java.util.Locale;

/**
 * {@code sizes.csv}: per scenario and operation, bytes and TCP segments per call, measured on the real
 * connections: {@code scenario,operation,request_bytes,response_bytes,request_wire_bytes,response_wire_bytes,packets_per_call,calls}.
 */
public final class SizesCsv {

    public static final String HEADER =
            "scenario,operation,request_bytes,response_bytes,request_wire_bytes,response_wire_bytes,packets_per_call,calls";

    private SizesCsv() {}

    public static String render(List<ScenarioResult> results) {
        Csv csv = new Csv(HEADER);
        for (ScenarioResult r : results) {
            for (MessageSize m : r.sizes()) {
                csv.row(
                        r.scenario(),
                        m.operation(),
                        bytes(m.requestBytes()),
                        bytes(m.responseBytes()),
                        bytes(m.requestWireBytes()),
                        bytes(m.responseWireBytes()),
                        String.format(Locale.ROOT, "%.2f", m.packetsPerCall()),
                        m.calls());
            }
        }
        return csv.toString();
    }

    private static String bytes(double perCall) {
        return String.format(Locale.ROOT, "%.1f", perCall);
    }
}
