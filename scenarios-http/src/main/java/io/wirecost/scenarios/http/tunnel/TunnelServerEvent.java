package io.wirecost.scenarios.http.tunnel;

/** What the HTTP-aware RMI port saw, counted as it happened (reported in results.json). */
public enum TunnelServerEvent {
    HTTP_REQUESTS,
    HTTP_REJECTED,
    JRMP_DIRECT_CONNECTIONS,
    JRMP_REFUSED,
    TIMED_OUT
}
