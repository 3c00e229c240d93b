package io.wirecost.scenarios.http.servlet;

/** What the forwarding servlet did with a request, counted on the servlet side (reported in results.json). */
public enum Forwarded {
    FORWARDED,
    FORBIDDEN,
    REJECTED,
    BACKEND_FAILURES
}
