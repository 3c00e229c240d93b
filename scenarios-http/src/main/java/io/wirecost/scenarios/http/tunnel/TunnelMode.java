package io.wirecost.scenarios.http.tunnel;

import java.util.Locale;

/**
 * Seed 000, Table 2: forced tunnelling always uses HTTP; automatic tunnelling first tries a direct
 * JRMP connection and falls back to HTTP when it is refused or times out, remembering the outcome
 * per host.
 */
public enum TunnelMode {
    FORCED,
    AUTOMATIC;

    public static TunnelMode parse(String value) {
        for (TunnelMode m : values()) if (m.label().equals(value)) return m;
        throw new IllegalArgumentException("tunnel.mode must be forced or automatic, got '" + value + "'");
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
