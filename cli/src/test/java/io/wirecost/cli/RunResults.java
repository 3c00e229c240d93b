package io.wirecost.cli;

import com.fasterxml.jackson.databind.JsonNode;

/** What the ITs read alike from a scenario of results.json. */
final class RunResults {

    private RunResults() {}

    /**
     * Calls of timed passes the runner timed again because the host's speed moved under them: real calls, which
     * {@code calls_succeeded} counts, and which a test's count of the calls it asked for cannot foresee. Every scenario
     * that reached its timed pass writes the field, 0 where nothing was timed again.
     */
    static long retimedCalls(JsonNode scenario) {
        JsonNode n = scenario.get("facts").get("retimed_calls");
        if (n == null || !n.isIntegralNumber())
            throw new AssertionError("facts.retimed_calls missing: " + scenario.get("facts"));
        return n.asLong();
    }
}
