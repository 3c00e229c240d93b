package io.wirecost.scenarios.http.servlet;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/** What the forwarding servlet did, counted on the servlet side (reported in results.json). */
public final class ForwardStats {

    final LongAdder forwarded = new LongAdder();
    final LongAdder forbidden = new LongAdder();
    final LongAdder rejected = new LongAdder();
    final LongAdder backendFailures = new LongAdder();

    public long forwarded() {
        return forwarded.sum();
    }

    public long forbidden() {
        return forbidden.sum();
    }

    public long rejected() {
        return rejected.sum();
    }

    public Map<String, String> toMap() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("servlet.forwarded", String.valueOf(forwarded()));
        m.put("servlet.forbidden", String.valueOf(forbidden()));
        m.put("servlet.rejected", String.valueOf(rejected()));
        m.put("servlet.backendFailures", String.valueOf(backendFailures.sum()));
        return m;
    }
}
