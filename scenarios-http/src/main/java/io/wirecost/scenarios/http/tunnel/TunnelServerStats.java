package io.wirecost.scenarios.http.tunnel;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/** What the HTTP-aware RMI port saw, counted as it happened (reported in results.json). */
public final class TunnelServerStats {

    final LongAdder httpRequests = new LongAdder();
    final LongAdder httpRejected = new LongAdder();
    final LongAdder jrmpDirect = new LongAdder();
    final LongAdder jrmpRefused = new LongAdder();
    final LongAdder timedOut = new LongAdder();

    public long httpRequests() {
        return httpRequests.sum();
    }

    public long httpRejected() {
        return httpRejected.sum();
    }

    public long jrmpDirect() {
        return jrmpDirect.sum();
    }

    public long jrmpRefused() {
        return jrmpRefused.sum();
    }

    public long timedOut() {
        return timedOut.sum();
    }

    public Map<String, String> toMap(String prefix) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(prefix + "httpRequests", String.valueOf(httpRequests()));
        m.put(prefix + "httpRejected", String.valueOf(httpRejected()));
        m.put(prefix + "jrmpDirectConnections", String.valueOf(jrmpDirect()));
        m.put(prefix + "jrmpRefused", String.valueOf(jrmpRefused()));
        m.put(prefix + "timedOut", String.valueOf(timedOut()));
        return m;
    }
}
