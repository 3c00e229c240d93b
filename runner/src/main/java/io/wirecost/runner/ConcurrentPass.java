package io.wirecost.runner;

import io.wirecost.scenarios.harness.Protocol;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Seed 003's concurrent load ({@code --clients N}), after the single-client method: N client threads in the client
 * JVM, each with its own connection, no think time; per operation, {@value #OPENING_CALLS} untimed calls per client
 * to open its connection, then {@code invocations} timed calls each. The single-client figures stay the papers'
 * method.
 */
final class ConcurrentPass {

    /** {@code --clients N}: the scenario option that asks for the concurrent load. */
    static final String CLIENTS_OPTION = "clients";

    /** Untimed calls per client and operation that open its connection. */
    static final int OPENING_CALLS = 50;

    private ConcurrentPass() {}

    /** Clients asked for: 1 where the option is absent (no concurrent pass). */
    static int clients(RunSettings settings) {
        return Integer.parseInt(settings.scenarioOptions().getOrDefault(CLIENTS_OPTION, "1"));
    }

    /** Per operation, what the client JVM measured (results.json's {@code facts.concurrency}). */
    static List<Map<String, Object>> run(ScenarioContext ctx, int clients) throws ChildJvm.ChildFailure {
        int invocations = ctx.settings().invocations();
        ctx.say(clients + " concurrent clients, " + invocations + " calls each per operation");
        List<Map<String, Object>> out = new ArrayList<>();
        for (String op : ctx.labels()) {
            Map<String, Object> m = new LinkedHashMap<>(ctx.client()
                    .call(
                            new Protocol.Concurrent(clients, OPENING_CALLS, invocations, op),
                            ctx.timeoutFor((long) clients * (OPENING_CALLS + invocations)))
                    .values());
            m.remove("calls_total");
            out.add(m);
        }
        return out;
    }
}
