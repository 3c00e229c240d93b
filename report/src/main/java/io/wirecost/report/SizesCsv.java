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
        StringBuilder sb = new StringBuilder(HEADER).append('\n');
        for (ScenarioResult r : results) {
            for (MessageSize m : r.sizes()) {
                sb.append(String.format(
                        Locale.ROOT,
                        "%s,%s,%.1f,%.1f,%.1f,%.1f,%.2f,%d%n",
                        r.scenario(),
                        m.operation(),
                        m.requestBytes(),
                        m.responseBytes(),
                        m.requestWireBytes(),
                        m.responseWireBytes(),
                        m.packetsPerCall(),
                        m.calls()));
            }
        }
        return sb.toString();
    }
}
