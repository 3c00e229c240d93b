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

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
