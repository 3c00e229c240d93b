package io.wirecost.scenarios.ws.security;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import org.apache.wss4j.common.ext.WSSecurityException;

/**
 * The server side's WS-Security state: its securer and verifier, the requests it verified, and a
 * record of refusals (count and the last detailed reason), which the server reports in its info and
 * tests read.
 */
public final class ServerSecurity {

    /** Clients are the run's client certificate's subject, issued by the run's CA. */
    public static final String CLIENT_SUBJECT = "CN=wirecost-client";

    private final MessageSecurer securer;
    private final MessageVerifier verifier;
    private final LongAdder verified = new LongAdder();
    private final LongAdder refused = new LongAdder();
    private volatile String lastRefusal = "";

    public ServerSecurity(WssKeys serverKeys, WssSuite suite) {
        this.verifier = new MessageVerifier(serverKeys, suite, CLIENT_SUBJECT, null);
        this.securer = new MessageSecurer(serverKeys, suite);
    }

    MessageSecurer securer() {
        return securer;
    }

    MessageVerifier verifier() {
        return verifier;
    }

    void verified() {
        verified.increment();
    }

    void refused(Exception e) {
        refused.increment();
        lastRefusal = e instanceof WSSecurityException ? e.getMessage() : e.toString();
    }

    public Map<String, String> info() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("wss.verified", String.valueOf(verified.sum()));
        m.put("wss.refused", String.valueOf(refused.sum()));
        m.put("wss.lastRefusal", lastRefusal);
        return m;
    }
}
